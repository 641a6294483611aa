import { Alert } from '@mantine/core';
import { mayManageAccount, type Role } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../user/api/get-account';

/**
 * Whether the signed-in manager may change, mail, lock or delete this account (ADR 086): only when it
 * passes every role the account holds; oneself always. The server refuses the rest
 * (`403 ACCOUNT_ABOVE_YOURS`); the screens hide what it would refuse and say why.
 */
export function useMayManage(user: { id: number; roles: readonly Role[] }): boolean {
  const account = useAccount().data;
  if (!account) return true;
  return account.id === user.id || mayManageAccount(account.roles, user.roles);
}

/** The roles the signed-in manager may give or take (ADR 080, 086): those whose check it passes. */
export function useCallerRoles(): readonly Role[] {
  return useAccount().data?.roles ?? [];
}

/** The short explanation where an account's actions are left out. */
export function AboveYoursNote() {
  const { t } = useTranslation('users');
  return (
    <Alert color="gray" role="note">
      {t('aboveYours.note')}
    </Alert>
  );
}
