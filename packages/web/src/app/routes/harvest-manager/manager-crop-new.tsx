import { notifications } from '@mantine/notifications';
import { passesRoleCheck } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CropForm } from '../../../features/harvest/components/crop-form';
import { useAccount } from '../../../features/user/api/get-account';
import { paths } from '../../paths';

/** /applicationManager/crops/new (modal layout): after saving, the new crop's page. */
export function ManagerCropNewRoute() {
  const { t } = useTranslation('harvest');
  const navigate = useNavigate();
  const roles = useAccount().data?.roles ?? [];
  return (
    <CropForm
      canChooseFields={passesRoleCheck(roles, 'FieldManager')}
      onSaved={(crop) => {
        notifications.show({ color: 'brand', message: t('crop.created') });
        void navigate(paths.manager.crops.detail.getHref(crop.id), { replace: true });
      }}
    />
  );
}
