import { lazy, Suspense } from 'react';
import { useMyQuestionnaire } from '../api/get-my-questionnaire';
import type { StartupQuestionsActions } from './startup-questions-dialog';

// The dialog (Mantine's Modal and this feature's texts) only for a member it is for.
const StartupQuestionsDialog = lazy(async () => ({
  default: (await import('./startup-questions-dialog')).StartupQuestionsDialog,
}));

/**
 * Asks whether I have a questionnaire waiting for my answer (`needsAnswer`: not answered, deadline not
 * passed) and then shows the start-up dialog. A failed question shows nothing: the dialog is a reminder,
 * and the questionnaire stays reachable.
 */
export function StartupQuestionsCheck(actions: StartupQuestionsActions) {
  const query = useMyQuestionnaire();
  if (!query.data?.questionnaire?.needsAnswer) return null;
  return (
    <Suspense fallback={null}>
      <StartupQuestionsDialog {...actions} />
    </Suspense>
  );
}
