import { useParams } from 'react-router';

/** A route parameter as a positive whole number, or null when it is not one. */
export function useIdParam(name: string): number | null {
  const value = Number(useParams()[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
