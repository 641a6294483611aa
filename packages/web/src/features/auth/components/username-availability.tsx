import { Loader, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type Availability = 'idle' | 'checking' | 'available' | 'taken';

/**
 * The line under the username field while typing: checking, or free ("taken" is the field's error).
 * The live region is always there, so screen readers announce each change of its text.
 */
export function UsernameAvailability({ state }: { state: Availability }) {
  const { t } = useTranslation('auth');
  return (
    <span aria-live="polite">
      {state === 'checking' && (
        <Text size="xs" c="dimmed" component="span">
          <Loader size={10} mr={6} aria-hidden />
          {t('register.usernameChecking')}
        </Text>
      )}
      {state === 'available' && (
        <Text size="xs" c="var(--pluk-color-success)" component="span">
          <IconCheck size={12} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
          {t('register.usernameAvailable')}
        </Text>
      )}
    </span>
  );
}
