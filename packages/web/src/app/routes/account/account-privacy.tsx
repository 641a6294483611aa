import { PrivacyForm } from '../../../features/user/components/privacy-form';
import { useAccount } from '../../../features/user/api/get-account';

/** /account/privacy */
export function AccountPrivacyRoute() {
  const account = useAccount().data;
  if (!account) return null;
  return <PrivacyForm account={account} />;
}
