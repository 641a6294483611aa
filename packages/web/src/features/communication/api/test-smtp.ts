import { useMutation } from '@tanstack/react-query';
import { communicationRoutes, type SmtpTestResult } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function testSmtp(): Promise<SmtpTestResult> {
  return apiRequest(communicationRoutes.testSmtp);
}

/** "Test connection" with the saved settings (`POST admin/settings/smtp/test`). */
export const useTestSmtp = () => useMutation({ mutationFn: testSmtp });
