import { Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendarDue, IconCoins, IconUser } from '@tabler/icons-react';
import type { RequestSummary } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates';
import { RequestStatusBadge } from '../../../components/status/status-badges';
import { rewardText } from './reward-text';

function Fact({ icon: FactIcon, children }: { icon: typeof IconUser; children: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <FactIcon size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm" className="pluk-wrap">
        {children}
      </Text>
    </Group>
  );
}

/** The reward, who asks and by when: one line each (card and detail). */
export function RequestFacts({ request }: { request: RequestSummary }) {
  const { t } = useTranslation('requests');
  return (
    <>
      <Fact icon={IconCoins}>{rewardText(request.rewardCents, t)}</Fact>
      <Fact icon={IconUser}>
        {request.isMine ? t('card.askedByMe') : t('card.askedBy', { name: request.requester.firstName })}
      </Fact>
      {request.neededBy && (
        <Fact icon={IconCalendarDue}>{t('card.neededBy', { date: formatDate(request.neededBy) })}</Fact>
      )}
    </>
  );
}

/** A request in a list: a link to its page with title, reward, requester, needed-by and state. */
export function RequestCard({ request, to }: { request: RequestSummary; to: string }) {
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={600} className="pluk-wrap">
            {request.title}
          </Text>
          <RequestStatusBadge status={request.status} />
        </Group>
        <RequestFacts request={request} />
      </Stack>
    </Card>
  );
}
