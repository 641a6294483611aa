import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChevronRight, type Icon } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '../../../lib/form';

interface HomeBlockProps<T> {
  title: string;
  icon: Icon;
  query: UseQueryResult<T>;
  /** Whether the answer has nothing to show. */
  isEmpty: (data: T) => boolean;
  empty: string;
  /**
   * The full list this block previews: the link shows a short "Alle" next to the title (one line on a
   * phone), and `label` names the list for screen readers ("Alle klusjes").
   */
  more?: { to: string; label: string };
  /** Skeleton rows while loading. */
  rows?: number;
  children: (data: T) => ReactNode;
}

/**
 * One block of the home: a title, then a skeleton while loading, its own error with a retry (the
 * other blocks carry on), an empty text, or the content; and a link to the full list.
 */
export function HomeBlock<T>({
  title,
  icon: BlockIcon,
  query,
  isEmpty,
  empty,
  more,
  rows = 1,
  children,
}: HomeBlockProps<T>) {
  const { t } = useTranslation('home');
  const errorText = useErrorText();
  const headingId = `home-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          <BlockIcon size={22} stroke={1.6} aria-hidden />
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
        </Group>
        {more && (
          <Anchor
            component={Link}
            to={more.to}
            size="sm"
            className="pluk-touch-link"
            aria-label={more.label}
            style={{ flexShrink: 0 }}
          >
            <Group gap={2} wrap="nowrap">
              {t('all')}
              <IconChevronRight size={16} aria-hidden />
            </Group>
          </Anchor>
        )}
      </Group>
      {query.isPending ? (
        <Stack gap="xs" role="status" aria-label={t('loading', { title })}>
          {Array.from({ length: rows }, (_, index) => (
            <Skeleton key={index} height={72} radius="md" />
          ))}
        </Stack>
      ) : query.isError ? (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={t('error', { title })}>
          {errorText(query.error)}
          <Button
            mt="sm"
            size="sm"
            variant="light"
            color="red"
            display="block"
            onClick={() => void query.refetch()}
          >
            {t('retry')}
          </Button>
        </Alert>
      ) : isEmpty(query.data) ? (
        <Card withBorder radius="md" padding="md">
          <Text c="dimmed">{empty}</Text>
        </Card>
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}
