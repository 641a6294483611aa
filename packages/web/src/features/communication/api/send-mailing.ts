import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communicationRoutes, type MailingInput, type MailingSent } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { communicationKeys } from './keys';

export function sendMailing(body: MailingInput): Promise<MailingSent> {
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
