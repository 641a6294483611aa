import { Card, Checkbox, Radio, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { reenrolmentLimits, type MemberOffer } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../../lib/euros';
import type { AnswerFormValues } from '../answer-form';
import classes from './offer-choice-fields.module.css';

/** An offer's price for my household, per adult and per child, the credits it asks and its description. */
function OfferDescription({ offer }: { offer: MemberOffer }) {
  const { t } = useTranslation('reenrolment');
  return (
    <Stack gap={2} component="span">
      <Text span fw={600} c="var(--mantine-color-text)">
        {t('choice.forHousehold', { price: formatEuros(offer.priceCents) })}
      </Text>
      <Text span size="sm">
        {t('choice.perAdult', { price: formatEuros(offer.adultPriceCents) })} ·{' '}
        {t('choice.perChild', { price: formatEuros(offer.childPriceCents) })}
        {offer.requiredCredits > 0 && ` · ${t('choice.credits', { count: offer.requiredCredits })}`}
      </Text>
      {offer.description.trim() && (
        <Text span size="sm" style={{ whiteSpace: 'pre-line' }}>
          {offer.description}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Continue or stop; when I continue, one or more of the offers, each with the price for my household; and
 * an optional remark. Validation and its Dutch messages come from the contract's `answerBodySchema`.
 */
export function OfferChoiceFields({
  form,
  offers,
}: {
  form: UseFormReturnType<AnswerFormValues>;
  offers: MemberOffer[];
}) {
  const { t } = useTranslation('reenrolment');
  const continuing = form.getValues().choice === 'continue';
  return (
    <Stack gap="lg">
      <Radio.Group
        data-field="choice"
        label={t('choice.label')}
        {...form.getInputProps('choice')}
        key={form.key('choice')}
        // Stopping chooses no offers: a later "Ik doe verder" starts from an empty list.
        onChange={(value) => {
          form.setFieldValue('choice', value as AnswerFormValues['choice']);
          if (value === 'stop') form.setFieldValue('offerIds', []);
        }}
      >
        <Stack gap="sm" mt="xs">
          <Radio className={classes.control} value="continue" label={t('choice.continue')} />
          <Radio className={classes.control} value="stop" label={t('choice.stop')} />
        </Stack>
      </Radio.Group>
      {continuing &&
        (offers.length === 0 ? (
          <Text c="dimmed">{t('choice.noOffers')}</Text>
        ) : (
          <Checkbox.Group
            data-field="offerIds"
            label={t('choice.offersLabel')}
            description={t('choice.offersDescription')}
            {...form.getInputProps('offerIds')}
            key={form.key('offerIds')}
          >
            <Stack gap="xs" mt="xs">
              {offers.map((offer) => (
                <Card key={offer.id} withBorder radius="md" padding="sm">
                  <Checkbox
                    className={classes.control}
                    value={String(offer.id)}
                    label={offer.name}
                    description={<OfferDescription offer={offer} />}
                    classNames={{ label: 'pluk-wrap', description: 'pluk-wrap' }}
                  />
                </Card>
              ))}
            </Stack>
          </Checkbox.Group>
        ))}
      <Textarea
        wrapperProps={{ 'data-field': 'remark' }}
        label={t('choice.remark')}
        description={t('choice.remarkDescription')}
        autosize
        minRows={3}
        maxLength={reenrolmentLimits.remarkMax}
        {...form.getInputProps('remark')}
        key={form.key('remark')}
      />
    </Stack>
  );
}
