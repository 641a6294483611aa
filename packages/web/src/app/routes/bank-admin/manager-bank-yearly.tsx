import { YearlyTransactions } from '../../../features/bank/admin/components/yearly-transactions';
import { WithCurrentHarvestYear } from './with-current-harvest-year';

/** /applicationManager/administration-actions/create-yearly-transactions */
export function ManagerBankYearlyRoute() {
  return (
    <WithCurrentHarvestYear>
      {(currentHarvestYear) => <YearlyTransactions currentHarvestYear={currentHarvestYear} />}
    </WithCurrentHarvestYear>
  );
}
