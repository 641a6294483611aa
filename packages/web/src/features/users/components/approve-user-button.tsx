import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import type { ManagedUser } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/form';
import { useApproveUser } from '../api/approve-user';
import { useMayManage } from './may-manage';

/** Approve, after a confirmation; the server sends the welcome e-mail. */
export function ApproveUserButton({ user }: { user: ManagedUser }) {
  const { t } = useTranslation(['users', 'common']);
  const errorText = useErrorText();
  const [opened, { open, close }] = useDisclosure(false);
  const approve = useApproveUser();
  const name = `${user.firstName} ${user.lastName}`;
  const mayManage = useMayManage(user);

  const confirm = () =>
    approve.mutate(user.id, {
      onSuccess: () => {
        close();
        notifications.show({
          color: 'brand',
          icon: <IconCheck size={18} />,
          message: t('waitingList.approved', { name }),
        });
      },
    });

  // ADR 086: an account above the manager's own roles is approved by someone who holds them.
  if (!mayManage) {
    return (
      <Text size="sm" c="dimmed">
        {t('aboveYours.badgeHelp')}
      </Text>
    );
  }
  return (
    <>
      <Button
        size="sm"
        leftSection={<IconCheck size={16} aria-hidden />}
        onClick={open}
        aria-label={t('waitingList.approveUser', { name })}
      >
        {t('waitingList.approve')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('waitingList.confirmTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common:header.close') }}
      >
        <Stack>
          <Text>{t('waitingList.confirmText', { name })}</Text>
          {approve.isError && (
            <Text c="red" role="alert">
              {errorText(approve.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button onClick={confirm} loading={approve.isPending}>
              {t('waitingList.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
