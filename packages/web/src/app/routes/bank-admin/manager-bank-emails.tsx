import { PaymentEmails } from '../../../features/bank/admin/components/payment-emails';
import { WithCurrentHarvestYear } from './with-current-harvest-year';

/** /applicationManager/bank/emails */
export function ManagerBankEmailsRoute() {
  return (
    <WithCurrentHarvestYear>
      {(currentHarvestYear) => <PaymentEmails currentHarvestYear={currentHarvestYear} />}
    </WithCurrentHarvestYear>
  );
}
