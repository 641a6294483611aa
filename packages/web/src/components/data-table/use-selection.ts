import { useCallback, useMemo, useState } from 'react';

export interface Selection<T> {
  /** The chosen rows, in the order they were chosen (kept across pages and sorting). */
  rows: T[];
  ids: ReadonlySet<number>;
  onSelect: (rows: T[], on: boolean) => void;
  clear: () => void;
}

/** The rows a manager chose in a list: kept by id with the row as it was read. */
export function useSelection<T extends { id: number }>(): Selection<T> {
  const [chosen, setChosen] = useState<ReadonlyMap<number, T>>(new Map());
  const onSelect = useCallback(
    (rows: T[], on: boolean) =>
      setChosen((current) => {
        const next = new Map(current);
        for (const row of rows) {
          if (on) next.set(row.id, row);
          else next.delete(row.id);
        }
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setChosen(new Map()), []);
  return useMemo(
    () => ({ rows: [...chosen.values()], ids: new Set(chosen.keys()), onSelect, clear }),
    [chosen, onSelect, clear],
  );
}
