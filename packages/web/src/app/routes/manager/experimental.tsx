import { Alert, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../features/user/api/get-account';
import { ImpersonationPicker } from '../../../features/users/components/impersonation-picker';
import { useAppStore } from '../../../lib/store';
import { paths } from '../../paths';

/** /applicationManager/experimental: an Admin chooses a user to act as (impersonation). */
export function ExperimentalRoute() {
  const { t } = useTranslation('users');
  const account = useAccount().data;
  const startImpersonating = useAppStore((state) => state.startImpersonating);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (!account) return null;

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('experimental.impersonationTitle')}
      </Title>
      <Alert color="yellow" icon={<IconInfoCircle />}>
        <Text size="sm">{t('experimental.impersonationText')}</Text>
      </Alert>
      <ImpersonationPicker
        ownUserId={account.id}
        onPick={(user) => {
          startImpersonating({ userId: user.id, displayName: `${user.firstName} ${user.lastName}` });
          // Everything cached was answered for the Admin; from now on the server answers as the user.
          // Leave this page first, so its Admin-only list is not asked again as that user.
          void Promise.resolve(navigate(paths.home.getHref())).then(() =>
            queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== 'info' }),
          );
        }}
      />
    </Stack>
  );
}
