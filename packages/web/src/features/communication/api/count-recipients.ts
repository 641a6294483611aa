import { useMutation } from '@tanstack/react-query';
import { communicationRoutes, type MailingAudience, type MailingRecipientCount } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function countRecipients(audience: MailingAudience): Promise<MailingRecipientCount> {
  return apiRequest(communicationRoutes.recipients, { body: { audience } });
}

/** "Ontvangers: N" before sending (`POST …/communication/recipients`). */
export const useCountRecipients = () => useMutation({ mutationFn: countRecipients });
