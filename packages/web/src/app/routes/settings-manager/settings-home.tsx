import { Stack } from '@mantine/core';
import { passesRoleCheck } from '@pluk/contract';
import { MemberSelect } from '../../../features/bank/manager/member-select';
import { SettingList } from '../../../features/settings/components/setting-list';
import type { UserSelectSlot } from '../../../features/settings/components/setting-overrides';
import { SettingsLinks } from '../../../features/settings/components/settings-home';
import { useAccount } from '../../../features/user/api/get-account';

/** The member search of the bank's screens picks the user of an override. */
const userSelect: UserSelectSlot = ({ label, value, onChange, error }) => (
  <MemberSelect label={label} value={value} onChange={onChange} error={error} required />
);

/** /applicationManager/settings: every settings screen, then the farm's keys and values. */
export function SettingsHomeRoute() {
  const roles = useAccount().data?.roles ?? [];
  return (
    <Stack gap="xl">
      <SettingsLinks isAdmin={passesRoleCheck(roles, 'Admin')} />
      <SettingList scope="manager" userSelect={userSelect} />
    </Stack>
  );
}
