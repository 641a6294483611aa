import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { answerBodySchema, type MyQuestionnaire } from '@pluk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { RichTextBody } from '../../../components/rich-text-body';
import { isApiError } from '../../../lib/errors';
import { fieldErrors, useErrorText, zodValidate, type FormErrors } from '../../../lib/form';
import { useAnswerQuestionnaire } from '../api/answer-questionnaire';
import { questionnaireKeys } from '../api/keys';
import {
  answerInput,
  chosenOffers,
  initialAnswerValues,
  totalCentsOf,
  type AnswerFormValues,
} from '../answer-form';
import { AnswerSummary } from './answer-summary';
import { OfferChoiceFields } from './offer-choice-fields';
import { StepProgress } from './step-progress';

/** The answer's fields in the order they are on screen: the first one in error gets the focus. */
const answerFields = ['choice', 'offerIds', 'remark'] as const;

/** The server's field errors by the form's fields (`offerIds.2` is about the offers). */
function answerFieldErrors(error: unknown): FormErrors {
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(fieldErrors(error))) {
    const field = answerFields.find((name) => path === name || path.startsWith(`${name}.`));
    if (field && !(field in errors)) errors[field] = message;
  }
  return errors;
}

export interface QuestionnaireStepsProps {
  questionnaire: MyQuestionnaire;
  /** The first step, checking my account and household: composed by the screen (the user feature's form). */
  accountStep: (next: () => void) => ReactNode;
  /** The answer was saved; the server's questionnaire as it is now. */
  onSubmitted: (questionnaire: MyQuestionnaire) => void;
}

/**
 * The questionnaire step by step, made for a phone: (1) my account data and household, (2) the farm's
 * explanation and the offers priced for my household — one or more, or stop — with a remark, (3) what I
 * chose and the total, then send. Opens with my earlier answer when I gave one.
 */
export function QuestionnaireSteps({ questionnaire, accountStep, onSubmitted }: QuestionnaireStepsProps) {
  const { t } = useTranslation('reenrolment');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const answer = useAnswerQuestionnaire();
  const [step, setStep] = useState(0);
  const [focusRequest, setFocusRequest] = useState<{ target: 'heading' | 'invalid'; count: number }>();
  const [closed, setClosed] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const form = useForm<AnswerFormValues>({
    mode: 'controlled',
    initialValues: initialAnswerValues(questionnaire),
    validate: zodValidate(answerBodySchema, answerInput),
  });
  const steps = [t('steps.account'), t('steps.choice'), t('steps.review')];

  // After a step change the new step's heading has the focus (a screen reader hears where it is, and the
  // page shows the step from its top); after a refused step, the first field in error.
  useEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.target === 'heading') {
      headingRef.current?.focus();
      return;
    }
    const errors = form.errors;
    const field = answerFields.find((name) => errors[name]);
    stepRef.current
      ?.querySelector<HTMLElement>(`[data-field="${field}"] input, [data-field="${field}"] textarea`)
      ?.focus();
    // Only a new request moves the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const requestFocus = (target: 'heading' | 'invalid') =>
    setFocusRequest((request) => ({ target, count: (request?.count ?? 0) + 1 }));
  const goTo = (next: number) => {
    setStep(next);
    requestFocus('heading');
  };

  const toReview = (event: FormEvent) => {
    event.preventDefault();
    if (form.validate().hasErrors) requestFocus('invalid');
    else goTo(2);
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (answer.isPending || closed) return;
    const checked = answerBodySchema.safeParse(answerInput(form.getValues()));
    if (!checked.success) {
      form.validate();
      goTo(1);
      return;
    }
    answer.mutate(
      { id: questionnaire.id, body: checked.data },
      {
        onSuccess: onSubmitted,
        onError: (error) => {
          if (isApiError(error) && error.code === 'POLICY_ENDED') {
            // Answers are closed: the message stays, sending again is not offered, and my questionnaire
            // is asked again wherever it shows next.
            setClosed(true);
            void queryClient.invalidateQueries({ queryKey: questionnaireKeys.all, refetchType: 'none' });
            return;
          }
          const errors = answerFieldErrors(error);
          if (Object.keys(errors).length > 0) {
            // An offer the farm changed meanwhile: back to the choice, with the offers as they are now.
            form.setErrors(errors);
            void queryClient.invalidateQueries({ queryKey: questionnaireKeys.all });
            setStep(1);
            requestFocus('invalid');
          }
        },
      },
    );
  };

  const values = form.getValues();
  const chosen = chosenOffers(questionnaire.offers, values.offerIds.map(Number));
  const showSendError = answer.isError && Object.keys(answerFieldErrors(answer.error)).length === 0;

  return (
    <Stack gap="lg">
      <StepProgress steps={steps} current={step} />
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {t('steps.progress', { step: step + 1, count: steps.length })}
        </Text>
        <Title order={3} size="h4" ref={headingRef} tabIndex={-1}>
          {steps[step]}
        </Title>
      </Stack>
      <div ref={stepRef}>
        {step === 0 && accountStep(() => goTo(1))}
        {step === 1 && (
          <form onSubmit={toReview} noValidate>
            <Stack gap="lg">
              <RichTextBody html={questionnaire.policy.explanation} />
              <OfferChoiceFields form={form} offers={questionnaire.offers} />
              <Group justify="space-between">
                <Button variant="default" onClick={() => goTo(0)}>
                  {t('steps.back')}
                </Button>
                <Button type="submit">{t('steps.next')}</Button>
              </Group>
            </Stack>
          </form>
        )}
        {step === 2 && values.choice !== '' && (
          <form onSubmit={send} noValidate>
            <Stack gap="lg">
              <Text>{t('review.intro')}</Text>
              <AnswerSummary
                harvestYear={questionnaire.policy.harvestYear}
                choice={values.choice}
                offers={chosen}
                totalCents={totalCentsOf(chosen)}
                remark={values.remark}
              />
              {showSendError && <FormError>{errorText(answer.error)}</FormError>}
              <Group justify="space-between">
                <Button variant="default" onClick={() => goTo(1)}>
                  {t('steps.back')}
                </Button>
                {!closed && (
                  <Button type="submit" loading={answer.isPending}>
                    {questionnaire.submittedAt ? t('review.resubmit') : t('review.submit')}
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        )}
      </div>
    </Stack>
  );
}
