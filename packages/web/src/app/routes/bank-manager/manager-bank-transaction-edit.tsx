import { useNavigate } from 'react-router';
import { TransactionEdit } from '../../../features/bank/manager/transaction-edit-form';
import { NotFoundRoute } from '../not-found';
import { bankLinks } from './links';
import { useIdParam } from './use-id-param';

/** /applicationManager/bank/Transactions/edit/{id} (modal layout): an open transaction's amount, text and due date. */
export function ManagerBankTransactionEditRoute() {
  const id = useIdParam('id');
  const navigate = useNavigate();
  if (id === null) return <NotFoundRoute />;
  return (
    <TransactionEdit
      id={id}
      notFound={<NotFoundRoute />}
      onSaved={(saved) => void navigate(bankLinks.detail(saved.id), { replace: true })}
    />
  );
}
