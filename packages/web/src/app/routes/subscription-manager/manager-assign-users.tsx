import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePagedUsers } from '../../../features/users/api/get-paged-users';
import { AssignUsers, assignRowsPerPage } from '../../../features/subscription/components/assign-users';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from './use-id-param';

function Assign({ id }: { id: number }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // Approved, active members: who can have a subscription.
  const users = usePagedUsers({
    page: 1,
    rowsPerPage: assignRowsPerPage,
    isApproved: true,
    isActive: true,
    filter: debounced || undefined,
  });
  return (
    <AssignUsers
      subscriptionId={id}
      users={users}
      search={search}
      onSearchChange={setSearch}
      doneHref={paths.manager.subscriptions.detail.getHref(id)}
    />
  );
}

/** /applicationManager/subscription/assigntousers/{id} (modal layout): add users to a subscription. */
export function ManagerAssignUsersRoute() {
  const id = useIdParam('id');
  if (id === null) return <NotFoundRoute />;
  return <Assign id={id} />;
}
