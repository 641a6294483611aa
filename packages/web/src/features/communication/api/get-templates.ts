import { useQuery } from '@tanstack/react-query';
import { communicationRoutes, type EmailTemplates } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { communicationKeys } from './keys';

export function getTemplates(): Promise<EmailTemplates> {
  return apiRequest(communicationRoutes.templates);
}

/** Every e-mail template of the farm and where e-mails go (`GET admin/settings/email`). */
export const useTemplates = () => useQuery({ queryKey: communicationKeys.templates, queryFn: getTemplates });
