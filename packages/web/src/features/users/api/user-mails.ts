import { useMutation } from '@tanstack/react-query';
import { usersRoutes } from '@pluk/contract';
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
