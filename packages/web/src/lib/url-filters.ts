import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useNavigation, useSearchParams } from 'react-router';

/** `value` when it is one of `choices`, otherwise the first choice (the "all" of a filter). */
export function oneOf<T extends string>(value: string | null, choices: readonly T[]): T {
  return choices.includes(value as T) ? (value as T) : choices[0]!;
}

/**
 * A manager list's filters kept in the address (?q= and one parameter per select), so coming back
 * from a row keeps them: the search box's text, the same text settled for 300 ms (what is asked
 * for, and written to ?q=), and a setter for a select where "all" leaves its parameter out.
 * Shared by the ProductManager's offers and the RequestManager's requests.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  // A row clicked within the 300 ms starts a navigation (its screen may still be loading): writing ?q=
  // then would navigate back to the list over it. Read when the settled text arrives, not a reason to write.
  const leaving = useRef(false);
  leaving.current = useNavigation().state !== 'idle';
  // Written only when the settled text changes and differs from the address: `setParams` changes with
  // every address, and on React DOM a navigation renders in a transition, so writing again with the
  // render's parameters could put back a filter a select had just changed; and a write that changes
  // nothing is still a navigation, which moves focus to the page's title (decision 088).
  const setParamsNow = useRef(setParams);
  setParamsNow.current = setParams;
  const qNow = useRef(params.get('q') ?? '');
  qNow.current = params.get('q') ?? '';
  useEffect(() => {
    if (leaving.current || qNow.current === debouncedSearch) return;
    setParamsNow.current(
      (current) => {
        const next = new URLSearchParams(current);
        if (debouncedSearch) next.set('q', debouncedSearch);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [debouncedSearch]);
  const setFilter = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'all') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  return { params, search, setSearch, debouncedSearch, setFilter };
}
