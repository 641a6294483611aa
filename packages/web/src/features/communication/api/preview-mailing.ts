import { useMutation } from '@tanstack/react-query';
import { communicationRoutes, type MailingPreview, type MailingPreviewInput } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function previewMailing(body: MailingPreviewInput): Promise<MailingPreview> {
  return apiRequest(communicationRoutes.mailingPreview, { body });
}

/** The message filled in for a real member of the audience, as the mailer sends it (decision 094). */
export const usePreviewMailing = () => useMutation({ mutationFn: previewMailing });
