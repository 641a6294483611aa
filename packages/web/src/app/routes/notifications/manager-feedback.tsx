import { ManagerFeedbackList } from '../../../features/feedback/components/manager-feedback-list';

/** /applicationManager/feedback: all feedback of the app, answer and mark handled. */
export function ManagerFeedbackRoute() {
  return <ManagerFeedbackList />;
}
