import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../paths';
import { isPutOff, rememberLater } from './startup-later';

// Its code, its question to the API and its dialog come after the first screen: none of it is in the
// entry, and most starts show no dialog at all (decision 045).
const StartupQuestionsCheck = lazy(async () => ({
  default: (await import('../../features/reenrolment/components/startup-questions-check'))
    .StartupQuestionsCheck,
}));

/** How long the check waits at most for an idle moment after the first screen has rendered. */
const idleTimeoutMs = 2_000;

/** Calls `callback` once the browser is idle after the current render; returns the cancel. */
function whenIdle(callback: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = requestIdleCallback(callback, { timeout: idleTimeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 0);
  return () => clearTimeout(handle);
}

/**
 * The start-up dialog 'Controleer jouw gegevens' (docs/product/settings-and-farms.md, "Start-up", decision
 * 079): asked once the first screen is up, for a signed-in member on a member screen (`eligible`). 'Doorgaan'
 * ends it for the visit (the root layout keeps this component for the whole visit); 'Later' also puts it off
 * for 24 hours on this device for this account (decision 090, `startup-later.ts`): a reload does not bring it
 * back, and nothing is asked of the API meanwhile.
 */
export function StartupQuestions({ eligible, userId }: { eligible: boolean; userId: number | undefined }) {
  const navigate = useNavigate();
  const [settled, setSettled] = useState(false);
  const [handled, setHandled] = useState(false);
  useEffect(() => whenIdle(() => setSettled(true)), []);
  if (!eligible || !settled || handled || userId === undefined || isPutOff(userId)) return null;
  return (
    <Suspense fallback={null}>
      <StartupQuestionsCheck
        onLater={() => {
          rememberLater(userId);
          setHandled(true);
        }}
        onContinue={() => {
          setHandled(true);
          void navigate(paths.questions.root.getHref());
        }}
      />
    </Suspense>
  );
}
