import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  translationRoutes,
  type WordReplace,
  type WordReplacePreview,
  type WordReplaceResult,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { applyChangedText } from './get-overrides';
import { translationKeys } from './keys';

/** Every text that holds the word, before and after; nothing changes (decision 094). */
export const usePreviewWordReplace = () =>
  useMutation({
    mutationFn: (body: WordReplace): Promise<WordReplacePreview> =>
      apiRequest(translationRoutes.replacePreview, { body }),
  });

/** Replaces the word in all of them at once; this tab shows the new words at once. */
export function useWordReplace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body }: { body: WordReplace; preview: WordReplacePreview }): Promise<WordReplaceResult> =>
      apiRequest(translationRoutes.replace, { body }),
    onSuccess: (_result, { preview }) => {
      for (const change of preview.changes) applyChangedText(change.namespace, change.key, change.after);
      return queryClient.invalidateQueries({ queryKey: [...translationKeys.all, 'list'] });
    },
  });
}
