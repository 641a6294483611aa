import { passesRoleCheck } from '@pluk/contract';
import { useNavigate } from 'react-router';
import { CropDetailView } from '../../../features/harvest/components/crop-detail';
import { useAccount } from '../../../features/user/api/get-account';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from './use-id-param';

/** /applicationManager/crops/{id}: the crop with its photos, pluk rows and actions. */
export function ManagerCropDetailRoute() {
  const id = useIdParam();
  const navigate = useNavigate();
  const roles = useAccount().data?.roles ?? [];
  if (id === null) return <NotFoundRoute />;
  return (
    <CropDetailView
      cropId={id}
      editHref={paths.manager.crops.edit.getHref(id)}
      plukHref={passesRoleCheck(roles, 'PlukManager') ? paths.manager.pluk.detail.getHref(id) : undefined}
      onDeleted={() => void navigate(paths.manager.crops.list.getHref(), { replace: true })}
    />
  );
}
