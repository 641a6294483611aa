import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useRequest } from '../../../features/request/api/get-requests';
import { RequestForm } from '../../../features/request/components/request-form';
import { isApiError } from '../../../lib/errors';
import { paths } from '../../paths';
import { useGoBack } from '../../layouts/modal-layout';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from './use-id-param';

function EditRequest({ id }: { id: number }) {
  const { t } = useTranslation('requests');
  const goBack = useGoBack();
  const query = useRequest(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFoundRoute />;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  // Only my request, and only while nobody took it (the server refuses anything else as well).
  if (!query.data.isMine || query.data.status !== 'open') {
    return (
      <Alert color="yellow" variant="light">
        {query.data.isMine ? t('form.notEditable') : t('form.notMine')}
      </Alert>
    );
  }
  return (
    <RequestForm
      request={query.data}
      walletHref={paths.wallet.getHref()}
      onSaved={() => {
        notifications.show({ color: 'brand', message: t('form.saved') });
        goBack();
      }}
    />
  );
}

/** /requests/{id}/edit (modal layout): change my request while nobody took it. */
export function RequestEditRoute() {
  const id = useIdParam();
  if (id === null) return <NotFoundRoute />;
  return <EditRequest key={id} id={id} />;
}
