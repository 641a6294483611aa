import { PlukList } from '../../../features/harvest/components/pluk-list';
import { paths } from '../../paths';

/** /applicationManager/pluk: per crop and subscription, pickable now and the amount per share. */
export function ManagerPlukRoute() {
  return (
    <PlukList
      cropHref={paths.manager.pluk.detail.getHref}
      overviewHref={paths.manager.pluk.overview.getHref()}
    />
  );
}
