import { Alert, Button, Center, Loader } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/form';

/** The loading state of a page or section. */
export function LoadingState() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-label={t('states.loading')}>
      <Loader />
    </Center>
  );
}

/** The error state of a page or section, with a retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={t('states.errorTitle')}>
      {errorText(error)}
      {onRetry && (
        <Button mt="sm" size="sm" variant="default" display="block" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      )}
    </Alert>
  );
}
