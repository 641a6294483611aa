import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useManagerTask } from '../../../features/task/api/manager-tasks';
import { TaskForm } from '../../../features/task/components/task-form';
import { useGoBack } from '../../layouts/modal-layout';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from './use-id-param';

function EditTask({ id }: { id: number }) {
  const { t } = useTranslation('tasks');
  const goBack = useGoBack();
  const query = useManagerTask(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <TaskForm
      task={query.data}
      onSaved={() => {
        notifications.show({ color: 'brand', message: t('manager.saved') });
        goBack();
      }}
    />
  );
}

/** /applicationManager/tasks/{id}/edit (modal layout). */
export function ManagerTaskEditRoute() {
  const id = useIdParam();
  if (id === null) return <NotFoundRoute />;
  return <EditTask key={id} id={id} />;
}
