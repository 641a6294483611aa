import { Alert, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconEdit, IconTrash, IconX } from '@tabler/icons-react';
import type { RequestDetail } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmActionButton } from '../../../components/confirm-action-button';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { TakeButton } from '../../../components/take-button';
import { formatVirtualMoney } from '../../../lib/virtual-money';
import { useRequest } from '../api/get-requests';
import { newIdempotencyKey } from '../api/idempotency-key';
import {
  useConfirmRequest,
  useDeleteRequest,
  useRefuseRequest,
  useTakeRequest,
} from '../api/request-mutations';
import { MoneyError } from './money-error';
import { RequestFacts } from './request-card';
import { RequestStatusBadge } from '../../../components/status/status-badges';

export interface RequestLinks {
  edit: (id: number) => string;
  wallet: string;
}

/** Someone else's open request: "Ik help". */
function TakeAction({ request, walletHref }: { request: RequestDetail; walletHref: string }) {
  const { t } = useTranslation('requests');
  const take = useTakeRequest();
  return (
    <TakeButton
      mutation={take}
      variables={request.id}
      label={t('detail.take')}
      success={t('detail.taken')}
      reason={request.hasEnded ? t('detail.reasonEnded') : null}
      renderError={(error) => <MoneyError error={error} walletHref={walletHref} />}
    />
  );
}

/** The requester, once someone took the request: confirm (the reward moves) or refuse (it opens again). */
function ConfirmActions({ request, walletHref }: { request: RequestDetail; walletHref: string }) {
  const { t } = useTranslation(['requests', 'common']);
  const confirm = useConfirmRequest();
  const refuse = useRefuseRequest();
  const [confirmOpened, confirmDialog] = useDisclosure(false);
  // One key per confirmation: a retry in the same dialog sends it again, so the reward moves once.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const helper = request.takenBy?.firstName ?? t('detail.someone');
  const openConfirm = () => {
    if (!confirm.isPending) {
      confirm.reset();
      setIdempotencyKey(newIdempotencyKey());
    }
    confirmDialog.open();
  };
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Text>{t('detail.takenByText', { name: helper })}</Text>
        <Group grow wrap="wrap">
          <Button leftSection={<IconCheck size={18} aria-hidden />} onClick={openConfirm}>
            {t('detail.confirm')}
          </Button>
          <ConfirmActionButton
            variant="light"
            color="red"
            leftSection={<IconX size={18} aria-hidden />}

            confirm={{
              title: t('detail.refuseTitle'),
              text: t('detail.refuseText', { name: helper }),
              confirmLabel: t('detail.refuseYes'),
              color: 'red',
              mutation: refuse,
              variables: request.id,
              success: t('detail.refused'),
            }}
          >
            {t('detail.refuse')}
          </ConfirmActionButton>
        </Group>
      </Stack>
      <Modal
        opened={confirmOpened}
        onClose={confirmDialog.close}
        title={t('detail.confirmTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common:header.close') }}
      >
        <Stack>
          <Text>
            {request.rewardCents > 0
              ? t('detail.confirmText', { amount: formatVirtualMoney(request.rewardCents), name: helper })
              : t('detail.confirmTextNoReward', { name: helper })}
          </Text>
          {confirm.isError && <MoneyError error={confirm.error} walletHref={walletHref} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={confirmDialog.close}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              loading={confirm.isPending}
              onClick={() =>
                confirm.mutate(
                  { requestId: request.id, idempotencyKey },
                  {
                    onSuccess: () => {
                      confirmDialog.close();
                      notifications.show({ color: 'brand', message: t('detail.confirmed') });
                    },
                  },
                )
              }
            >
              {t('detail.confirmYes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/** The requester while nobody took the request: edit or delete it. */
function OwnerActions({
  request,
  editHref,
  onDeleted,
}: {
  request: RequestDetail;
  editHref: string;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('requests');
  const remove = useDeleteRequest();
  return (
    <Group grow wrap="wrap">
      {request.status === 'open' && (
        <Button
          component={Link}
          to={editHref}
          variant="light"
          leftSection={<IconEdit size={18} aria-hidden />}
        >
          {t('detail.edit')}
        </Button>
      )}
      <ConfirmActionButton
        variant="light"
        color="red"
        leftSection={<IconTrash size={18} aria-hidden />}

        confirm={{
          title: t('detail.deleteTitle'),
          text: t('detail.deleteText'),
          confirmLabel: t('detail.deleteYes'),
          color: 'red',
          mutation: remove,
          variables: request.id,
          success: t('detail.deleted'),
          onDone: onDeleted,
        }}
      >
        {t('detail.delete')}
      </ConfirmActionButton>
    </Group>
  );
}

/** What the member sees of the request's state when there is nothing (more) to do. */
function StateNote({ request }: { request: RequestDetail }) {
  const { t } = useTranslation('requests');
  const helper = request.takenBy?.firstName ?? t('detail.someone');
  let text: string | null = null;
  if (request.status === 'completed') {
    text =
      request.rewardCents > 0
        ? t('detail.completedText', { amount: formatVirtualMoney(request.rewardCents), name: helper })
        : t('detail.completedTextNoReward', { name: helper });
  } else if (request.status === 'closed') text = t('detail.closedText');
  else if (request.status === 'taken' && request.isTakenByMe)
    text = t('detail.takenByMeText', { name: request.requester.firstName });
  else if (request.status === 'taken' && !request.isMine) text = t('detail.takenByOther', { name: helper });
  if (!text) return null;
  return (
    <Alert color={request.status === 'completed' ? 'green' : 'gray'} variant="light">
      {text}
    </Alert>
  );
}

/** One request: what, reward, who asks, by when, its state and what this member can do with it. */
export function RequestDetailView({
  requestId,
  links,
  onDeleted,
}: {
  requestId: number;
  links: RequestLinks;
  onDeleted: () => void;
}) {
  const query = useRequest(requestId);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const request = query.data;
  const canTake = request.status === 'open' && !request.isMine;
  const canConfirm = request.status === 'taken' && request.isMine;
  const canManage = request.isMine && (request.status === 'open' || request.status === 'closed');
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} className="pluk-wrap">
            {request.title}
          </Title>
          <RequestStatusBadge status={request.status} />
        </Group>
        <RequestFacts request={request} />
      </Stack>
      {request.description && (
        <Text style={{ whiteSpace: 'pre-wrap' }} className="pluk-wrap">
          {request.description}
        </Text>
      )}
      <StateNote request={request} />
      {canTake && <TakeAction request={request} walletHref={links.wallet} />}
      {canConfirm && <ConfirmActions request={request} walletHref={links.wallet} />}
      {canManage && (
        <OwnerActions request={request} editHref={links.edit(request.id)} onDeleted={onDeleted} />
      )}
    </Stack>
  );
}
