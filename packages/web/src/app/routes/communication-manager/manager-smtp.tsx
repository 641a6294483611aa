import { SmtpSettingsForm } from '../../../features/communication/components/smtp-form';

/** /applicationManager/settings/smtp: the farm's SMTP server (Admin). */
export function ManagerSmtpRoute() {
  return <SmtpSettingsForm />;
}
