import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Policy } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { usePolicy } from '../../../features/reenrolment/manager/api/get-policy';
import {
  PolicyForm,
  type OfferCopySource,
} from '../../../features/reenrolment/manager/components/policy-form';
import { managedSubscriptionsQueryOptions } from '../../../features/subscription/api/manager-subscriptions';
import { isApiError } from '../../../lib/errors';
import { paths } from '../../paths';
import { WithCurrentHarvestYear } from '../bank-admin/with-current-harvest-year';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from '../subscription-manager/use-id-param';

function useAfterSave() {
  const { t } = useTranslation('reenrolmentManager');
  const navigate = useNavigate();
  return (policy: Policy) => {
    notifications.show({ color: 'brand', message: t('form.saved') });
    void navigate(paths.manager.reenrolment.detail.getHref(policy.id), { replace: true });
  };
}

/** This harvest year's active subscriptions, from the subscription feature, as offers to copy. */
function useCopySource(currentHarvestYear: number): OfferCopySource {
  const queryClient = useQueryClient();
  return {
    harvestYear: currentHarvestYear,
    load: async () =>
      (await queryClient.fetchQuery(managedSubscriptionsQueryOptions(currentHarvestYear))).filter(
        (subscription) => subscription.isActive,
      ),
  };
}

function Form({ policy, currentHarvestYear }: { policy?: Policy; currentHarvestYear: number }) {
  const onSaved = useAfterSave();
  const copySource = useCopySource(currentHarvestYear);
  return (
    <PolicyForm
      policy={policy}
      currentHarvestYear={currentHarvestYear}
      copySource={copySource}
      onSaved={onSaved}
    />
  );
}

/** /applicationManager/administration-actions/IntentionPolicy/new (modal layout). */
export function ManagerPolicyNewRoute() {
  return (
    <WithCurrentHarvestYear>
      {(currentHarvestYear) => <Form currentHarvestYear={currentHarvestYear} />}
    </WithCurrentHarvestYear>
  );
}

function Edit({ id }: { id: number }) {
  const { t } = useTranslation('reenrolmentManager');
  const query = usePolicy(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFoundRoute />;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data.convertedAt !== null)
    return (
      <Alert color="gray" icon={<IconLock aria-hidden />} role="note">
        {t('form.convertedNotice')}
      </Alert>
    );
  return (
    <WithCurrentHarvestYear>
      {(currentHarvestYear) => <Form policy={query.data} currentHarvestYear={currentHarvestYear} />}
    </WithCurrentHarvestYear>
  );
}

/** /applicationManager/administration-actions/IntentionPolicy/edit/{id} (modal layout). */
export function ManagerPolicyEditRoute() {
  const id = useIdParam('id');
  if (id === null) return <NotFoundRoute />;
  return <Edit id={id} />;
}
