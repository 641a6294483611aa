import { useMutation } from '@tanstack/react-query';
import { adminRoutes, type MemberMailResult } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

/** The welcome e-mail again to every member, once a farm day each (`GET Admin/AdminAction/ReSendWelcomeEmails`). */
export function resendWelcomeEmails(): Promise<MemberMailResult> {
  return apiRequest(adminRoutes.resendWelcomeEmails);
}

export const useResendWelcomeEmails = () => useMutation({ mutationFn: resendWelcomeEmails });
