import { ManagedEventList } from '../../../features/event/components/managed-event-list';
import { paths } from '../../paths';

/** /applicationManager/events (EventManager). */
export function ManagerEventsRoute() {
  return (
    <ManagedEventList
      newHref={paths.manager.events.create.getHref()}
      hrefOf={paths.manager.events.detail.getHref}
    />
  );
}
