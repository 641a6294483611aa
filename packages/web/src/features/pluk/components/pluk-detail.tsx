import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import type { PlukDetail } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { isApiError } from '../../../lib/errors';
import { MediaImage } from '../../media/components/media-image';
import { usePlukDetail } from '../api/get-pluk-detail';

function Photos({ detail }: { detail: PlukDetail }) {
  const { t } = useTranslation('pluk');
  const [cover, ...rest] = detail.photoIds;
  if (cover === undefined) return null;
  return (
    <Stack gap="xs">
      <MediaImage id={cover} alt={t('detail.photo', { name: detail.name, number: 1 })} height={220} />
      {rest.length > 0 && (
        <SimpleGrid cols={3} spacing="xs">
          {rest.map((id, index) => (
            <MediaImage
              key={id}
              id={id}
              alt={t('detail.photo', { name: detail.name, number: index + 2 })}
              height={96}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** A text a manager wrote, line breaks kept. */
function Paragraphs({ text }: { text: string }) {
  return (
    <Text style={{ whiteSpace: 'pre-line' }} className="pluk-wrap">
      {text}
    </Text>
  );
}

/** `/pluk/detail/{id}/{subscriptionId}`: how to pick one crop, where, and how much per share. */
export function PlukDetailView({ cropId, subscriptionId }: { cropId: number; subscriptionId: number }) {
  const { t } = useTranslation('pluk');
  const query = usePlukDetail(cropId, subscriptionId);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <EmptyState
          icon={IconLeaf}
          color="gray"
          title={t('detail.notPickableTitle')}
          text={t('detail.notPickableText')}
        />
      );
    }
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const detail = query.data;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} className="pluk-wrap">
          {detail.name}
        </Title>
        <div>
          <Badge variant="light">{t('detail.subscription', { name: detail.subscriptionName })}</Badge>
        </div>
        {detail.hint && (
          <Text c="dimmed" className="pluk-wrap">
            {detail.hint}
          </Text>
        )}
      </Stack>
      <Photos detail={detail} />
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <div>
            <Text size="sm" c="dimmed">
              {t('detail.amount')}
            </Text>
            <Text fw={600} className="pluk-wrap">
              {detail.amountPerShare || t('detail.amountUnset')}
            </Text>
          </div>
          {detail.fields.length > 0 && (
            <div>
              <Text size="sm" c="dimmed">
                {t('detail.fields')}
              </Text>
              <Stack gap={4}>
                {detail.fields.map((field) => (
                  <div key={field.id}>
                    <Text fw={600} className="pluk-wrap">
                      {field.name}
                    </Text>
                    {field.description && (
                      <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }} className="pluk-wrap">
                        {field.description}
                      </Text>
                    )}
                  </div>
                ))}
              </Stack>
            </div>
          )}
        </Stack>
      </Card>
      {detail.howToHarvest && (
        <Stack gap={4} component="section">
          <Title order={3} size="h4">
            {t('detail.howToHarvest')}
          </Title>
          <Paragraphs text={detail.howToHarvest} />
        </Stack>
      )}
      {detail.description && (
        <Stack gap={4} component="section">
          <Title order={3} size="h4">
            {t('detail.about')}
          </Title>
          <Paragraphs text={detail.description} />
        </Stack>
      )}
    </Stack>
  );
}
