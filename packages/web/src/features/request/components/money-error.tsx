import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { isApiError } from '../../../lib/errors';
import { useErrorText } from '../../../lib/form';

/** Codes that the member solves in the wallet: trading switched off, or too little money available. */
const walletCodes = new Set(['NOT_TRANSACTIONABLE', 'INSUFFICIENT_FUNDS']);

/** A refused action in Dutch; when it is about virtual money, with the way to the wallet. */
export function MoneyError({ error, walletHref }: { error: unknown; walletHref: string }) {
  const { t } = useTranslation('requests');
  const errorText = useErrorText();
  const toWallet = isApiError(error) && walletCodes.has(error.code);
  return (
    <FormError>
      <Stack gap={4}>
        <Text size="sm">{errorText(error)}</Text>
        {toWallet && (
          <Anchor component={Link} to={walletHref} size="sm" fw={600}>
            {t('detail.toWallet')}
          </Anchor>
        )}
      </Stack>
    </FormError>
  );
}
