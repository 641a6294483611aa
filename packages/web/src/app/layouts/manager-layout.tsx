import { ActionIcon, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconHome, IconTractor } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../paths';
import { LayoutFrame, type LayoutProps } from './layout-frame';
import classes from './layouts.module.css';
import { useRouteTitle } from './use-route-title';

/**
 * The back target of the manager layout (product-spec §2): shown when the path has more than two
 * segments, and it goes up one path level. `/applicationManager/users/waiting-list` → `/applicationManager/users`.
 */
export function managerBackTarget(pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length <= 2) return null;
  return `/${segments.slice(0, -1).join('/')}`;
}

/** Application-manager layout: dark header with back, title, home and manager shortcuts; empty footer. */
export function ManagerLayout({ children }: LayoutProps) {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const backTo = managerBackTarget(useLocation().pathname);

  return (
    <LayoutFrame
      size="lg"
      dark
      header={
        <>
          {backTo && (
            <ActionIcon
              component={Link}
              to={backTo}
              variant="subtle"
              color="gray.0"
              size="xl"
              aria-label={t('header.back')}
            >
              <IconArrowLeft size={24} />
            </ActionIcon>
          )}
          <h1 className={classes.title}>{title}</h1>
          <Tooltip label={t('header.home')}>
            <ActionIcon
              component={Link}
              to={paths.home.getHref()}
              variant="subtle"
              color="gray.0"
              size="xl"
              aria-label={t('header.home')}
            >
              <IconHome size={24} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('header.manager')}>
            <ActionIcon
              component={Link}
              to={paths.manager.home.getHref()}
              variant="subtle"
              color="gray.0"
              size="xl"
              aria-label={t('header.manager')}
            >
              <IconTractor size={24} />
            </ActionIcon>
          </Tooltip>
        </>
      }
    >
      {children ?? <Outlet />}
    </LayoutFrame>
  );
}
