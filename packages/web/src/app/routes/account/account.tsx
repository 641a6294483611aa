import { Button, Card, NavLink, Stack, Text, Title } from '@mantine/core';
import {
  IconAddressBook,
  IconBell,
  IconBasket,
  IconChecklist,
  IconChevronRight,
  IconHeartHandshake,
  IconId,
  IconKey,
  IconLogout,
  IconMessageCircle,
  IconShieldLock,
  IconStar,
  IconUserEdit,
  IconWallet,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AvatarUpload } from '../../../features/user/components/avatar-upload';
import { CalendarCard } from '../../../features/user/components/calendar-card';
import { notifications } from '@mantine/notifications';
import { useAccount } from '../../../features/user/api/get-account';
import { useCancelEmailChange } from '../../../features/user/api/cancel-email-change';
import { PendingEmailNotice } from '../../../components/pending-email-notice';
import { useErrorText } from '../../../lib/form';
import { paths } from '../../paths';
import { useSignOut } from '../../use-sign-out';

const menu = [
  { to: paths.account.edit.getHref(), labelKey: 'menu.edit', icon: IconUserEdit },
  { to: paths.account.membership.getHref(), labelKey: 'subscription:titles.membership', icon: IconId },
  { to: paths.account.editPassword.getHref(), labelKey: 'menu.password', icon: IconKey },
  { to: paths.account.data.getHref(), labelKey: 'menu.data', icon: IconAddressBook },
  { to: paths.account.privacy.getHref(), labelKey: 'menu.privacy', icon: IconShieldLock },
  { to: paths.notifications.getHref(), labelKey: 'notifications:titles.inbox', icon: IconBell },
  { to: paths.account.feedback.getHref(), labelKey: 'feedback:titles.mine', icon: IconMessageCircle },
  { to: paths.account.tasks.getHref(), labelKey: 'tasks:titles.mine', icon: IconChecklist },
  { to: paths.account.credits.getHref(), labelKey: 'tasks:titles.credits', icon: IconStar },
  { to: paths.wallet.getHref(), labelKey: 'wallet:titles.wallet', icon: IconWallet },
  { to: paths.account.market.getHref(), labelKey: 'menu.orders', icon: IconBasket },
  { to: paths.account.requests.getHref(), labelKey: 'requests:titles.mine', icon: IconHeartHandshake },
] as const;

const menuStyles = {
  root: { flexWrap: 'wrap' },
  body: { flex: '1 1 min-content', minWidth: 0 },
} as const;

/** /account: who I am, my avatar, and the menu of what exists. */
export function AccountRoute() {
  const { t } = useTranslation([
    'user',
    'common',
    'emailChange',
    'notifications',
    'feedback',
    'tasks',
    'wallet',
    'requests',
    'subscription',
  ]);
  const account = useAccount().data;
  const signOut = useSignOut();
  const cancel = useCancelEmailChange();
  const errorText = useErrorText();
  if (!account) return null;
  return (
    <Stack gap="lg">
      <Stack align="center" gap={4}>
        <AvatarUpload account={account} />
        <Title order={2} mt="xs" ta="center" className="pluk-wrap">
          {account.firstName} {account.lastName}
        </Title>
        {/* Centred, yet never wider than the page: a long e-mail address breaks at 200 % text. */}
        <Text c="dimmed" size="sm" ta="center" maw="100%" className="pluk-wrap">
          {account.username} · {account.email}
        </Text>
      </Stack>
      {account.pendingEmail && (
        <PendingEmailNotice
          self
          pendingEmail={account.pendingEmail}
          currentEmail={account.email}
          cancelling={cancel.isPending}
          onCancel={() =>
            cancel.mutate(undefined, {
              onSuccess: () => notifications.show({ color: 'brand', message: t('emailChange:cancelled') }),
              onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
            })
          }
        />
      )}
      <Card withBorder radius="md" padding={0}>
        {menu.map(({ to, labelKey, icon: Icon }) => (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={t(labelKey)}
            leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
            rightSection={<IconChevronRight size={16} aria-hidden />}
            py="md"
            // The label keeps its longest word beside the icon; at 200 % text the chevron moves under it
            // instead ('contactgegevens' whole, decision 089).
            styles={menuStyles}
          />
        ))}
      </Card>
      <CalendarCard />
      <Button
        variant="light"
        color="red"
        leftSection={<IconLogout size={18} aria-hidden />}
        onClick={() => void signOut()}
      >
        {t('common:actions.logout')}
      </Button>
    </Stack>
  );
}
