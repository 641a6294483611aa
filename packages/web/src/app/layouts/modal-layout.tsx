import { ActionIcon } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LayoutFrame, type LayoutProps } from './layout-frame';
import classes from './layouts.module.css';
import { useRouteTitle } from './use-route-title';

/** The path one level up, used when there is no history to go back to (a link opened directly). */
export function parentPath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  return `/${segments.slice(0, -1).join('/')}`;
}

/** Goes back one step in the history, or up one level when this page was opened first. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const { pathname, key } = useLocation();
  return () => {
    // React Router gives the first entry of a session the key 'default': nothing to go back to.
    if (key !== 'default') void navigate(-1);
    else void navigate(parentPath(pathname), { replace: true });
  };
}

/** Modal layout: a close button (back one step) and the title. */
export function ModalLayout({ children }: LayoutProps) {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const goBack = useGoBack();
  return (
    <LayoutFrame
      size="sm"
      header={
        <>
          <ActionIcon variant="subtle" color="gray" size="xl" onClick={goBack} aria-label={t('header.close')}>
            <IconX size={24} />
          </ActionIcon>
          <h1 className={classes.title}>{title}</h1>
        </>
      }
    >
      {children ?? <Outlet />}
    </LayoutFrame>
  );
}
