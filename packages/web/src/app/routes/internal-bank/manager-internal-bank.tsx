import { InternalBankView } from '../../../features/wallet/components/manager-internal-bank';

/** /applicationManager/internalbank */
export function InternalBankRoute() {
  return <InternalBankView />;
}
