import { Loader, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type Availability = 'idle' | 'checking' | 'available' | 'taken';

/** The line under the username field while typing: checking, free, or taken. */
export function UsernameAvailability({ state }: { state: Availability }) {
  const { t } = useTranslation('auth');
  if (state === 'checking') {
    return (
      <Text size="xs" c="dimmed" component="span" aria-live="polite">
        <Loader size={10} mr={6} />
        {t('register.usernameChecking')}
      </Text>
    );
  }
  if (state === 'available') {
    return (
      <Text size="xs" c="var(--pluk-color-success)" component="span" aria-live="polite">
        <IconCheck size={12} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
        {t('register.usernameAvailable')}
      </Text>
    );
  }
  return null;
}
