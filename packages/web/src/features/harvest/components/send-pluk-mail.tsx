import { Alert, Button, Card, Checkbox, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconMail } from '@tabler/icons-react';
import type { PlukMailPreview } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useErrorText } from '../../../lib/form';
import { newIdempotencyKey } from '../api/keys';
import { usePlukOverview } from '../api/pluk';
import { useGeneratePlukMail, usePreviewPlukMail } from '../api/pluk-mail';
import { PlukMailRounds } from './pluk-mail-rounds';

function Preview({ preview }: { preview: PlukMailPreview }) {
  const { t } = useTranslation('harvest');
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('mail.previewTitle')}
        </Title>
        <Text>{t('mail.recipients', { count: preview.recipients })}</Text>
        <Text>
          <Text span fw={600}>
            {t('mail.subject')}
          </Text>{' '}
          {preview.subject}
        </Text>
        {preview.subscriptions.map((subscription) => (
          <Stack key={subscription.subscriptionId} gap={4}>
            <Text fw={600} className="pluk-wrap">
              {t('mail.perSubscription', {
                name: subscription.subscriptionName,
                count: subscription.recipients,
              })}
            </Text>
            {subscription.crops.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('mail.noCrops')}
              </Text>
            ) : (
              <List size="sm" spacing={2}>
                {subscription.crops.map((crop) => (
                  <List.Item key={crop.name}>
                    {crop.amountPerShare ? `${crop.name}: ${crop.amountPerShare}` : crop.name}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}
        {preview.exampleText && (
          <Stack gap={4}>
            <Text fw={600}>{t('mail.example')}</Text>
            <Text
              component="pre"
              size="sm"
              p="sm"
              className="pluk-wrap"
              style={{
                whiteSpace: 'pre-wrap',
                fontFamily: 'inherit',
                background: 'var(--mantine-color-gray-0)',
                borderRadius: 'var(--mantine-radius-sm)',
                margin: 0,
              }}
            >
              {preview.exampleText}
            </Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The pluk of the week by e-mail: choose the subscriptions (this harvest year's), look at what their
 * members will read, send; the rounds below show the progress and every recipient.
 */
export function SendPlukMail() {
  const { t } = useTranslation('harvest');
  const errorText = useErrorText();
  const overview = usePlukOverview(null);
  const preview = usePreviewPlukMail();
  const generate = useGeneratePlukMail();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [openRound, setOpenRound] = useState<number | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);

  if (overview.isPending) return <LoadingState />;
  if (overview.isError) return <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />;
  const subscriptions = overview.data.subscriptions;
  const selected = chosen ?? subscriptions.filter((s) => s.isActive).map((s) => String(s.id));
  const ids = selected.map(Number);

  const choose = (value: string[]) => {
    setChosen(value);
    setChoiceError(null);
    // Another choice is another mail: its preview and its send key start again.
    preview.reset();
    generate.reset();
    setIdempotencyKey(newIdempotencyKey());
  };
  const showPreview = () => {
    if (ids.length === 0) {
      setChoiceError(t('mail.chooseOne'));
      return;
    }
    preview.mutate(ids);
  };
  const send = () =>
    generate.mutate(
      { subscriptionIds: ids, idempotencyKey },
      {
        onSuccess: (round) => {
          setOpenRound(round.id);
          preview.reset();
          setIdempotencyKey(newIdempotencyKey());
        },
      },
    );

  return (
    <Stack gap="lg">
      <Text>{t('mail.intro', { year: overview.data.harvestYear })}</Text>
      {subscriptions.length === 0 ? (
        <Alert color="orange">{t('pluk.noSubscriptions')}</Alert>
      ) : (
        <Checkbox.Group
          label={t('mail.subscriptions')}
          value={selected}
          onChange={choose}
          error={choiceError}
          withAsterisk
        >
          <Stack gap="xs" mt="xs">
            {subscriptions.map((subscription) => (
              <Checkbox
                key={subscription.id}
                value={String(subscription.id)}
                label={
                  subscription.isActive ? subscription.name : t('mail.inactive', { name: subscription.name })
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      {preview.isError && <FormError>{errorText(preview.error)}</FormError>}
      <Group>
        <Button
          variant={preview.data ? 'light' : 'filled'}
          leftSection={<IconEye size={18} aria-hidden />}
          loading={preview.isPending}
          disabled={subscriptions.length === 0}
          onClick={showPreview}
          size="md"
        >
          {t('mail.preview')}
        </Button>
      </Group>
      {preview.data && (
        <Stack gap="sm">
          <Preview preview={preview.data} />
          {generate.isError && <FormError>{errorText(generate.error)}</FormError>}
          <Group>
            <Button
              leftSection={<IconMail size={18} aria-hidden />}
              loading={generate.isPending}
              disabled={preview.data.recipients === 0}
              onClick={send}
              size="md"
            >
              {t('mail.send', { count: preview.data.recipients })}
            </Button>
          </Group>
        </Stack>
      )}
      <PlukMailRounds openRound={openRound} onOpen={setOpenRound} />
    </Stack>
  );
}
