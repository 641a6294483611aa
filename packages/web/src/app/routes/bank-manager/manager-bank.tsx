import { useNavigate } from 'react-router';
import { ManagerBankList } from '../../../features/bank/manager/manager-bank-list';
import { bankLinks } from './links';

/** /applicationManager/bank: the BankManager's transactions of a harvest year. */
export function ManagerBankRoute() {
  const navigate = useNavigate();
  return (
    <ManagerBankList
      links={bankLinks}
      onCreated={(transaction) => void navigate(bankLinks.detail(transaction.id))}
    />
  );
}
