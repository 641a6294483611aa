import { Button } from '@mantine/core';
import { IconFileSpreadsheet, IconListCheck, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UsersList } from '../../../features/users/components/users-list';
import { paths } from '../../paths';
import { useSubscriptionChoices } from './subscription-choices';

/** /applicationManager/users: every member, filtered and sorted, with links to the other users screens. */
export function UsersRoute() {
  const { t } = useTranslation('users');
  const subscriptions = useSubscriptionChoices();
  return (
    <UsersList
      subscriptions={subscriptions}
      newHref={paths.manager.users.create.getHref()}
      detailHref={paths.manager.users.detail.getHref}
      toolbar={
        <>
          <Button
            component={Link}
            to={paths.manager.waitingList.getHref()}
            variant="light"
            leftSection={<IconUserPlus size={18} aria-hidden />}
          >
            {t('list.toWaitingList')}
          </Button>
          <Button
            component={Link}
            to={paths.manager.users.multiactions.getHref()}
            variant="light"
            leftSection={<IconListCheck size={18} aria-hidden />}
          >
            {t('list.toMultiactions')}
          </Button>
          <Button
            component={Link}
            to={paths.manager.users.import.getHref()}
            variant="light"
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          >
            {t('list.toImport')}
          </Button>
        </>
      }
    />
  );
}
