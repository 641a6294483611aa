import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TaskForm } from '../../../features/task/components/task-form';
import { paths } from '../../paths';

/** /applicationManager/tasks/new (modal layout): after saving, the new chore's page. */
export function ManagerTaskNewRoute() {
  const { t } = useTranslation('tasks');
  const navigate = useNavigate();
  return (
    <TaskForm
      onSaved={(task) => {
        notifications.show({ color: 'brand', message: t('manager.created') });
        void navigate(paths.manager.tasks.detail.getHref(task.id), { replace: true });
      }}
    />
  );
}
