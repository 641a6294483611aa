import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communicationRoutes, type EmailTemplate, type EmailTemplateInput } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { communicationKeys } from './keys';

export function saveTemplate(body: EmailTemplateInput): Promise<EmailTemplate> {
  return apiRequest(communicationRoutes.saveTemplate, { body });
}

/** Saves one template (`POST admin/settings/email`); the list is asked again. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communicationKeys.templates }),
  });
}
