import { Badge, Card, Center, Group, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import type { OfferSummary } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MediaImage } from '../../media/components/media-image';
import { formatVirtualMoney } from '../../../lib/virtual-money';
import { offerBlockedReason } from './offer-format';

const coverHeight = 140;

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
 * An offer in a list: a link to its detail with the cover photo, title, price (or gratis), what is left
 * and the owner's first name. The cover is decorative here (the title says what it is).
 */
export function OfferCard({ offer, to }: { offer: OfferSummary; to: string }) {
  const { t } = useTranslation('market');
  const cover = offer.photoIds[0];
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="sm">
      <Card.Section>
        {cover !== undefined ? (
          <MediaImage id={cover} alt="" height={coverHeight} />
        ) : (
          <Center h={coverHeight} bg="var(--mantine-color-gray-1)">
            <IconPhotoOff size={28} aria-hidden />
          </Center>
        )}
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text fw={600} className="pluk-wrap">
          {offer.title}
        </Text>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>
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
    </Card>
  );
}
