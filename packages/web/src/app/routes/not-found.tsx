import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../lib/store';
import { paths } from '../paths';

/** The catch-all page: also what the footer tabs whose screens come later lead to. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  const loggedIn = useAppStore((state) => state.auth.loggedIn);
  return (
    <Stack align="center" gap="md" pt="xl" ta="center">
      <ThemeIcon size={72} radius="xl" variant="light" color="gray">
        <IconMapOff size={40} />
      </ThemeIcon>
      <Title order={2}>{t('notFound.title')}</Title>
      <Text maw={420}>{t('notFound.text')}</Text>
      <Button component={Link} to={loggedIn ? paths.home.getHref() : paths.login.getHref()}>
        {loggedIn ? t('actions.toHome') : t('actions.toLogin')}
      </Button>
    </Stack>
  );
}
