import { Button, Modal, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBasket } from '@tabler/icons-react';
import type { OfferDetail } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { LastReservationPanel, ReservePanel } from './reserve-panel';

/**
 * The buy dialog of the manager's offer detail (docs/product/api-and-routes.md, "Screens and layouts"): the
 * member's own take/buy panel in a dialog, so a manager reserves for themself exactly as a member does (one
 * idempotency key per intent, the same refusals, the confirmation), without leaving the offer's takers (issue
 * 33).
 */
export function ManagerBuyDialog({ offer }: { offer: OfferDetail }) {
  const { t } = useTranslation(['productManager', 'common']);
  const [opened, { open, close }] = useDisclosure(false);
  const title = t(offer.isFree ? 'detail.takeTitle' : 'detail.buyTitle', { title: offer.title });
  return (
    <>
      <Button variant="light" leftSection={<IconBasket size={18} aria-hidden />} onClick={open}>
        {t(offer.isFree ? 'detail.takeOpen' : 'detail.buyOpen')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={title}
        centered
        closeButtonProps={{ 'aria-label': t('common:header.close') }}
      >
        <Stack gap="sm">
          <LastReservationPanel offer={offer} />
          <ReservePanel offer={offer} />
        </Stack>
      </Modal>
    </>
  );
}
