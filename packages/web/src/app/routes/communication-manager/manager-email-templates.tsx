import { EmailTemplates } from '../../../features/communication/components/template-editor';

/** /applicationManager/settings/emails: the farm's e-mail templates (ApplicationManager). */
export function ManagerEmailTemplatesRoute() {
  return <EmailTemplates />;
}
