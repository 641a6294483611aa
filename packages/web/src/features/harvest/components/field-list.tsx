import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconMap2, IconPlus } from '@tabler/icons-react';
import type { Field } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useFields } from '../api/fields';

function FieldCard({ field, to }: { field: Field; to: string }) {
  const { t } = useTranslation('harvest');
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="md">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} className="pluk-wrap" style={{ minWidth: 0 }}>
            {field.name}
          </Text>
          <Badge color={field.cropCount > 0 ? 'brand' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {t('field.cropCount', { count: field.cropCount })}
          </Badge>
        </Group>
        {field.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {field.description}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The fields (places on the farm) in their order, with a button for a new one. */
export function FieldList({ hrefOf, newHref }: { hrefOf: (id: number) => string; newHref: string }) {
  const { t } = useTranslation('harvest');
  const query = useFields();
  const newButton = (
    <Button component={Link} to={newHref} leftSection={<IconPlus size={18} aria-hidden />} size="md">
      {t('field.new')}
    </Button>
  );
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0)
    return (
      <EmptyState
        icon={IconMap2}
        title={t('field.emptyTitle')}
        text={t('field.emptyText')}
        action={newButton}
      />
    );
  return (
    <Stack gap="sm">
      <Group justify="flex-end">{newButton}</Group>
      {query.data.map((field) => (
        <FieldCard key={field.id} field={field} to={hrefOf(field.id)} />
      ))}
    </Stack>
  );
}
