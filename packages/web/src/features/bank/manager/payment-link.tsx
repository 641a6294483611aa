import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The link a member pays with, without logging in: shown whole, and copied with one tap. */
export function PaymentLink({ href }: { href: string }) {
  const { t } = useTranslation('bankManager');
  return (
    <Stack gap="xs">
      <TextInput
        label={t('link.label')}
        description={t('link.help')}
        readOnly
        value={href}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={href}>
        {({ copied, copy }) => (
          <Group gap="sm">
            <Button
              variant="light"
              onClick={copy}
              leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            >
              {t('link.copy')}
            </Button>
            {/* Said aloud too: the button's own text stays, so its name never changes under the finger. */}
            <Text size="sm" c="dimmed" aria-live="polite">
              {copied ? t('link.copied') : ''}
            </Text>
          </Group>
        )}
      </CopyButton>
    </Stack>
  );
}
