import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '../../../lib/form';
import { useGeneratePaymentMail } from './api/transaction-mutations';
import { notifyError, notifySuccess } from './notify';

/**
 * "Betaalmail maken": the server stores a "payment needed" e-mail for this transaction, to review and
 * send on the mails screen (nothing is sent from here). The outcome stays beside the button, with the
 * way to that screen.
 */
export function SendPaymentMail({
  userId,
  transactionId,
  emailsHref,
}: {
  userId: number;
  transactionId: number;
  emailsHref: string;
}) {
  const { t } = useTranslation('bankManager');
  const errorText = useErrorText();
  const generate = useGeneratePaymentMail();
  const outcome = generate.data;
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="light"
        leftSection={<IconMail size={18} aria-hidden />}
        loading={generate.isPending}
        onClick={() =>
          generate.mutate(
            { userId, transactionId },
            {
              onSuccess: (result) =>
                result.generated > 0 ? notifySuccess(t('mail.ready')) : notifyError(t('mail.skipped')),
              onError: (error) => notifyError(errorText(error)),
            },
          )
        }
      >
        {t('mail.create')}
      </Button>
      {outcome && (
        <Alert color={outcome.generated > 0 ? 'green' : 'yellow'} variant="light" role="status">
          <Stack gap={4}>
            <Text size="sm" className="pluk-wrap">
              {outcome.generated > 0 ? t('mail.ready') : t('mail.skipped')}
            </Text>
            <Anchor component={Link} to={emailsHref} size="sm" fw={600}>
              {t('mail.toEmails')}
            </Anchor>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
