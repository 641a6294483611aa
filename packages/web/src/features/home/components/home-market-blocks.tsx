import { IconBasket, IconCalendarDue, IconHeartHandshake, IconPhoto, IconUser } from '@tabler/icons-react';
import type { OfferSummary, RequestSummary } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoPlaceholder } from '../../../components/photo-placeholder';
import { useMediaObjectUrl } from '../../media/api/media-file';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useHomeOffers, useHomeRequests } from '../api/home-queries';
import { formatDate } from '../../../lib/dates';
import { formatPrice, formatVirtualMoney } from '../../../lib/virtual-money';
import { HomeBlock } from './home-block';
import { CardGrid, CardLines, Meta, type HomeLinks } from './home-blocks';
import { RequestStatusBadge } from '../../../components/status/status-badges';
import { CardLink } from './home-card';
import classes from './home.module.css';

/**
 * The offer's cover, small and square, fetched once near the screen: a grey tile with a photo icon while
 * it loads; the offer's initial when it cannot be fetched or shown (decision 089).
 */
function Thumbnail({ id, name }: { id: number; name: string }) {
  const [tile, near] = useNearViewport<HTMLDivElement>();
  const { url, isError } = useMediaObjectUrl(id, near);
  const [unreadable, setUnreadable] = useState<string>();
  if (isError || (url !== undefined && unreadable === url))
    return <PhotoPlaceholder name={name} height={64} width={64} radius="var(--mantine-radius-sm)" />;
  if (url) return <img src={url} alt="" className={classes.thumb} onError={() => setUnreadable(url)} />;
  return (
    <div ref={tile} className={classes.thumbTile}>
      <IconPhoto size={24} aria-hidden color="var(--mantine-color-gray-6)" />
    </div>
  );
}

/** An offer on the home: cover photo, title, price or "gratis", what is left and whose it is. */
function OfferCard({ offer, to }: { offer: OfferSummary; to: string }) {
  const { t } = useTranslation('home');
  const cover = offer.photoIds[0];
  return (
    <CardLink to={to} compact>
      <div className={classes.offer}>
        {cover !== undefined && <Thumbnail id={cover} name={offer.title} />}
        <div className={classes.offerLines}>
          <p className={classes.title}>{offer.title}</p>
          <p className={classes.price} data-free={offer.isFree || undefined}>
            {formatPrice(offer.priceCents)}
          </p>
          <p className={`${classes.left} pluk-wrap`}>
            {offer.unit
              ? t('offers.leftUnit', { count: offer.quantityLeft, unit: offer.unit })
              : t('offers.left', { count: offer.quantityLeft })}
          </p>
          <Meta icon={IconUser}>
            {offer.isMine ? t('offers.ownerMe') : t('offers.owner', { name: offer.owner.firstName })}
          </Meta>
        </div>
      </div>
    </CardLink>
  );
}

/** Active offers of the market (six at most), each to its page, and the way to the whole market. */
export function HomeOffersBlock({ links }: { links: HomeLinks }) {
  const { t } = useTranslation('home');
  const query = useHomeOffers();
  return (
    <HomeBlock
      title={t('offers.title')}
      icon={IconBasket}
      query={query}
      isEmpty={(data) => data.items.length === 0}
      empty={t('offers.empty')}
      more={{ to: links.market, label: t('offers.all') }}
      rows={2}
    >
      {(data) => (
        <CardGrid>
          {data.items.map((offer) => (
            <OfferCard key={offer.id} offer={offer} to={links.offer(offer.id)} />
          ))}
        </CardGrid>
      )}
    </HomeBlock>
  );
}

/** A request on the home: title, reward, who asks, by when, and whether someone helps already. */
function RequestCard({ request, to }: { request: RequestSummary; to: string }) {
  const { t } = useTranslation('home');
  return (
    <CardLink to={to}>
      <CardLines title={request.title} badge={<RequestStatusBadge status={request.status} />}>
        <p className={classes.textSm}>
          {request.rewardCents > 0
            ? t('requests.reward', { amount: formatVirtualMoney(request.rewardCents) })
            : t('requests.noReward')}
        </p>
        <Meta icon={IconUser}>
          {request.isMine
            ? t('requests.requesterMe')
            : t('requests.requester', { name: request.requester.firstName })}
        </Meta>
        {request.neededBy && (
          <Meta icon={IconCalendarDue}>{t('requests.neededBy', { date: formatDate(request.neededBy) })}</Meta>
        )}
      </CardLines>
    </CardLink>
  );
}

/** Open requests (six at most), each to its page, and the way to all requests. */
export function HomeRequestsBlock({ links }: { links: HomeLinks }) {
  const { t } = useTranslation('home');
  const query = useHomeRequests();
  return (
    <HomeBlock
      title={t('requests.title')}
      icon={IconHeartHandshake}
      query={query}
      isEmpty={(data) => data.items.length === 0}
      empty={t('requests.empty')}
      more={{ to: links.requests, label: t('requests.all') }}
      rows={2}
    >
      {(data) => (
        <CardGrid>
          {data.items.map((request) => (
            <RequestCard key={request.id} request={request} to={links.request(request.id)} />
          ))}
        </CardGrid>
      )}
    </HomeBlock>
  );
}
