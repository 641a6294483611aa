import { EventList } from '../../../features/event/components/event-list';
import { paths } from '../../paths';

/** /events: the events that have not ended (docs/product/api-and-routes.md, "Home": hasEnded=false). */
export function EventsListRoute() {
  return <EventList hrefOf={paths.event.getHref} />;
}
