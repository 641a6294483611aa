import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { OfferSummary } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PhotoPlaceholder } from '../../../components/photo-placeholder';
import { MediaImage } from '../../media/components/media-image';
import { formatVirtualMoney } from '../../../lib/virtual-money';
import { offerBlockedReason } from './offer-format';

/** A small square cover beside the lines: three offers and more fit on a phone's screen (decision 089). */
const coverSize = 72;

/**
 * The price of one unit: "Gratis", or "2,50 plukgeld". Not "per <unit>": members write the unit as they
 * count it ("potten", "stuks"), which reads right after a number ("Nog 4 potten over", see OfferLeft)
 * but not after "per".
 */
export function OfferPrice({ offer }: { offer: Pick<OfferSummary, 'priceCents' | 'isFree'> }) {
  const { t } = useTranslation('market');
  if (offer.isFree || offer.priceCents === 0) return <>{t('card.free')}</>;
  return <>{formatVirtualMoney(offer.priceCents)}</>;
}

/** "Nog 8 kg over", or why nothing can be reserved (uitverkocht, afgesloten, verlopen). */
export function OfferLeft({ offer }: { offer: OfferSummary }) {
  const { t } = useTranslation('market');
  const reason = offerBlockedReason(offer);
  if (reason) {
    const label = {
      reasonClosed: 'card.closed',
      reasonEnded: 'card.ended',
      reasonSoldOut: 'card.soldOut',
    } as const;
    return (
      <Badge color="gray" variant="light">
        {t(label[reason])}
      </Badge>
    );
  }
  return (
    <>
      {offer.unit
        ? t('card.left', { count: offer.quantityLeft, unit: offer.unit })
        : t('card.leftNoUnit', { count: offer.quantityLeft })}
    </>
  );
}

/**
 * An offer in a list: a link to its detail with a small cover photo beside the title, price (or gratis),
 * what is left and the owner's first name. The cover is decorative here (the title says what it is);
 * without a photo, the offer's initial on the farm's colour.
 */
export function OfferCard({ offer, to }: { offer: OfferSummary; to: string }) {
  const { t } = useTranslation('market');
  const cover = offer.photoIds[0];
  return (
    <Card
      component={Link}
      to={to}
      withBorder
      radius="md"
      padding="xs"
      className="pluk-card-bleed"
      data-offer-card
    >
      {/* The lines move under the cover once 10rem of text no longer fit beside it (200 % text). */}
      <Group align="flex-start" gap="sm">
        <div style={{ width: coverSize, flexShrink: 0 }}>
          {cover !== undefined ? (
            <MediaImage id={cover} alt="" height={coverSize} placeholderName={offer.title} />
          ) : (
            <PhotoPlaceholder name={offer.title} height={coverSize} />
          )}
        </div>
        <Stack gap={2} style={{ flex: '1 1 10rem', minWidth: 0 }}>
          <Text fw={600} className="pluk-wrap" lh={1.3}>
            {offer.title}
          </Text>
          <Group justify="space-between" gap={4}>
            <Text fw={600} size="sm">
              <OfferPrice offer={offer} />
            </Text>
            <Text size="sm" c="dimmed" component="div">
              <OfferLeft offer={offer} />
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t('card.by', { name: offer.owner.firstName })}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
