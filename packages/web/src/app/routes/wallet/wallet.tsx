import { WalletView } from '../../../features/wallet/components/wallet-view';
import { paths } from '../../paths';

const links = { offer: paths.marketOffer.getHref, request: paths.request.getHref };

/** /wallet: my virtual money and its movements. */
export function WalletRoute() {
  return <WalletView links={links} />;
}
