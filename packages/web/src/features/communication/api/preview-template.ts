import { useMutation } from '@tanstack/react-query';
import { communicationRoutes, type EmailPreview, type EmailTemplatePreviewInput } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function previewTemplate(body: EmailTemplatePreviewInput): Promise<EmailPreview> {
  return apiRequest(communicationRoutes.previewTemplate, { body });
}

/** The editor's text filled in with a member's data (`POST admin/settings/email/preview`). */
export const usePreviewTemplate = () => useMutation({ mutationFn: previewTemplate });
