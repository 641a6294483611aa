import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communicationRoutes, type Mailing, type MailingInput } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { communicationKeys } from './keys';

export function sendMailing(body: MailingInput): Promise<Mailing> {
  return apiRequest(communicationRoutes.send, { body });
}

/** Sends a mailing (`POST …/communication/mailings`); the mailings are asked again. */
export function useSendMailing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMailing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communicationKeys.mailings }),
  });
}
