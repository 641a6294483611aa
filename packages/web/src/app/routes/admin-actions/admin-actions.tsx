import { AdminActions } from '../../../features/admin/components/admin-actions';
import { useAppInfo } from '../../../features/info/api/get-app-info';
import { useSignOut } from '../../use-sign-out';

/** /applicationManager/settings/Actions (Admin); after removing the farm the Admin is signed out. */
export function AdminActionsRoute() {
  const appName = useAppInfo()?.appName ?? '';
  const signOut = useSignOut();
  return <AdminActions appName={appName} onRemoved={() => void signOut()} />;
}
