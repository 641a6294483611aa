import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/form';
import { notifyError, notifySuccess } from './notify';
import { type SubscriptionExportScope, useExportSubscriptionTransactions } from './api/export-transactions';

/**
 * On a subscription's manager page: its transactions as a spreadsheet, or those of the subscription of
 * the same name in the current harvest year (`export/transactions/subscription[/currentHarvestYear]/{id}`).
 */
export function SubscriptionExports({ subscriptionId }: { subscriptionId: number }) {
  const { t } = useTranslation('bankManager');
  const errorText = useErrorText();
  const exportFile = useExportSubscriptionTransactions();
  const button = (scope: SubscriptionExportScope) => (
    <Button
      variant="light"
      leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
      loading={exportFile.isPending && exportFile.variables?.scope === scope}
      disabled={exportFile.isPending && exportFile.variables?.scope !== scope}
      onClick={() =>
        exportFile.mutate(
          { id: subscriptionId, scope },
          {
            onSuccess: () => notifySuccess(t('subscriptionExports.exported')),
            onError: (error) => notifyError(errorText(error)),
          },
        )
      }
    >
      {t(`subscriptionExports.${scope}`)}
    </Button>
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby="subscription-exports">
      <Title order={2} size="h4" id="subscription-exports">
        {t('subscriptionExports.title')}
      </Title>
      <Group gap="sm">
        {button('subscription')}
        {button('currentHarvestYear')}
      </Group>
      <Text size="sm" c="dimmed">
        {t('subscriptionExports.currentHarvestYearHint')}
      </Text>
    </Stack>
  );
}
