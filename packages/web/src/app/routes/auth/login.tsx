import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useAppInfo } from '../../../features/info/api/get-app-info';
import { paths } from '../../paths';

/**
 * /login. After signing in, the route guard takes over: it sends the member to the `redirect`
 * query (the page they wanted) or to /, where the account is loaded.
 */
export function LoginRoute() {
  const { t } = useTranslation(['auth', 'common']);
  const info = useAppInfo();
  return (
    <Stack gap="lg" pt="xl">
      <Stack align="center" gap="xs">
        {info?.logoUrl && (
          <img src={info.logoUrl} alt="" style={{ height: 72, maxWidth: '60%', objectFit: 'contain' }} />
        )}
        <Title order={1} ta="center">
          {t('login.welcome', { appName: info?.appName ?? t('common:productName') })}
        </Title>
        <Text c="dimmed" ta="center">
          {t('login.intro')}
        </Text>
      </Stack>
      <Paper withBorder shadow="xs" p="lg" radius="md">
        <LoginForm />
        <Anchor
          component={Link}
          to={paths.requestReset.getHref()}
          size="sm"
          display="flex"
          mt="xs"
          className="pluk-touch-link"
        >
          {t('login.forgot')}
        </Anchor>
      </Paper>
      <Text ta="center" size="sm">
        {t('login.noAccount')}{' '}
        <Anchor component={Link} to={paths.register.getHref()} fw={600} className="pluk-touch-link">
          {t('login.register')}
        </Anchor>
      </Text>
    </Stack>
  );
}
