import { WaitingList } from '../../../features/users/components/waiting-list';

/** /applicationManager/users/waiting-list */
export function WaitingListRoute() {
  return <WaitingList />;
}
