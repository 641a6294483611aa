import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { RegisterForm } from '../../../features/auth/components/register-form';
import { useAppInfo } from '../../../features/info/api/get-app-info';
import { useCustomRegistrationQuestion } from '../../../features/info/api/get-custom-registration-question';
import { useMembershipExplanation } from '../../../features/info/api/get-membership-explanation';
import { paths } from '../../paths';

function RegisteredResult({ firstName }: { firstName: string }) {
  const { t } = useTranslation(['auth', 'common']);
  const info = useAppInfo();
  return (
    <Stack gap="md" align="stretch">
      <Alert color="brand" icon={<IconHourglass />} title={t('register.successTitle')} role="status">
        {t('register.successText', { firstName, appName: info?.appName ?? t('common:productName') })}
      </Alert>
      <Button component={Link} to={paths.login.getHref()} size="md">
        {t('register.toLogin')}
      </Button>
    </Stack>
  );
}

/** /Register: membership explanation, the form, and the waiting-list result. */
export function RegisterRoute() {
  const { t } = useTranslation(['auth', 'common']);
  const [registeredAs, setRegisteredAs] = useState<string | null>(null);
  const explanation = useMembershipExplanation();
  const question = useCustomRegistrationQuestion();

  if (registeredAs !== null) return <RegisteredResult firstName={registeredAs} />;

  return (
    <Stack gap="lg">
      <Text>{t('register.intro')}</Text>
      {explanation.data?.text && (
        <Paper withBorder p="md" radius="md" bg="brand.0">
          <Title order={2} size="h5" mb={4}>
            {t('register.membershipTitle')}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {explanation.data.text}
          </Text>
        </Paper>
      )}
      {question.isPending ? (
        <LoadingState />
      ) : question.isError ? (
        <ErrorState error={question.error} onRetry={() => void question.refetch()} />
      ) : (
        <RegisterForm customQuestion={question.data.question} onRegistered={setRegisteredAs} />
      )}
      <Text ta="center" size="sm">
        {t('register.haveAccount')}{' '}
        <Anchor component={Link} to={paths.login.getHref()} fw={600} className="pluk-touch-link">
          {t('register.toLoginLink')}
        </Anchor>
      </Text>
    </Stack>
  );
}
