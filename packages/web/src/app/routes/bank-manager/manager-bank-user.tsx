import { useSearchParams } from 'react-router';
import { UserPayments } from '../../../features/bank/manager/user-payments';
import { NotFoundRoute } from '../not-found';
import { bankLinks } from './links';
import { useIdParam } from './use-id-param';

/**
 * /applicationManager/bank/user/{userId}?naam=: a member's payments. The users area has no member page
 * yet; once it has, it shows `UserPayments` itself and this screen can link there instead.
 */
export function ManagerBankUserRoute() {
  const userId = useIdParam('userId');
  const name = useSearchParams()[0].get('naam')?.trim() || null;
  if (userId === null) return <NotFoundRoute />;
  return <UserPayments userId={userId} name={name} links={bankLinks} />;
}
