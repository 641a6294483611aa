import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { usePlukOfCrop } from '../../../features/harvest/api/pluk';
import { PlukEditForm } from '../../../features/harvest/components/pluk-edit-form';
import { useGoBack } from '../../layouts/modal-layout';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from './use-id-param';

function EditPluk({ id }: { id: number }) {
  const { t } = useTranslation('harvest');
  const goBack = useGoBack();
  const query = usePlukOfCrop(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <PlukEditForm
      pluk={query.data}
      onSaved={() => {
        notifications.show({ color: 'brand', message: t('pluk.saved') });
        goBack();
      }}
    />
  );
}

/** /applicationManager/pluk/{id}/edit (modal layout). */
export function ManagerPlukEditRoute() {
  const id = useIdParam();
  if (id === null) return <NotFoundRoute />;
  return <EditPluk key={id} id={id} />;
}
