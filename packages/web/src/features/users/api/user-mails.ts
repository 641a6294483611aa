import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersRoutes, type ManagedUser } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

/** `POST applicationManager/User/SendWelcomeEmail/{id}`: `queued` false when already sent by hand today. */
export function sendWelcomeEmail(id: number): Promise<{ queued: boolean }> {
  return apiRequest(usersRoutes.sendWelcomeEmail, { params: { id } });
}

/** `GET applicationManager/User/ResetPassword/{id}`: the member gets a link to choose a new password. */
export function sendPasswordReset(id: number): Promise<{ ok: true }> {
  return apiRequest(usersRoutes.resetPassword, { params: { id } });
}

export function useSendWelcomeEmail() {
  return useMutation({ mutationFn: sendWelcomeEmail });
}

export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}

/** `POST applicationManager/User/CancelEmailChange/{id}`: the member's pending e-mail change is dropped (ADR 087). */
export function cancelEmailChange(id: number): Promise<ManagedUser> {
  return apiRequest(usersRoutes.cancelEmailChange, { params: { id } });
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
