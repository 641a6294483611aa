import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconChevronRight, type Icon } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '../../../lib/form';
import classes from './home.module.css';

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
 * other blocks carry on), an empty text, or the content; and a link to the full list. The heading, the
 * link and the empty card are plain elements looking like Mantine's Title, Anchor and Card
 * (home.module.css); the skeletons and the error stay Mantine's (they show only while loading or failing).
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
    <section className={classes.block} aria-labelledby={headingId}>
      <div className={classes.blockHead}>
        <div className={classes.blockTitle}>
          <BlockIcon size={22} stroke={1.6} aria-hidden />
          <h2 className={classes.blockHeading} id={headingId}>
            {title}
          </h2>
        </div>
        {more && (
          <Link to={more.to} className={`pluk-touch-link ${classes.blockMore}`} aria-label={more.label}>
            <span className={classes.blockMoreInner}>
              {t('all')}
              <IconChevronRight size={16} aria-hidden />
            </span>
          </Link>
        )}
      </div>
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
        <div className={classes.card}>
          <p className={classes.emptyText}>{empty}</p>
        </div>
      ) : (
        children(query.data)
      )}
    </section>
  );
}
