import { useParams } from 'react-router';

/** The route's `:id` as a positive whole number, or null when it is not one. */
export function useEventId(): number | null {
  const value = Number(useParams().id);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
