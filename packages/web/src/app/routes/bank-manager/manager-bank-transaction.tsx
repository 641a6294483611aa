import { useNavigate } from 'react-router';
import { TransactionDetail } from '../../../features/bank/manager/transaction-detail';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { bankLinks } from './links';
import { useIdParam } from './use-id-param';

/** /applicationManager/bank/Transactions/detail/{id}: one transaction, its actions and audit trail. */
export function ManagerBankTransactionRoute() {
  const id = useIdParam('id');
  const navigate = useNavigate();
  if (id === null) return <NotFoundRoute />;
  return (
    <TransactionDetail
      id={id}
      links={bankLinks}
      onDeleted={() => void navigate(paths.manager.bank.list.getHref(), { replace: true })}
    />
  );
}
