import { Button, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { isApiError } from '../../../lib/errors';
import { useErrorText } from '../../../lib/form';
import { useCreatePayment } from '../api/create-payment';
import { bankKeys } from '../api/keys';
import { checkout, isCheckoutUrl } from '../checkout';
import { forgetPendingPayment, rememberPendingPayment } from '../pending-payment';

/**
 * "Online betalen": asks the server to start a Mollie payment and sends the browser to its checkout.
 * The payment's public id is kept in this tab first, so the return page knows it even when Mollie comes
 * back without one; a start that fails forgets it again and shows why (docs/product/money.md, "Online payment
 * (Mollie)"). The button shows its progress until the browser has left.
 */
export function PayOnline({ publicId, headingId }: { publicId: string; headingId: string }) {
  const { t } = useTranslation('bank');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const create = useCreatePayment();
  const [leaving, setLeaving] = useState(false);
  // An answer without a web address to go to: shown like any other failure.
  const [unusableAnswer, setUnusableAnswer] = useState(false);
  const busy = create.isPending || leaving;

  // Back from the checkout, the browser may show this page from its memory as it was left (busy):
  // it is a page to pay from again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const pay = () => {
    if (busy) return;
    setUnusableAnswer(false);
    rememberPendingPayment(publicId);
    create.mutate(publicId, {
      onSuccess: ({ checkoutUrl }) => {
        if (!isCheckoutUrl(checkoutUrl)) {
          forgetPendingPayment();
          setUnusableAnswer(true);
          return;
        }
        setLeaving(true);
        checkout.go(checkoutUrl);
      },
      onError: (error) => {
        forgetPendingPayment();
        // Paid or cancelled meanwhile (409), or gone (404): the page shows the transaction as it is now.
        if (isApiError(error) && (error.status === 409 || error.status === 404)) {
          void queryClient.invalidateQueries({ queryKey: bankKeys.publicDetail(publicId) });
        }
      },
    });
  };

  const failure = create.isError ? errorText(create.error) : unusableAnswer ? errorText(null) : null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('payment.onlineTitle')}
      </Title>
      <Text size="sm">{t('payment.onlineText')}</Text>
      {failure && <FormError>{failure}</FormError>}
      <Button
        onClick={pay}
        loading={busy}
        leftSection={<IconCreditCard size={18} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('payment.payOnline')}
      </Button>
      <VisuallyHidden role="status">{busy ? t('payment.starting') : ''}</VisuallyHidden>
    </Stack>
  );
}
