import { Alert, Button, Card, Checkbox, Collapse, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconChevronDown, IconMailForward, IconMailPlus, IconTrash } from '@tabler/icons-react';
import type { PaymentEmailKind, PendingPaymentEmail } from '@pluk/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { EmptyState } from '../../../../components/empty-state';
import { FormError } from '../../../../components/form-error';
import { ErrorState, LoadingState } from '../../../../components/query-state';
import { SavingProgress } from '../../../../components/upload-parts';
import { formatMoment } from '../../../../lib/dates';
import { formatEuros } from '../../../../lib/euros';
import { useErrorText } from '../../../../lib/form';
import {
  useConfirmEmails,
  useDiscardEmail,
  useGenerateEmails,
  usePendingEmails,
} from '../api/payment-emails';

/** One waiting e-mail: pick it, read it, or drop it. */
function PendingEmailCard({
  email,
  selected,
  onSelect,
}: {
  email: PendingPaymentEmail;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}) {
  const { t } = useTranslation('bankAdmin');
  const errorText = useErrorText();
  const [open, { toggle }] = useDisclosure(false);
  const textId = useId();
  const discard = useDiscardEmail(email.kind);
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Stack gap={6}>
        <Checkbox
          checked={selected}
          onChange={(event) => onSelect(event.currentTarget.checked)}
          label={email.toName}
          description={email.toEmail}
          classNames={{ label: 'pluk-wrap', description: 'pluk-wrap' }}
        />
        <Text fw={600} className="pluk-wrap">
          {email.subject}
        </Text>
        <Text size="sm">
          {t('emails.amount', {
            amount: formatEuros(email.amountCents),
            date: formatMoment(email.createdAt),
          })}
        </Text>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-md"
            aria-expanded={open}
            aria-controls={textId}
            rightSection={
              <IconChevronDown
                size={16}
                aria-hidden
                style={{ transform: open ? 'rotate(180deg)' : undefined }}
              />
            }
            onClick={toggle}
          >
            {open ? t('emails.hideText') : t('emails.showText')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="compact-md"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={discard.isPending}
            aria-label={t('emails.discardFor', { name: email.toName })}
            onClick={() =>
              discard.mutate(email.id, {
                onSuccess: () =>
                  notifications.show({
                    color: 'brand',
                    message: t('emails.discarded', { name: email.toName }),
                  }),
              })
            }
          >
            {t('emails.discard')}
          </Button>
        </Group>
        <Collapse in={open} id={textId}>
          <Text
            size="sm"
            component="div"
            p="xs"
            bg="gray.0"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', borderRadius: 4 }}
          >
            {email.text}
          </Text>
        </Collapse>
        {discard.isError && <FormError>{errorText(discard.error)}</FormError>}
      </Stack>
    </Card>
  );
}

/**
 * One kind of payment e-mail in two steps: "Maak mails" stores them for the harvest year (nothing is
 * sent), the manager reads them and drops what should not go, then "Verstuur" queues the chosen ones, or
 * all when none is chosen.
 */
export function PaymentEmailList({ kind, harvestYear }: { kind: PaymentEmailKind; harvestYear: number }) {
  const { t } = useTranslation(['bankAdmin', 'common']);
  const errorText = useErrorText();
  const query = usePendingEmails(kind);
  const generate = useGenerateEmails(kind);
  const confirm = useConfirmEmails(kind);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [asking, setAsking] = useState(false);
  const [queued, setQueued] = useState<number | null>(null);

  const emails = query.data ?? [];
  // Only what is still waiting counts: a dropped or sent e-mail leaves the choice with the list.
  const selectedIds = emails.filter((email) => picked.has(email.id)).map((email) => email.id);
  const sendCount = selectedIds.length > 0 ? selectedIds.length : emails.length;
  const allSelected = emails.length > 0 && selectedIds.length === emails.length;

  const select = (id: number, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const make = () => {
    setQueued(null);
    generate.mutate(harvestYear, {
      onSuccess: (result) =>
        notifications.show({
          color: 'brand',
          icon: <IconCheck size={18} aria-hidden />,
          message: [
            t('emails.generated', { count: result.generated }),
            result.skipped > 0 ? t('emails.skipped', { count: result.skipped }) : '',
          ]
            .filter(Boolean)
            .join(' '),
        }),
    });
  };

  const send = () =>
    confirm.mutate(selectedIds.length > 0 ? selectedIds : undefined, {
      onSuccess: (result) => {
        setAsking(false);
        setPicked(new Set());
        setQueued(result.queued);
        notifications.show({
          color: 'brand',
          icon: <IconCheck size={18} aria-hidden />,
          message: t('emails.queued', { count: result.queued }),
        });
      },
    });

  return (
    <Stack gap="md">
      <Text>{kind === 'needed' ? t('emails.neededIntro') : t('emails.reminderIntro')}</Text>
      <Group>
        <Button
          variant="light"
          leftSection={<IconMailPlus size={18} aria-hidden />}
          loading={generate.isPending}
          onClick={make}
        >
          {t('emails.generate', { year: harvestYear })}
        </Button>
      </Group>
      <SavingProgress pending={generate.isPending} label={t('emails.generating')} />
      {generate.isError && <FormError>{errorText(generate.error)}</FormError>}
      {queued !== null && (
        <Alert color="brand" icon={<IconCheck aria-hidden />} role="status">
          {t('emails.queued', { count: queued })}
        </Alert>
      )}
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : emails.length === 0 ? (
        <EmptyState icon={IconMailForward} title={t('emails.emptyTitle')} text={t('emails.emptyText')} />
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Text fw={500}>{t('emails.waiting', { count: emails.length })}</Text>
            <Button
              variant="subtle"
              size="compact-md"
              onClick={() => setPicked(allSelected ? new Set() : new Set(emails.map((email) => email.id)))}
            >
              {allSelected ? t('emails.selectNone') : t('emails.selectAll')}
            </Button>
          </Group>
          <Stack
            component="ul"
            gap="xs"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={t('emails.listLabel')}
          >
            {emails.map((email) => (
              <PendingEmailCard
                key={email.id}
                email={email}
                selected={picked.has(email.id)}
                onSelect={(on) => select(email.id, on)}
              />
            ))}
          </Stack>
          <SavingProgress pending={confirm.isPending} label={t('emails.sending')} />
          <Group>
            <Button
              size="md"
              leftSection={<IconMailForward size={18} aria-hidden />}
              loading={confirm.isPending}
              onClick={() => {
                confirm.reset();
                setAsking(true);
              }}
            >
              {t('emails.send', { count: sendCount })}
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmDialog
        opened={asking}
        onClose={() => setAsking(false)}
        title={t('emails.confirmTitle')}
        text={
          selectedIds.length > 0
            ? t('emails.confirmSelected', { count: sendCount })
            : t('emails.confirmAll', { count: sendCount })
        }
        confirmLabel={t('emails.send', { count: sendCount })}
        pending={confirm.isPending}
        error={confirm.error}
        onConfirm={send}
      />
    </Stack>
  );
}
