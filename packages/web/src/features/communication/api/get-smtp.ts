import { useQuery } from '@tanstack/react-query';
import { communicationRoutes, type SmtpSettings } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { communicationKeys } from './keys';

export function getSmtp(): Promise<SmtpSettings> {
  return apiRequest(communicationRoutes.smtp);
}

/** The farm's SMTP server, without its password (`GET admin/settings/smtp`). */
export const useSmtp = () => useQuery({ queryKey: communicationKeys.smtp, queryFn: getSmtp });
