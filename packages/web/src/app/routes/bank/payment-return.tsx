import { useState } from 'react';
import { useParams } from 'react-router';
import {
  PaymentReturnUnknown,
  PaymentReturnView,
  type PaymentReturnLinks,
} from '../../../features/bank/components/member-payment-return';
import { pendingPayment } from '../../../features/bank/pending-payment';
import { paths } from '../../paths';
import { useBackGoesTo } from './use-back-goes-to';

const links: PaymentReturnLinks = { payment: paths.bank.payment.getHref };

/**
 * /paymentReturn and /paymentReturn/{publicId}: where Mollie sends the browser back. The payment is the
 * one in the URL, else the one this tab set out to pay; any `status` in the query is ignored (only the
 * server's answer counts). Back goes to the payment page (or the home), never to Mollie's checkout.
 */
export function PaymentReturnRoute() {
  const { publicId: fromUrl } = useParams();
  // Read once on arrival: the page must not lose its payment when the kept id is cleared after a decision.
  const [kept] = useState(pendingPayment);
  const publicId = fromUrl ?? kept;
  useBackGoesTo(publicId ? paths.bank.payment.getHref(publicId) : paths.home.getHref());
  if (!publicId) return <PaymentReturnUnknown />;
  return <PaymentReturnView publicId={publicId} links={links} />;
}
