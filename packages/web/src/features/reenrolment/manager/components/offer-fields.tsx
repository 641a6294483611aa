import {
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { subscriptionLimits } from '@pluk/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PolicyFormValues } from './policy-form-values';

const whole = {
  allowDecimal: false,
  allowNegative: false,
  hideControls: true,
  inputMode: 'numeric',
} as const;

/**
 * One offer of the round's form, a group named "Abonnement 2" so its fields ("Naam", "Prijs per kind")
 * are told apart by a screen reader: name, description, the two prices in euros and the credits.
 */
export function OfferFields({
  form,
  index,
  onRemove,
}: {
  form: UseFormReturnType<PolicyFormValues>;
  index: number;
  onRemove: () => void;
}) {
  const { t } = useTranslation('reenrolmentManager');
  const titleId = useId();
  const path = `offers.${index}` as const;
  const title = t('form.offer', { number: index + 1 });
  const name = form.getValues().offers[index]?.name.trim() || title;
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600} id={titleId}>
            {title}
          </Text>
          <Button
            variant="subtle"
            color="red"
            size="sm"
            leftSection={<IconTrash size={16} aria-hidden />}
            aria-label={t('form.removeOf', { name })}
            onClick={onRemove}
          >
            {t('form.remove')}
          </Button>
        </Group>
        <TextInput
          label={t('form.offerName')}
          required
          maxLength={subscriptionLimits.nameMax}
          {...form.getInputProps(`${path}.name`)}
        />
        <Textarea
          label={t('form.offerDescription')}
          autosize
          minRows={2}
          maxLength={subscriptionLimits.descriptionMax}
          {...form.getInputProps(`${path}.description`)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('form.adultPrice')}
            description={t('form.priceHelp')}
            required
            inputMode="decimal"
            autoComplete="off"
            {...form.getInputProps(`${path}.adultPriceCents`)}
          />
          <TextInput
            label={t('form.childPrice')}
            description={t('form.priceHelp')}
            required
            inputMode="decimal"
            autoComplete="off"
            {...form.getInputProps(`${path}.childPriceCents`)}
          />
        </SimpleGrid>
        <NumberInput
          label={t('form.requiredCredits')}
          min={0}
          max={subscriptionLimits.requiredCreditsMax}
          {...whole}
          {...form.getInputProps(`${path}.requiredCredits`)}
          style={{ maxWidth: '16rem' }}
        />
      </Stack>
    </Paper>
  );
}
