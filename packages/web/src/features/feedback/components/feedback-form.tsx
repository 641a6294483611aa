import { Button, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications as toasts } from '@mantine/notifications';
import { createFeedbackBodySchema, feedbackLimits } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { fieldErrors, useErrorText, useFocusError, zodValidate } from '../../../lib/form';
import { useCreateFeedback } from '../api/my-feedback';

interface Values {
  subject: string;
  message: string;
}

/** Sends feedback to the farm: an optional subject and the message. */
export function FeedbackForm() {
  const { t } = useTranslation('feedback');
  const errorText = useErrorText();
  const create = useCreateFeedback();
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { subject: '', message: '' },
    validate: zodValidate(createFeedbackBodySchema),
  });
  const { ref, focusError } = useFocusError();

  const submit = form.onSubmit((values) => {
    if (create.isPending) return;
    create.mutate(values, {
      onSuccess: () => {
        form.reset();
        toasts.show({ color: 'green', message: t('form.sent') });
      },
      onError: (error) => {
        form.setErrors(fieldErrors(error));
        focusError();
      },
    });
  }, focusError);

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t('form.intro')}</Text>
        {create.isError && Object.keys(fieldErrors(create.error)).length === 0 && (
          <FormError>{errorText(create.error)}</FormError>
        )}
        <TextInput
          label={t('form.subject')}
          maxLength={feedbackLimits.subjectMax}
          key={form.key('subject')}
          {...form.getInputProps('subject')}
        />
        <Textarea
          label={t('form.message')}
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={feedbackLimits.messageMax}
          key={form.key('message')}
          {...form.getInputProps('message')}
        />
        <Button type="submit" size="md" loading={create.isPending}>
          {t('form.submit')}
        </Button>
      </Stack>
    </form>
  );
}
