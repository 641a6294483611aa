import { Badge, Table, Text } from '@mantine/core';
import type { PlukMailRecipient, PlukMailRecipientStatus } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { formatMoment } from '../lib/dates';

const statusColor: Record<PlukMailRecipientStatus, string> = {
  waiting: 'blue',
  sent: 'brand',
  notSent: 'orange',
  failed: 'red',
};

/**
 * Every recipient of an e-mail round (the pluk mail, a manager's mailing) with the state of their
 * e-mail: waiting, sent, not sent (no mail settings) or failed, and when it was done.
 */
export function EmailRecipients({ recipients }: { recipients: PlukMailRecipient[] }) {
  const { t } = useTranslation('common');
  if (recipients.length === 0) return <Text c="dimmed">{t('emailRound.noRecipients')}</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped verticalSpacing="xs">
        <Table.Caption>{t('emailRound.recipientsCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('emailRound.recipient')}</Table.Th>
            <Table.Th scope="col">{t('emailRound.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {recipients.map((recipient, index) => (
            <Table.Tr key={`${recipient.userId ?? 'x'}-${index}`}>
              <Table.Td>
                <Text size="sm" fw={500} className="pluk-wrap">
                  {recipient.name}
                </Text>
                <Text size="xs" c="dimmed" className="pluk-wrap">
                  {recipient.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={statusColor[recipient.status]} variant="light">
                  {t(`emailRound.statuses.${recipient.status}`)}
                </Badge>
                {recipient.finishedAt && (
                  <Text size="xs" c="dimmed">
                    {formatMoment(recipient.finishedAt)}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
