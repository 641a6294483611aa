import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { FormError } from '../../../components/form-error';
import { isApiError } from '../../../lib/errors';
import { useErrorText } from '../../../lib/form';
import { useConfirmEmail } from '../api/confirm-email';

/**
 * Confirms a new e-mail address with the link's token (ADR 087). It waits for a click rather than
 * confirming on load: a mail scanner opening the link confirms nothing, and the link is used once.
 */
export function ConfirmEmailForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const confirm = useConfirmEmail();

  if (confirm.isSuccess) {
    return (
      <Stack>
        <Alert color="brand" role="status">
          <span className="pluk-wrap">{t('confirmEmail.done', { email: confirm.data.email })}</span>
        </Alert>
        <Button component={Link} to={paths.home.getHref()}>
          {t('confirmEmail.toHome')}
        </Button>
      </Stack>
    );
  }

  const code = isApiError(confirm.error) ? confirm.error.code : null;
  if (code === 'EMAIL_CHANGE_TOKEN_INVALID' || code === 'EMAIL_TAKEN') {
    return <ConfirmEmailInvalid taken={code === 'EMAIL_TAKEN'} />;
  }
  return (
    <Stack gap="md">
      <Text>{t('confirmEmail.intro')}</Text>
      {confirm.isError && <FormError>{errorText(confirm.error)}</FormError>}
      <Button
        size="md"
        fullWidth
        loading={confirm.isPending}
        onClick={() => {
          if (!confirm.isPending) confirm.mutate(token);
        }}
      >
        {t('confirmEmail.submit')}
      </Button>
    </Stack>
  );
}

/** An unknown, used or expired link (or an address taken meanwhile), said plainly with the way on. */
export function ConfirmEmailInvalid({ taken = false }: { taken?: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <Stack>
      <Alert color="red" role="alert">
        {taken ? t('confirmEmail.taken') : t('confirmEmail.invalid')}
      </Alert>
      <Button component={Link} to={paths.home.getHref()} variant="light">
        {t('confirmEmail.toHome')}
      </Button>
    </Stack>
  );
}
