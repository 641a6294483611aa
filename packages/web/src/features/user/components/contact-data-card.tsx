import { Card, Stack, Text } from '@mantine/core';
import type { ContactData } from '@pluk/contract';
import { useTranslation } from 'react-i18next';

function Row({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation(['user', 'common']);
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text className="pluk-wrap">{value.trim() ? value : t('contactData.empty')}</Text>
    </div>
  );
}

/** A member's contact data as the server shares it. */
export function ContactDataCard({ data }: { data: ContactData }) {
  const { t } = useTranslation(['user', 'common']);
  const { street, number, postalCode, city } = data.address;
  const address = [`${street} ${number}`.trim(), `${postalCode} ${city}`.trim()].filter(Boolean).join(', ');
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Row label={t('common:fields.name')} value={`${data.firstName} ${data.lastName}`} />
        <Row label={t('common:fields.email')} value={data.email} />
        <Row label={t('common:fields.phone')} value={data.phone} />
        <Row label={t('common:fields.address')} value={address} />
      </Stack>
    </Card>
  );
}
