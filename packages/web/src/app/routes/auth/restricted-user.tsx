import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppStore } from '../../../lib/store';
import { paths } from '../../paths';
import { useAppInfo } from '../../../features/info/api/get-app-info';
import { useAccount } from '../../../features/user/api/get-account';
import { useSignOut } from '../../use-sign-out';

/**
 * /RestrictedUserPage: a signed-in user who is not (or no longer) approved and active. Public too
 * (decision 091): a visitor (someone who just registered, or followed a link) reads what waiting
 * for approval means and finds the way to log in.
 */
export function RestrictedUserRoute() {
  const { t } = useTranslation(['auth', 'common']);
  const loggedIn = useAppStore((state) => state.auth.loggedIn);
  const account = useAccount();
  const info = useAppInfo();
  const signOut = useSignOut();
  const appName = info?.appName ?? t('common:productName');
  const waiting = account.data ? !account.data.isApproved : true;

  return (
    <Stack align="center" gap="md" pt="xl" ta="center">
      <ThemeIcon size={72} radius="xl" variant="light">
        <IconHourglass size={40} />
      </ThemeIcon>
      <Title order={1} size="h2">
        {waiting ? t('restricted.title') : t('restricted.inactiveTitle')}
      </Title>
      <Text maw={420}>
        {!loggedIn
          ? t('restricted.visitorText', { appName })
          : waiting
            ? t('restricted.text', { firstName: account.data?.firstName ?? '', appName })
            : t('restricted.inactiveText', { appName })}
      </Text>
      {loggedIn ? (
        <>
          <Button variant="light" loading={account.isFetching} onClick={() => void account.refetch()}>
            {t('restricted.check')}
          </Button>
          <Button variant="subtle" onClick={() => void signOut()}>
            {t('common:actions.logout')}
          </Button>
        </>
      ) : (
        <Button component={Link} to={paths.login.getHref()} variant="light">
          {t('common:actions.toLogin')}
        </Button>
      )}
    </Stack>
  );
}
