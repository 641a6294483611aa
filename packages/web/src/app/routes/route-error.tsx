import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** What shows when a screen fails to render (or a code-split screen fails to load). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error('Pluk: a screen failed', error), [error]);
  return (
    <Stack component="main" align="center" justify="center" mih="100dvh" p="xl" gap="md" ta="center">
      <ThemeIcon size={72} radius="xl" variant="light" color="red">
        <IconAlertTriangle size={40} aria-hidden />
      </ThemeIcon>
      <Title order={1} size="h2">
        {t('routeError.title')}
      </Title>
      <Text maw={420}>{t('routeError.text')}</Text>
      <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
    </Stack>
  );
}
