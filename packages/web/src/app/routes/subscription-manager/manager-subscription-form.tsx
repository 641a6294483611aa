import { notifications } from '@mantine/notifications';
import type { ManagedSubscription } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useManagedSubscription } from '../../../features/subscription/api/manager-subscriptions';
import { useCurrentHarvestYear } from '../../../features/subscription/api/member-subscriptions';
import { SubscriptionForm } from '../../../features/subscription/components/subscription-form';
import { isApiError } from '../../../lib/errors';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from './use-id-param';

function useAfterSave() {
  const { t } = useTranslation('subscription');
  const navigate = useNavigate();
  return (subscription: ManagedSubscription) => {
    notifications.show({ color: 'brand', message: t('manager.saved') });
    void navigate(paths.manager.subscriptions.detail.getHref(subscription.id), { replace: true });
  };
}

/** /applicationManager/subscription/new (modal layout); `?oogstjaar=` presets the harvest year. */
export function ManagerSubscriptionNewRoute() {
  const onSaved = useAfterSave();
  const [searchParams] = useSearchParams();
  const current = useCurrentHarvestYear();
  const asked = Number(searchParams.get('oogstjaar'));
  if (Number.isSafeInteger(asked) && asked > 0) {
    return <SubscriptionForm harvestYear={asked} onSaved={onSaved} />;
  }
  if (current.isPending) return <LoadingState />;
  if (current.isError) return <ErrorState error={current.error} onRetry={() => void current.refetch()} />;
  return <SubscriptionForm harvestYear={current.data} onSaved={onSaved} />;
}

function Edit({ id }: { id: number }) {
  const query = useManagedSubscription(id);
  const onSaved = useAfterSave();
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFoundRoute />;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  return (
    <SubscriptionForm subscription={query.data} harvestYear={query.data.harvestYear} onSaved={onSaved} />
  );
}

/** /applicationManager/subscription/{id}/edit (modal layout). */
export function ManagerSubscriptionEditRoute() {
  const id = useIdParam('id');
  if (id === null) return <NotFoundRoute />;
  return <Edit id={id} />;
}
