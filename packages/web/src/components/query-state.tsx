import { Alert, Button, Card, Center, Group, Loader, Skeleton, Stack } from '@mantine/core';
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

/**
 * The loading state of a list of cards (decision 089): grey cards in the shape of what comes, so the
 * screen does not jump when it arrives. `photo` adds the square photo of crops and offers.
 */
export function ListSkeleton({ count = 3, photo = false }: { count?: number; photo?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-label={t('states.loading')} data-pluk-skeleton>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} withBorder radius="md" padding="sm" aria-hidden>
          <Group wrap="nowrap" align="flex-start" gap="sm">
            {photo && <Skeleton h={72} w={72} radius="md" style={{ flexShrink: 0 }} />}
            <Stack gap={10} style={{ flex: 1 }} py={4}>
              <Skeleton h={14} w="65%" radius="sm" />
              <Skeleton h={10} w="90%" radius="sm" />
              <Skeleton h={10} w="40%" radius="sm" />
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
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
