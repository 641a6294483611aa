import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPlant2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Shown when the app info cannot be loaded because no answer came back (docs/product/settings-and-farms.md,
 * "Start-up").
 */
export function UpdateScreen() {
  const { t } = useTranslation();
  return (
    <Stack component="main" align="center" justify="center" mih="100dvh" p="xl" gap="lg" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light">
        <IconPlant2 size={36} aria-hidden />
      </ThemeIcon>
      <Text size="lg" maw={360} role="alert">
        {t('boot.updating')}
      </Text>
      <Button variant="light" onClick={() => window.location.reload()}>
        {t('actions.retry')}
      </Button>
    </Stack>
  );
}
