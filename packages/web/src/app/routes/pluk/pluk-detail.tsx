import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link';
import { PlukDetailView } from '../../../features/pluk/components/pluk-detail';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from './use-id-param';

/** /pluk/detail/{id}/{subscriptionId}: how to pick one crop for one of my subscriptions. */
export function PlukDetailRoute() {
  const { t } = useTranslation('pluk');
  const cropId = useIdParam('id');
  const subscriptionId = useIdParam('subscriptionId');
  if (cropId === null || subscriptionId === null) return <NotFoundRoute />;
  return (
    <Stack gap="lg">
      <BackLink to={paths.pluk.getHref()}>{t('detail.backToList')}</BackLink>
      <PlukDetailView cropId={cropId} subscriptionId={subscriptionId} />
    </Stack>
  );
}
