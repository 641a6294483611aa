import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlant2 } from '@tabler/icons-react';
import type { PlukCrop, PlukOfTheWeek } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PhotoPlaceholder } from '../../../components/photo-placeholder';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ErrorState } from '../../../components/query-state';
import { MediaImage } from '../../media/components/media-image';
import { usePlukOfTheWeek } from '../api/get-pluk-of-the-week';

const photoSize = 88;

export interface PlukLinks {
  /** A crop's page for one subscription (`/pluk/detail/{id}/{subscriptionId}`). */
  crop: (cropId: number, subscriptionId: number) => string;
  /** My subscription's page (`/pluk/subscription/{id}`). */
  subscription: (subscriptionId: number) => string;
  /** Where a member without a subscription chooses one (`/account/membership`). */
  membership: string;
}

/** A crop I may pick now: a link to how to pick it, with its photo, amount per share, field and hint. */
function PlukCropCard({ crop, to }: { crop: PlukCrop; to: string }) {
  const { t } = useTranslation('pluk');
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="sm">
      {/* The lines move under the photo once 10rem of text no longer fit beside it (200 % text). */}
      <Group align="flex-start" gap="sm">
        <div style={{ width: photoSize, flexShrink: 0 }}>
          {/* Decorative here: the name beside it says what it is. Without a photo, its initial. */}
          {crop.photoId !== null ? (
            <MediaImage id={crop.photoId} alt="" height={photoSize} placeholderName={crop.name} />
          ) : (
            <PhotoPlaceholder name={crop.name} height={photoSize} />
          )}
        </div>
        <Stack gap={2} style={{ flex: '1 1 10rem', minWidth: 0 }}>
          <Text fw={600} className="pluk-wrap">
            {crop.name}
          </Text>
          {crop.amountPerShare && (
            <Text size="sm" className="pluk-wrap">
              {t('list.perShare', { amount: crop.amountPerShare })}
            </Text>
          )}
          {crop.fields.length > 0 && (
            <Text size="sm" c="dimmed" className="pluk-wrap">
              {t('list.where', { fields: crop.fields.map((field) => field.name).join(', ') })}
            </Text>
          )}
          {crop.hint && (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {crop.hint}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

function SubscriptionSection({
  subscription,
  links,
}: {
  subscription: PlukOfTheWeek['subscriptions'][number];
  links: PlukLinks;
}) {
  const { t } = useTranslation('pluk');
  const headingId = `pluk-subscription-${subscription.subscriptionId}`;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h3" id={headingId} className="pluk-wrap">
          {subscription.subscriptionName}
        </Title>
        <Anchor
          component={Link}
          to={links.subscription(subscription.subscriptionId)}
          size="sm"
          td="underline"
          className="pluk-touch-link"
          aria-label={t('list.toSubscriptionOf', { name: subscription.subscriptionName })}
        >
          {t('list.toSubscription')}
        </Anchor>
      </Group>
      {subscription.crops.length === 0 ? (
        <Text c="dimmed">{t('list.nothingNow')}</Text>
      ) : (
        subscription.crops.map((crop) => (
          <PlukCropCard
            key={crop.cropId}
            crop={crop}
            to={links.crop(crop.cropId, subscription.subscriptionId)}
          />
        ))
      )}
    </Stack>
  );
}

/** `/pluk`: for each of my subscriptions of this harvest year, the crops I may pick now. */
export function PlukList({ links }: { links: PlukLinks }) {
  const { t } = useTranslation('pluk');
  const query = usePlukOfTheWeek();
  if (query.isPending) return <ListSkeleton photo />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { harvestYear, subscriptions } = query.data;
  if (subscriptions.length === 0) {
    return (
      <EmptyState
        icon={IconPlant2}
        title={t('list.emptyTitle')}
        text={t('list.emptyText')}
        action={
          <Button component={Link} to={links.membership} variant="light">
            {t('list.toMembership')}
          </Button>
        }
      />
    );
  }
  return (
    <Stack gap="xl">
      <Text c="dimmed">{t('list.intro', { year: harvestYear })}</Text>
      {subscriptions.map((subscription) => (
        <SubscriptionSection key={subscription.subscriptionId} subscription={subscription} links={links} />
      ))}
    </Stack>
  );
}
