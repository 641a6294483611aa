import { IconArrowLeft, IconHome, IconTractor } from '@tabler/icons-react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../paths';
import { HeaderLink } from './header-link';
import { LayoutFrame, type LayoutProps } from './layout-frame';
import classes from './layouts.module.css';
import { useRouteTitle } from './use-route-title';

/**
 * The back target of the manager layout (docs/product/api-and-routes.md, "Screens and layouts"): shown when
 * the path has more than two segments, and it goes up one path level.
 * `/applicationManager/users/waiting-list` → `/applicationManager/users`.
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
            <HeaderLink
              to={backTo}
              label={t('header.back')}
              icon={<IconArrowLeft size={24} />}
              color="gray.0"
            />
          )}
          <h1 className={classes.title}>{title}</h1>
          <HeaderLink
            to={paths.home.getHref()}
            label={t('header.home')}
            icon={<IconHome size={24} />}
            color="gray.0"
            tooltip
          />
          <HeaderLink
            to={paths.manager.home.getHref()}
            label={t('header.manager')}
            icon={<IconTractor size={24} />}
            color="gray.0"
            tooltip
          />
        </>
      }
    >
      {children ?? <Outlet />}
    </LayoutFrame>
  );
}
