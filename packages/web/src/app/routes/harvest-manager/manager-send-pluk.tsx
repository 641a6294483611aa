import { SendPlukMail } from '../../../features/harvest/components/send-pluk-mail';

/** /applicationManager/communication/sendpluk: choose, preview and send the pluk mail; its rounds. */
export function ManagerSendPlukRoute() {
  return <SendPlukMail />;
}
