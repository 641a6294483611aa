import { Stack } from '@mantine/core';
import { PrivacyForm } from '../../../features/user/components/privacy-form';
import { DeleteAccountCard } from '../../../features/user/components/delete-account-card';
import { MyDataCard } from '../../../features/user/components/my-data-card';
import { useAccount } from '../../../features/user/api/get-account';

/** /account/privacy: my choices, a copy of my data and deleting my account (decision 101). */
export function AccountPrivacyRoute() {
  const account = useAccount().data;
  if (!account) return null;
  return (
    <Stack gap="xl">
      <PrivacyForm account={account} />
      <MyDataCard impersonated={account.impersonatedBy !== null} />
      <DeleteAccountCard impersonated={account.impersonatedBy !== null} />
    </Stack>
  );
}
