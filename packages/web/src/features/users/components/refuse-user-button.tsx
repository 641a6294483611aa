import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconX } from '@tabler/icons-react';
import { refuseLimits, type ManagedUser } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/form';
import { useRefuseUser } from '../api/refuse-user';

/**
 * Refuse a registration (decision 092), after a dialog that says what it does: the account is
 * removed, and the person gets the farm's refusal e-mail with an optional message of the manager's own.
 */
export function RefuseUserButton({ user }: { user: ManagedUser }) {
  const { t } = useTranslation(['users', 'common']);
  const errorText = useErrorText();
  const [opened, { open, close }] = useDisclosure(false);
  const [message, setMessage] = useState('');
  const [sendEmail, setSendEmail] = useState(true);
  const refuse = useRefuseUser();
  const name = `${user.firstName} ${user.lastName}`;

  const confirm = () => {
    if (refuse.isPending) return;
    refuse.mutate(
      { userId: user.id, sendEmail, message: sendEmail ? message : '' },
      {
        onSuccess: ({ emailed }) => {
          close();
          notifications.show({
            color: 'brand',
            message: t(emailed ? 'waitingList.refusedEmailed' : 'waitingList.refused', { name }),
          });
        },
      },
    );
  };

  return (
    <>
      <Button
        size="sm"
        variant="default"
        leftSection={<IconX size={16} aria-hidden />}
        onClick={open}
        aria-label={t('waitingList.refuseUser', { name })}
      >
        {t('waitingList.refuse')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('waitingList.refuseTitle', { name })}
        centered
        closeButtonProps={{ 'aria-label': t('common:header.close') }}
      >
        <Stack>
          <Text>{t('waitingList.refuseText')}</Text>
          <Checkbox
            label={t('waitingList.refuseSendEmail', { email: user.email })}
            checked={sendEmail}
            onChange={(event) => setSendEmail(event.currentTarget.checked)}
          />
          {sendEmail && (
            <Textarea
              label={t('waitingList.refuseMessage')}
              description={t('waitingList.refuseMessageHelp')}
              autosize
              minRows={3}
              maxLength={refuseLimits.messageMax}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
            />
          )}
          {refuse.isError && (
            <Text c="red" role="alert">
              {errorText(refuse.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button color="red" onClick={confirm} loading={refuse.isPending}>
              {t('waitingList.refuseConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
