import { Button, Stack, Text } from '@mantine/core';
import { IconUserEdit } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { ContactDataCard } from '../../../features/user/components/contact-data-card';
import { useAccount } from '../../../features/user/api/get-account';
import { useContactData } from '../../../features/user/api/get-contact-data';
import { paths } from '../../paths';

/** /account/data: my contact data as other members (may) see it. */
export function AccountDataRoute() {
  const { t } = useTranslation('user');
  const account = useAccount().data;
  const contactData = useContactData(account?.id);
  return (
    <Stack gap="md">
      <Text c="dimmed">
        {t(account?.privacy.showContactData ? 'contactData.shared' : 'contactData.notShared')}
      </Text>
      {contactData.isPending ? (
        <LoadingState />
      ) : contactData.isError ? (
        <ErrorState error={contactData.error} onRetry={() => void contactData.refetch()} />
      ) : (
        <ContactDataCard data={contactData.data} />
      )}
      <Button
        component={Link}
        to={paths.account.edit.getHref()}
        variant="light"
        leftSection={<IconUserEdit size={18} />}
      >
        {t('contactData.edit')}
      </Button>
    </Stack>
  );
}
