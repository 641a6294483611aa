import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communicationRoutes, type SmtpSettings, type SmtpSettingsInput } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { communicationKeys } from './keys';

export function saveSmtp(body: SmtpSettingsInput): Promise<SmtpSettings> {
  return apiRequest(communicationRoutes.saveSmtp, { body });
}

/** Saves the SMTP server (`POST admin/settings/smtp`); every e-mail screen's banner is asked again. */
export function useSaveSmtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSmtp,
    onSuccess: (settings) => {
      queryClient.setQueryData(communicationKeys.smtp, settings);
      return queryClient.invalidateQueries({ queryKey: communicationKeys.all });
    },
  });
}
