import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link';
import { CommentSection } from '../../../features/comment/components/comment-section';
import { useEvent } from '../../../features/event/api/events';
import { EventDetailView } from '../../../features/event/components/event-detail';
import { isApiError } from '../../../lib/errors';
import { NotFoundRoute } from '../not-found';
import { paths } from '../../paths';
import { useEventId } from './use-event-id';

function EventScreen({ id }: { id: number }) {
  // The same query the view uses: comments show once the event itself could be loaded;
  // an event that does not exist (any more) gets the not-found page.
  const query = useEvent(id);
  const { t } = useTranslation('events');
  const loaded = query.isSuccess;
  if (query.isError && isApiError(query.error) && query.error.status === 404) return <NotFoundRoute />;
  return (
    <Stack gap="lg" pb="md">
      <BackLink to={paths.events.getHref()}>{t('detail.backToList')}</BackLink>
      <EventDetailView id={id} />
      {loaded && <CommentSection subjectType="event" subjectId={id} />}
    </Stack>
  );
}

/** /events/:id: the event, signing up with guests, the attendance sheet and the comments. */
export function EventDetailRoute() {
  const id = useEventId();
  if (id === null) return <NotFoundRoute />;
  return <EventScreen id={id} />;
}
