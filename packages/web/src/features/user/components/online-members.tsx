import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOnlineMembers } from '../api/get-online-members';

/**
 * "3 leden zijn nu online" under the home's greeting (`user/onlineMembers`, docs/product/people-and-roles.md,
 * "Online members"). The line keeps its height while the figure loads, so nothing below it moves when it
 * arrives; a failure leaves it empty.
 */
export function OnlineMembers() {
  const { t } = useTranslation();
  const count = useOnlineMembers().data?.count;
  return (
    <Text size="sm" c="dimmed">
      {count === undefined ? '\u00a0' : t('home.online', { count })}
    </Text>
  );
}
