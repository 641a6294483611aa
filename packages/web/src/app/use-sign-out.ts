import { useNavigate } from 'react-router';
import { useLogout } from '../features/auth/api/logout';
import { paths } from './paths';

/**
 * Signs out and lands on /login. The store is cleared synchronously before the navigation, so the
 * guard sees a logged-out user on /login (not a logged-in one it would send to /).
 */
export function useSignOut(): () => Promise<void> {
  const logout = useLogout();
  const navigate = useNavigate();
  return async () => {
    const revoking = logout();
    void navigate(paths.login.getHref(), { replace: true });
    await revoking;
  };
}
