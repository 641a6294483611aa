import { PlukCropView } from '../../../features/harvest/components/pluk-crop';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from './use-id-param';

/** /applicationManager/pluk/{id}: one crop's pluk for every subscription. */
export function ManagerPlukCropRoute() {
  const id = useIdParam();
  if (id === null) return <NotFoundRoute />;
  return <PlukCropView cropId={id} editHref={paths.manager.pluk.edit.getHref(id)} />;
}
