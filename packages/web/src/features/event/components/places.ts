import type { EventSummary } from '@pluk/contract';
import { useTranslation } from 'react-i18next';

type PlacesInput = Pick<
  EventSummary,
  'capacity' | 'placesTaken' | 'placesLeft' | 'isClosed' | 'hasStarted' | 'hasEnded'
>;

/** Why nobody can sign up any more: the event is over, closed or under way; null while it is open. */
export function closedState(
  event: Pick<EventSummary, 'hasEnded' | 'hasStarted' | 'isClosed'>,
): 'ended' | 'closed' | 'started' | null {
  if (event.hasEnded) return 'ended';
  if (event.isClosed) return 'closed';
  if (event.hasStarted) return 'started';
  return null;
}

/** Places left in words: "Nog 3 plaatsen vrij", "Volzet" or "Plaatsen: onbeperkt". */
export function usePlacesText() {
  const { t } = useTranslation('events');
  return (event: Pick<EventSummary, 'placesLeft'>) =>
    event.placesLeft === null
      ? t('places.unlimited')
      : event.placesLeft === 0
        ? t('places.full')
        : t('places.left', { count: event.placesLeft });
}

/**
 * Places taken and left: "3 van 12 plaatsen ingenomen · Nog 9 plaatsen vrij". Once the event is over,
 * closed or under way, the places taken and its state ("… · Voorbij"): its free places cannot be had
 * any more.
 */
export function usePlacesLine() {
  const { t } = useTranslation('events');
  const placesText = usePlacesText();
  return (event: PlacesInput): string => {
    const state = closedState(event);
    if (state) {
      const taken =
        event.capacity === null
          ? t('places.takenCount', { count: event.placesTaken })
          : t('places.taken', { taken: event.placesTaken, capacity: event.capacity });
      return `${taken} · ${t(`status.${state}`)}`;
    }
    if (event.capacity === null) return t('places.takenUnlimited', { count: event.placesTaken });
    return `${t('places.taken', { taken: event.placesTaken, capacity: event.capacity })} · ${placesText(event)}`;
  };
}
