import { Divider, Stack } from '@mantine/core';
import { FeedbackForm } from '../../../features/feedback/components/feedback-form';
import { MyFeedbackList } from '../../../features/feedback/components/my-feedback-list';

/** /account/feedback: send feedback, and my earlier feedback with its answers. */
export function AccountFeedbackRoute() {
  return (
    <Stack gap="xl">
      <FeedbackForm />
      <Divider />
      <MyFeedbackList />
    </Stack>
  );
}
