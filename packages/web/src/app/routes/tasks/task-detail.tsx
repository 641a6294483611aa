import { Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link';
import { CommentSection } from '../../../features/comment/components/comment-section';
import { useTask } from '../../../features/task/api/get-task';
import { TaskDetailView } from '../../../features/task/components/task-detail';
import { isApiError } from '../../../lib/errors';
import { NotFoundRoute } from '../not-found';
import { paths } from '../../paths';
import { useIdParam } from './use-id-param';

function TaskScreen({ id }: { id: number }) {
  // The same query the view uses: a chore that does not exist (any more) gets the not-found page, and
  // the comments show once the chore itself could be loaded.
  const query = useTask(id);
  const { t } = useTranslation('tasks');
  if (query.isError && isApiError(query.error) && query.error.status === 404) return <NotFoundRoute />;
  return (
    <Stack gap="lg">
      <BackLink to={paths.tasks.getHref()}>{t('detail.backToList')}</BackLink>
      <TaskDetailView taskId={id} />
      {query.isSuccess && (
        <>
          <Divider />
          <CommentSection subjectType="task" subjectId={id} />
        </>
      )}
    </Stack>
  );
}

/** /tasks/{id}: the chore, take it or see my assignment, who helps, and the comments. */
export function TaskDetailRoute() {
  const id = useIdParam();
  if (id === null) return <NotFoundRoute />;
  return <TaskScreen id={id} />;
}
