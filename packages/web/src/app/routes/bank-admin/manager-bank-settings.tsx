import { BankSettingsScreen } from '../../../features/bank/admin/components/bank-settings-form';

/** /applicationManager/bank/settings */
export function ManagerBankSettingsRoute() {
  return <BankSettingsScreen />;
}
