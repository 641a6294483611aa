import { MollieSettings } from '../../../features/bank/admin/components/mollie-settings';

const links = {
  // The manager's transaction page is another slice's; its path is fixed by the product spec
  // (`/bank/Transactions/detail/{id}`), so the link is written out here until paths.ts names it.
  transactionHref: (id: number) => `/applicationManager/bank/Transactions/detail/${id}`,
};

/** /applicationManager/mollie */
export function ManagerMollieRoute() {
  return <MollieSettings links={links} />;
}
