import { Button, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconQrcode } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EpcQrCode } from './member-epc-qr';

/** From a tablet on the QR code is shown at once: scanning the screen with a phone is the point there. */
const wideQuery = '(min-width: 48em)';

const wideList = (): MediaQueryList | undefined =>
  typeof window.matchMedia === 'function' ? (window.matchMedia(wideQuery) ?? undefined) : undefined;

/** Whether the screen is tablet-wide or more, known at the first render (no flash of the other layout). */
function useWide(): boolean {
  const [wide, setWide] = useState(() => Boolean(wideList()?.matches));
  useEffect(() => {
    const list = wideList();
    if (!list?.addEventListener) return;
    const changed = (event: MediaQueryListEvent) => setWide(event.matches);
    list.addEventListener('change', changed);
    return () => list.removeEventListener('change', changed);
  }, []);
  return wide;
}

/**
 * The EPC QR code for a banking app. On a laptop or tablet it is shown with its heading: the member scans
 * it with their phone. On a phone it is behind 'Betalen vanaf een ander toestel' (decision 090):
 * a phone cannot scan its own screen, so the code would only push the copy buttons down; whoever wants to
 * pay from another device opens it (a disclosure: `aria-expanded`, the code loaded only then).
 */
export function QrSection({ payload }: { payload: string }) {
  const { t } = useTranslation('bank');
  const wide = useWide();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  if (wide) {
    return (
      <Stack gap="xs" component="section" aria-labelledby="payment-qr">
        <Title order={2} size="h4" id="payment-qr">
          {t('payment.qrTitle')}
        </Title>
        <Text size="sm">{t('payment.qrText')}</Text>
        <EpcQrCode payload={payload} />
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        leftSection={<IconQrcode size={18} aria-hidden />}
        rightSection={
          open ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />
        }
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((value) => !value)}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
      >
        {t('payment.otherDevice')}
      </Button>
      <Stack gap="xs" id={bodyId} hidden={!open}>
        {open && (
          <>
            <Text size="sm">{t('payment.otherDeviceText')}</Text>
            <EpcQrCode payload={payload} />
          </>
        )}
      </Stack>
    </Stack>
  );
}
