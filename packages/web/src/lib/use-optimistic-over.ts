import { useOptimistic } from 'react';

/**
 * React 19's `useOptimistic` over data a query holds (decision 088): while an action (a transition)
 * runs, the screen shows `guess(data, step)` at once; when it ends, the query's data again, so a refusal
 * puts back what was there. The guess applies only to the data it was made from: once the server's
 * answer lands in the query (while the action still waits for the lists to refresh) the answer shows,
 * not the guess applied a second time over it.
 */
export function useOptimisticOver<T, Step>(data: T, guess: (data: T, step: Step) => T) {
  const [shown, add] = useOptimistic(data, (current: T, next: { from: T; step: Step }) =>
    current === next.from ? guess(current, next.step) : current,
  );
  /** Call inside `startTransition` (or an action): React shows the guess only while one runs. */
  const show = (step: Step) => add({ from: data, step });
  return [shown, show] as const;
}
