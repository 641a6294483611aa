import { useParams } from 'react-router';

/** The route's `:id` as a positive whole number, or null when it is not one. */
export function useIdParam(): number | null {
  const { id } = useParams();
  const value = Number(id);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
