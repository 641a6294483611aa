import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

const guardState = { paymentReturnGuard: true } as const;

function isGuard(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'paymentReturnGuard' in state;
}

/**
 * Back on the return page goes to `target`, not to the payment provider's checkout behind it: the
 * checkout is another site's page, which no script can take out of the history, and going back to it
 * would only offer to pay again. So on arrival the page adds a second entry of itself; back then lands
 * on the first one, inside the app, which is replaced by `target` at once. Only when the location's key
 * changes, so running the effect twice for one entry does nothing twice.
 */
export function useBackGoesTo(target: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    if (lastKey.current === location.key) return;
    const arriving = lastKey.current === null;
    lastKey.current = location.key;
    if (isGuard(location.state)) return;
    if (arriving) {
      void navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { state: guardState },
      );
    } else {
      void navigate(target, { replace: true });
    }
  }, [location, navigate, target]);
}
