import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { useRequest } from '../../../features/request/api/get-requests';
import { RequestDetailView } from '../../../features/request/components/request-detail';
import { isApiError } from '../../../lib/errors';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from './use-id-param';

const links = { edit: paths.requestEdit.getHref, wallet: paths.wallet.getHref() };

function RequestScreen({ id }: { id: number }) {
  const { t } = useTranslation('requests');
  const navigate = useNavigate();
  // The same query the view uses: a request that does not exist (any more) gets the not-found page.
  const query = useRequest(id);
  if (query.isError && isApiError(query.error) && query.error.status === 404) return <NotFoundRoute />;
  return (
    <Stack gap="lg">
      <BackLink to={paths.requests.getHref()}>{t('detail.backToList')}</BackLink>
      <RequestDetailView
        requestId={id}
        links={links}
        onDeleted={() => void navigate(paths.requests.getHref(), { replace: true })}
      />
    </Stack>
  );
}

/** /requests/{id}: the request and what I can do with it (help, confirm or refuse, edit or delete). */
export function RequestDetailRoute() {
  const id = useIdParam();
  if (id === null) return <NotFoundRoute />;
  return <RequestScreen key={id} id={id} />;
}
