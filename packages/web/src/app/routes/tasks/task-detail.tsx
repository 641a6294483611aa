import { Divider, Stack } from '@mantine/core';
import { CommentSection } from '../../../features/comment/components/comment-section';
import { TaskDetailView } from '../../../features/task/components/task-detail';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from './use-id-param';

/** /tasks/{id}: the chore, take it or see my assignment, who helps, and the comments. */
export function TaskDetailRoute() {
  const id = useIdParam();
  if (id === null) return <NotFoundRoute />;
  return (
    <Stack gap="lg">
      <TaskDetailView taskId={id} />
      <Divider />
      <CommentSection subjectType="task" subjectId={id} />
    </Stack>
  );
}
