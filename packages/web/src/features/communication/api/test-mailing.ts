import { useMutation } from '@tanstack/react-query';
import { communicationRoutes, type EmailTestSent, type MailingTestInput } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function testMailing(body: MailingTestInput): Promise<EmailTestSent> {
  return apiRequest(communicationRoutes.mailingTest, { body });
}

/** 'Stuur een test naar mij': the message to the manager's own address, as one queued e-mail. */
export const useTestMailing = () => useMutation({ mutationFn: testMailing });
