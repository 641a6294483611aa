import { MembershipScreen } from '../../../features/settings/components/membership-form';

/** /applicationManager/settings/membership */
export function SettingsMembershipRoute() {
  return <MembershipScreen />;
}
