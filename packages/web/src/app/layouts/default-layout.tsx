import { ActionIcon, Avatar, Button } from '@mantine/core';
import {
  IconBuildingStore,
  IconCalendarEvent,
  IconChecklist,
  IconHome,
  IconPlant2,
  IconTractor,
  type Icon,
} from '@tabler/icons-react';
import { hasRoles } from '@pluk/contract';
import { Link, NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../features/info/api/get-app-info';
import { useNotificationBell } from '../../features/notification/components/notification-bell';
import { useAccount } from '../../features/user/api/get-account';
import { useAvatarUrl } from '../../features/user/api/get-avatar';
import { useAppStore } from '../../lib/store';
import { paths } from '../paths';
import { HeaderLink } from './header-link';
import { LayoutFrame, type LayoutProps } from './layout-frame';
import classes from './layouts.module.css';
import { useRouteTitle } from './use-route-title';

interface Tab {
  to: string;
  labelKey: 'tabs.home' | 'tabs.pluk' | 'tabs.events' | 'tabs.market' | 'tabs.tasks';
  icon: Icon;
}

/** The footer tabs, in their order (docs/product/api-and-routes.md, "Screens and layouts"). */
export const footerTabs: Tab[] = [
  { to: paths.home.getHref(), labelKey: 'tabs.home', icon: IconHome },
  { to: paths.pluk.getHref(), labelKey: 'tabs.pluk', icon: IconPlant2 },
  { to: paths.events.getHref(), labelKey: 'tabs.events', icon: IconCalendarEvent },
  { to: paths.market.getHref(), labelKey: 'tabs.market', icon: IconBuildingStore },
  { to: paths.tasks.getHref(), labelKey: 'tabs.tasks', icon: IconChecklist },
];

function FooterTabs() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <nav className={classes.tabs} aria-label={t('tabs.label')}>
        {footerTabs.map(({ to, labelKey, icon: TabIcon }) => (
          <NavLink key={to} to={to} end={to === '/'} className={classes.tab}>
            <TabIcon size={24} stroke={1.6} aria-hidden />
            <span>{t(labelKey)}</span>
          </NavLink>
        ))}
      </nav>
    </footer>
  );
}

function AccountLink() {
  const { t } = useTranslation();
  const account = useAccount().data;
  const avatarUrl = useAvatarUrl(account?.hasAvatar ?? false, account?.avatarVersion ?? null);
  if (!account) return null;
  return (
    <ActionIcon
      component={Link}
      to={paths.account.root.getHref()}
      variant="transparent"
      size="xl"
      aria-label={t('header.account')}
      title={t('header.account')}
    >
      {/* The photo, or Mantine's person icon: no initials, so the name is exactly "Mijn account". */}
      <Avatar src={avatarUrl} size={36} radius="xl" color="brand" alt="" aria-hidden />
    </ActionIcon>
  );
}

/** The bell to /notifications with the unread badge (polled every minute and on focus). */
function NotificationsLink() {
  const bell = useNotificationBell(true);
  return <HeaderLink to={paths.notifications.getHref()} label={bell.label} icon={bell.icon} tooltip />;
}

/** Member layout: app logo and title, the labelled 'Beheer' link for staff, the bell, the account; footer tabs. */
export function DefaultLayout({ children }: LayoutProps) {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const info = useAppInfo();
  const loggedIn = useAppStore((state) => state.auth.loggedIn);
  const account = useAccount().data;
  const showTractor = account !== undefined && hasRoles(account.roles);
  const isMember = loggedIn && account !== undefined && account.isApproved && account.isActive;

  return (
    <LayoutFrame
      size="md"
      footer={loggedIn ? <FooterTabs /> : undefined}
      header={
        <>
          {info?.logoUrl && <img src={info.logoUrl} alt={info.appName} className={classes.logo} />}
          <h1 className={classes.title}>{title}</h1>
          {showTractor && (
            // A word, not only the tractor (decision 092): staff find their cockpit by its name.
            <Button
              component={Link}
              to={paths.manager.home.getHref()}
              variant="light"
              size="compact-md"
              px={8}
              leftSection={<IconTractor size={22} stroke={1.6} aria-hidden />}
              className={classes.managerLink}
            >
              {t('header.manager')}
            </Button>
          )}
          {isMember && <NotificationsLink />}
          {loggedIn && <AccountLink />}
        </>
      }
    >
      {children ?? <Outlet />}
    </LayoutFrame>
  );
}
