import { useMutation, useQueryClient } from '@tanstack/react-query';
import { translationRoutes, type TranslationEntry, type TranslationKey } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { applyChangedText } from './get-overrides';
import { translationKeys } from './keys';

/** After a change: the Admin's tab shows it at once, and the list reads it again. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return (entry: TranslationEntry) => {
    applyChangedText(entry.namespace, entry.key, entry.override);
    return queryClient.invalidateQueries({ queryKey: [...translationKeys.all, 'list'] });
  };
}

/** Sets the farm's own text (`POST admin/translation/Update`). */
export function useUpdateTranslation() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: TranslationKey & { value: string }) => apiRequest(translationRoutes.update, { body }),
    onSuccess: afterChange,
  });
}

/** Back to the bundled text (`DELETE admin/translation`). */
export function useResetTranslation() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (text: TranslationKey) => apiRequest(translationRoutes.reset, { query: { ...text } }),
    onSuccess: afterChange,
  });
}
