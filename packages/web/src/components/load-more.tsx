import { Button, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from './form-error';
import { useErrorText } from '../lib/form';

/**
 * Below a paged list: "12 van 45" and a "Meer laden" button while rows are left. The count is announced
 * politely, so a screen reader hears the list grow; a failed load says why and the button retries.
 */
export function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  error,
  onLoad,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  error?: unknown;
  onLoad: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const countId = useId();
  if (!hasMore && total <= shown) return null;
  return (
    <Stack gap={6} align="center">
      <Text size="sm" c="dimmed" id={countId} aria-live="polite">
        {t('paging.shown', { shown, total })}
      </Text>
      {hasMore && (
        <Button
          variant="light"
          leftSection={<IconChevronDown size={18} aria-hidden />}
          loading={loading}
          aria-describedby={countId}
          onClick={onLoad}
        >
          {t('paging.more')}
        </Button>
      )}
      {error ? <FormError>{errorText(error)}</FormError> : null}
    </Stack>
  );
}
