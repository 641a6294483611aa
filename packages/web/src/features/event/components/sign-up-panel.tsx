import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { eventLimits, type EventDetail } from '@pluk/contract';
import { startTransition, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { useErrorText } from '../../../lib/form';
import { useSignUpMutations } from '../api/events';

/** The number in the guests field; an emptied field counts as 0. */
function guestsOf(value: string | number): number {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? Math.trunc(number) : 0;
}

/** A sign-up not answered yet (event-detail.tsx's optimistic one). */
const isPending = (attendance: EventDetail['myAttendance']) => attendance !== null && attendance.id < 0;

/**
 * Sign up with a number of guests, change the guests, or cancel — each disabled with its reason in Dutch
 * when the event is over, started, closed or has no room. The server decides in the end (the last place).
 * Signing up is a React 19 action: `onSigningUp` shows me signed up at once (`useOptimistic` in the
 * screen, decision 088) and React puts the panel back, with the server's refusal, when it fails.
 */
export function SignUpPanel({
  event,
  onSigningUp,
}: {
  event: EventDetail;
  /** Shows the sign-up with these guests before the server answers; called inside the action. */
  onSigningUp?: (guests: number) => void;
}) {
  const { t } = useTranslation(['events', 'common']);
  const errorText = useErrorText();
  const reasonId = useId();
  const mine = event.myAttendance;
  const [guests, setGuests] = useState<string | number>(mine?.guests ?? 0);
  const [cancelOpened, cancelDialog] = useDisclosure(false);
  const { take, changeGuests, cancel } = useSignUpMutations(event.id);
  const pending = take.isPending || changeGuests.isPending || cancel.isPending || isPending(mine);
  const failed = [take, changeGuests, cancel].find((mutation) => mutation.isError);

  // The field follows my sign-up; a refused sign-up (its guess gone) keeps what was typed.
  const mineId = mine?.id;
  const mineGuests = mine?.guests;
  const shownId = useRef(mineId);
  useEffect(() => {
    const wasGuess = shownId.current !== undefined && shownId.current < 0;
    shownId.current = mineId;
    if (wasGuess && mineId === undefined) return;
    setGuests(mineGuests ?? 0);
  }, [mineId, mineGuests, mine?.status]);

  const wanted = guestsOf(guests);
  const holding = mine && mine.status !== 'refused' ? 1 + mine.guests : 0;
  const available = event.placesLeft === null ? null : event.placesLeft + holding;
  const fits = available === null || 1 + wanted <= available;
  const guestsText = t('sheet.guests', { count: wanted });

  const resetErrors = () => [take, changeGuests, cancel].forEach((mutation) => mutation.reset());
  const toast = (message: string) =>
    notifications.show({ color: 'brand', icon: <IconCheck size={18} />, message });

  let blocked: string | null = null;
  if (event.hasEnded) blocked = t('detail.reasons.ended');
  else if (event.hasStarted) blocked = t('detail.reasons.started');
  else if (mine?.status === 'refused') blocked = t('detail.refused');
  else if (!mine && event.isClosed) blocked = t('detail.reasons.closed');
  else if (!mine && available === 0) blocked = t('detail.reasons.full');

  const guestsField = (
    <NumberInput
      label={t('detail.guests')}
      description={t('detail.guestsHelp')}
      value={guests}
      onChange={(value) => {
        resetErrors();
        setGuests(value);
      }}
      min={eventLimits.guestsMin}
      max={eventLimits.guestsMax}
      clampBehavior="strict"
      allowDecimal={false}
      allowNegative={false}
      inputMode="numeric"
      hideControls
      size="md"
      disabled={pending}
    />
  );
  const noRoom = !fits ? t('detail.reasons.notEnough', { count: available ?? 0, guests: guestsText }) : null;

  let body;
  if (blocked) {
    body = (
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconInfoCircle size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text>{blocked}</Text>
      </Group>
    );
  } else if (!mine) {
    body = (
      <Stack gap="sm">
        {guestsField}
        {noRoom && (
          <Text size="sm" c="red.8" id={reasonId}>
            {noRoom}
          </Text>
        )}
        <Button
          size="md"
          fullWidth
          loading={take.isPending}
          disabled={!fits}
          aria-describedby={noRoom ? reasonId : undefined}
          onClick={() => {
            if (take.isPending) return;
            startTransition(async () => {
              onSigningUp?.(wanted);
              try {
                await take.mutateAsync(wanted);
              } catch {
                return; // the refusal shows under the panel (failed)
              }
              toast(t('detail.signedUpToast', { title: event.title }));
            });
          }}
        >
          {t('detail.signUp')}
        </Button>
      </Stack>
    );
  } else {
    const unchanged = wanted === mine.guests;
    const changeReason = event.isClosed
      ? t('detail.reasons.closedCancelStill')
      : (noRoom ?? (unchanged ? t('detail.reasons.sameGuests') : null));
    body = (
      <Stack gap="sm">
        <Alert color={mine.status === 'confirmed' ? 'green' : 'blue'} icon={<IconCheck aria-hidden />}>
          {mine.status === 'confirmed'
            ? t('detail.signedUpConfirmed', { count: mine.guests })
            : t('detail.signedUpWaiting', { count: mine.guests })}
        </Alert>
        {!event.isClosed && guestsField}
        {changeReason && (
          <Text size="sm" c={noRoom ? 'red.8' : 'dimmed'} id={reasonId}>
            {changeReason}
          </Text>
        )}
        {mine.status === 'confirmed' && wanted > mine.guests && (
          <Text size="sm" c="dimmed">
            {t('detail.moreGuestsWaits')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {!event.isClosed && (
            <Button
              size="md"
              variant="light"
              loading={changeGuests.isPending}
              disabled={unchanged || !fits || pending}
              aria-describedby={changeReason ? reasonId : undefined}
              onClick={() =>
                changeGuests.mutate(wanted, { onSuccess: () => toast(t('detail.changedToast')) })
              }
            >
              {t('detail.changeGuests')}
            </Button>
          )}
          <Button size="md" variant="outline" color="red" disabled={pending} onClick={cancelDialog.open}>
            {t('detail.cancel')}
          </Button>
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sign-up-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="sign-up-title">
          {t('detail.signUpTitle')}
        </Title>
        {body}
        {failed && <FormError>{errorText(failed.error)}</FormError>}
      </Stack>
      <Modal
        opened={cancelOpened}
        onClose={cancelDialog.close}
        title={t('detail.cancelTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common:header.close') }}
      >
        <Stack>
          <Text>{t('detail.cancelText', { title: event.title })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={cancelDialog.close}>
              {t('detail.keep')}
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => {
                    cancelDialog.close();
                    toast(t('detail.cancelledToast'));
                  },
                  onError: cancelDialog.close,
                })
              }
            >
              {t('detail.cancelConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
