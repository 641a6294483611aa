import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useManagedEvent } from '../../../features/event/api/manage-events';
import { EventForm } from '../../../features/event/components/event-form';
import { useGoBack } from '../../layouts/modal-layout';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useEventId } from './use-event-id';

/** /applicationManager/events/new (modal): after saving, the new event's attendance sheet. */
export function ManagerEventNewRoute() {
  const { t } = useTranslation('events');
  const navigate = useNavigate();
  return (
    <EventForm
      onSaved={(saved) => {
        notifications.show({ color: 'brand', message: t('form.createdToast') });
        void navigate(paths.manager.events.detail.getHref(saved.id), { replace: true });
      }}
    />
  );
}

function EditEvent({ id }: { id: number }) {
  const { t } = useTranslation('events');
  const goBack = useGoBack();
  const query = useManagedEvent(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <EventForm
      event={query.data}
      onSaved={() => {
        notifications.show({ color: 'brand', message: t('form.savedToast') });
        goBack();
      }}
    />
  );
}

/** /applicationManager/events/:id/edit (modal). */
export function ManagerEventEditRoute() {
  const id = useEventId();
  if (id === null) return <NotFoundRoute />;
  return <EditEvent id={id} />;
}
