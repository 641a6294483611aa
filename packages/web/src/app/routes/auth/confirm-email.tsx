import { useSearchParams } from 'react-router';
import { ConfirmEmailForm, ConfirmEmailInvalid } from '../../../features/auth/components/confirm-email-form';

/** /confirm-email?token=…, the link of the e-mail to a new address (ADR 087). */
export function ConfirmEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  if (!token) return <ConfirmEmailInvalid />;
  return <ConfirmEmailForm token={token} />;
}
