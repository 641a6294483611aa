import { useMutation } from '@tanstack/react-query';
import { adminRoutes, type MemberMailResult } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

/** A password-reset link to every member but me (`GET Admin/AdminAction/ResetAllPasswords`). */
export function resetAllPasswords(): Promise<MemberMailResult> {
  return apiRequest(adminRoutes.resetAllPasswords);
}

export const useResetAllPasswords = () => useMutation({ mutationFn: resetAllPasswords });
