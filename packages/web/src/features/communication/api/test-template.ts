import { useMutation } from '@tanstack/react-query';
import { communicationRoutes, type EmailTemplatePreviewInput, type EmailTestSent } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function testTemplate(body: EmailTemplatePreviewInput): Promise<EmailTestSent> {
  return apiRequest(communicationRoutes.testTemplate, { body });
}

/** Sends the editor's text to the manager's own address (`POST admin/settings/email/test`). */
export const useTestTemplate = () => useMutation({ mutationFn: testTemplate });
