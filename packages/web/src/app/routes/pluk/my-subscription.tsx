import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link';
import {
  MySubscription,
  type MySubscriptionLinks,
} from '../../../features/subscription/components/my-subscription';
// bank (member)
import {
  MemberTransactionList,
  type MemberTransactionLinks,
} from '../../../features/bank/components/member-transaction-list';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from './use-id-param';

const links: MySubscriptionLinks = {
  editHousehold: paths.account.edit.getHref(),
  tasks: paths.tasks.getHref(),
};

// bank (member)
const paymentLinks: MemberTransactionLinks = { payment: paths.bank.payment.getHref };

/** /pluk/subscription/{id}: one of my subscriptions, in tabs. */
export function MySubscriptionRoute() {
  const { t } = useTranslation('subscription');
  const id = useIdParam('id');
  if (id === null) return <NotFoundRoute />;
  return (
    <Stack gap="lg">
      <BackLink to={paths.pluk.getHref()}>{t('mine.backToPluk')}</BackLink>
      <MySubscription
        id={id}
        links={links}
        payments={<MemberTransactionList links={paymentLinks} subscriptionId={id} />}
      />
    </Stack>
  );
}
