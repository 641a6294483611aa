import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CropForm } from '../../../features/harvest/components/crop-form';
import { paths } from '../../paths';

/** /applicationManager/crops/new (modal layout): after saving, the new crop's page. */
export function ManagerCropNewRoute() {
  const { t } = useTranslation('harvest');
  const navigate = useNavigate();
  return (
    <CropForm
      onSaved={(crop) => {
        notifications.show({ color: 'brand', message: t('crop.created') });
        void navigate(paths.manager.crops.detail.getHref(crop.id), { replace: true });
      }}
    />
  );
}
