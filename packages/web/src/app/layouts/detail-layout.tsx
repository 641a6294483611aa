import { IconArrowLeft } from '@tabler/icons-react';
import { Outlet, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currentHandle } from '../route-handle';
import { HeaderLink } from './header-link';
import { LayoutFrame, type LayoutProps } from './layout-frame';
import classes from './layouts.module.css';
import { useRouteTitle } from './use-route-title';

/** Detail layout: a narrow container under a title, with a back link when the route names one. */
export function DetailLayout({ children }: LayoutProps) {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const { backTo } = currentHandle(useMatches());
  return (
    <LayoutFrame
      size={560}
      header={
        <>
          {backTo && (
            <HeaderLink
              to={backTo}
              label={t('header.back')}
              icon={<IconArrowLeft size={24} />}
              color="gray"
            />
          )}
          <h1 className={classes.title}>{title}</h1>
        </>
      }
    >
      {children ?? <Outlet />}
    </LayoutFrame>
  );
}
