import { useNavigate } from 'react-router';
import { ManagedEventSheet } from '../../../features/event/components/managed-event-sheet';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useEventId } from './use-event-id';

/** /applicationManager/events/:id: the attendance sheet with confirm/refuse, close, edit and delete. */
export function ManagerEventDetailRoute() {
  const id = useEventId();
  const navigate = useNavigate();
  if (id === null) return <NotFoundRoute />;
  return (
    <ManagedEventSheet
      id={id}
      editHref={paths.manager.events.edit.getHref(id)}
      onDeleted={() => void navigate(paths.manager.events.list.getHref(), { replace: true })}
    />
  );
}
