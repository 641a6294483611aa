import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authRoutes } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

/** `POST auth/confirmEmail`: the link of the e-mail to a new address (ADR 087); answers the address now in use. */
export function confirmEmail(token: string): Promise<{ email: string }> {
  return apiRequest(authRoutes.confirmEmail, { body: { token } });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // A signed-in member's account (and a manager's lists) now show the new address.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
