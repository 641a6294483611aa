import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useCrop } from '../../../features/harvest/api/crops';
import { CropForm } from '../../../features/harvest/components/crop-form';
import { useGoBack } from '../../layouts/modal-layout';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from './use-id-param';

function EditCrop({ id }: { id: number }) {
  const { t } = useTranslation('harvest');
  const goBack = useGoBack();
  const query = useCrop(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <CropForm
      crop={query.data}
      onSaved={() => {
        notifications.show({ color: 'brand', message: t('crop.saved') });
        goBack();
      }}
    />
  );
}

/** /applicationManager/crops/{id}/edit (modal layout). */
export function ManagerCropEditRoute() {
  const id = useIdParam();
  if (id === null) return <NotFoundRoute />;
  return <EditCrop key={id} id={id} />;
}
