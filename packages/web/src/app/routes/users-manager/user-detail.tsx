import { useNavigate } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useAccount } from '../../../features/user/api/get-account';
import { useUserDetail } from '../../../features/users/api/user-detail';
import { UserDetail } from '../../../features/users/components/user-detail';
import { isApiError } from '../../../lib/errors';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from '../subscription-manager/use-id-param';

function Loaded({ id }: { id: number }) {
  const navigate = useNavigate();
  const me = useAccount().data?.id;
  const query = useUserDetail(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFoundRoute />;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  return (
    <UserDetail
      user={query.data}
      isSelf={me === id}
      editHref={paths.manager.users.edit.getHref(id)}
      transactionsHref={paths.manager.bank.user.getHref(id, `${query.data.firstName} ${query.data.lastName}`)}
      onDeleted={() => void navigate(paths.manager.users.getHref(), { replace: true })}
    />
  );
}

/** /applicationManager/users/{id}: a member's detail. */
export function UserDetailRoute() {
  const id = useIdParam('id');
  if (id === null) return <NotFoundRoute />;
  return <Loaded id={id} />;
}
