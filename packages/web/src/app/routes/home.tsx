import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../features/info/api/get-app-info';
import { useAccount } from '../../features/user/api/get-account';

/** The member home (/). Its feed (tasks, requests, offers, post, event, weather) comes later. */
export function HomeRoute() {
  const { t } = useTranslation();
  const account = useAccount().data;
  const info = useAppInfo();
  if (!account) return null;
  return (
    <Stack gap="xs" py="md">
      <Title order={2}>{t('home.greeting', { firstName: account.firstName })}</Title>
      <Text c="dimmed">{t('home.welcome', { appName: info?.appName ?? t('productName') })}</Text>
    </Stack>
  );
}
