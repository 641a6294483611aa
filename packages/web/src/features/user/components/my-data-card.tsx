import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { formatMoment } from '../../../lib/dates';
import { useErrorText } from '../../../lib/form';
import { useDownloadMyData, useMyData, useRequestMyData } from '../api/my-data';

/**
 * 'Mijn gegevens' on /account/privacy (decision 101): a ZIP with everything the farm keeps about me,
 * prepared in the background; while that runs the card says so and looks again every few seconds.
 * The ZIP stays 24 hours; the e-mail and the notification point back here. An Admin working as the
 * member sees the state but no buttons: the server refuses them that (403).
 */
export function MyDataCard({ impersonated = false }: { impersonated?: boolean }) {
  const { t } = useTranslation(['user', 'common']);
  const errorText = useErrorText();
  const state = useMyData();
  const request = useRequestMyData();
  const download = useDownloadMyData();
  const item = state.data?.export ?? null;
  const preparing = item?.status === 'preparing';
  const ready = item?.status === 'ready' && !item.expired;

  const ask = () =>
    request.mutate(undefined, {
      onSuccess: (answer) => {
        if (!answer.queued) notifications.show({ color: 'brand', message: t('myData.alreadyPreparing') });
      },
    });

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="my-data-title">
      <Stack gap="sm">
        <Title order={2} id="my-data-title" size="h4">
          {t('myData.title')}
        </Title>
        <Text size="sm">{t('myData.intro')}</Text>
        {state.isError && <FormError>{errorText(state.error)}</FormError>}
        <div role="status" aria-live="polite">
          {preparing && (
            <Group gap="sm" wrap="nowrap">
              <Loader size="sm" aria-hidden />
              <Text size="sm">{t('myData.preparing')}</Text>
            </Group>
          )}
          {ready && item.expiresAt && (
            <Alert color="brand" variant="light" p="sm">
              <Text size="sm">{t('myData.ready', { until: formatMoment(item.expiresAt) })}</Text>
            </Alert>
          )}
          {item?.status === 'ready' && item.expired && (
            <Text size="sm" c="dimmed">
              {t('myData.expired')}
            </Text>
          )}
          {item?.status === 'failed' && (
            <Text size="sm" c="red.8">
              {t('myData.failed')}
            </Text>
          )}
        </div>
        {impersonated ? (
          <Text size="sm" c="dimmed">
            {t('myData.memberOnly')}
          </Text>
        ) : ready ? (
          <Button
            leftSection={<IconFileZip size={18} aria-hidden />}
            loading={download.isPending}
            onClick={() =>
              download.mutate(item, {
                onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
              })
            }
          >
            {t('myData.download')}
          </Button>
        ) : (
          <Button
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={request.isPending}
            disabled={preparing}
            onClick={ask}
          >
            {t('myData.request')}
          </Button>
        )}
        {request.isError && <FormError>{errorText(request.error)}</FormError>}
      </Stack>
    </Card>
  );
}
