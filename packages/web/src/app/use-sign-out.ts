import { useNavigate } from 'react-router';
import { useLogout } from '../features/auth/api/logout';
import { disablePush } from '../features/notification/push';
import { paths } from './paths';

const signingOutState = { signingOut: true } as const;

/** Whether a location was reached by signing out (its state says so). */
export function isSigningOut(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { signingOut?: unknown }).signingOut === true
  );
}

/**
 * Signs out and lands on plain /login. It goes to /login first (marked as signing out, so the guard
 * does not send a still logged-in user back to /), then ends the session there; clearing first would
 * let the guard send the member to `/login?redirect=<this page>`.
 */
export function useSignOut(): () => Promise<void> {
  const logout = useLogout();
  const navigate = useNavigate();
  return async () => {
    // A shared phone must not go on showing this member's notifications: drop the browser's push
    // subscription (here and on the server) while the session still exists. Never let it hold up
    // signing out.
    await Promise.race([disablePush().catch(() => undefined), new Promise((done) => setTimeout(done, 1500))]);
    // flushSync: the router commits /login before the session ends (it would otherwise render the
    // change as a transition, after the store update).
    await navigate(paths.login.getHref(), { replace: true, state: signingOutState, flushSync: true });
    const revoking = logout();
    // Drop the mark, so that signing in again on this page leaves it as usual.
    await navigate(paths.login.getHref(), { replace: true });
    await revoking;
  };
}
