import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ManagedUser, ManagedUserDetail } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useSetPayed } from '../../../features/bank/manager/api/transaction-mutations';
import { useAccount } from '../../../features/user/api/get-account';
import { useUserDetail } from '../../../features/users/api/user-detail';
import { UserForm, type AfterUserSave } from '../../../features/users/components/user-form';
import { useManagerToggleTransactionable } from '../../../features/wallet/api/manager-bank';
import { isApiError } from '../../../lib/errors';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from '../subscription-manager/use-id-param';

function useAfterSaved() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  return (user: ManagedUser) => {
    const name = `${user.firstName} ${user.lastName}`;
    notifications.show({
      color: 'brand',
      // ADR 087: a new address counts once the member used the link sent to it.
      message: user.pendingEmail
        ? t('form.savedPendingEmail', { name, email: user.pendingEmail })
        : t('form.saved', { name }),
    });
    void navigate(paths.manager.users.detail.getHref(user.id), { replace: true });
  };
}

function useIsAdmin() {
  return useAccount().data?.roles.includes('Admin') ?? false;
}

/** /applicationManager/users/new (modal layout). */
export function UserNewRoute() {
  const onSaved = useAfterSaved();
  return <UserForm canGrantAdmin={useIsAdmin()} onSaved={onSaved} />;
}

/**
 * The transactionable and paid switches are the wallet's and the bank's calls: the route makes them
 * after the account itself was saved, only when they changed.
 */
function useMoneySwitches(user: ManagedUserDetail): AfterUserSave {
  const toggle = useManagerToggleTransactionable();
  const setPayed = useSetPayed();
  return async (_saved, values) => {
    if (values.isTransactionable !== user.isTransactionable) await toggle.mutateAsync(user.id);
    if (values.hasPaid !== user.hasPaid)
      await setPayed.mutateAsync({ userId: user.id, hasPaid: values.hasPaid });
  };
}

function Edit({ user }: { user: ManagedUserDetail }) {
  const onSaved = useAfterSaved();
  const afterSave = useMoneySwitches(user);
  return <UserForm user={user} canGrantAdmin={useIsAdmin()} afterSave={afterSave} onSaved={onSaved} />;
}

function LoadedEdit({ id }: { id: number }) {
  const { t } = useTranslation('users');
  const query = useUserDetail(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFoundRoute />;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  return (
    <>
      {!query.data.isApproved && (
        <Alert color="orange" mb="md" role="note">
          {t('form.waitingNote')}
        </Alert>
      )}
      <Edit user={query.data} />
    </>
  );
}

/** /applicationManager/users/edit/{id} (modal layout). */
export function UserEditRoute() {
  const id = useIdParam('id');
  if (id === null) return <NotFoundRoute />;
  return <LoadedEdit id={id} />;
}
