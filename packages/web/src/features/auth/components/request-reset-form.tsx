import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { FormError } from '../../../components/form-error';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useErrorText, useFocusError } from '../../../lib/form';
import { useRequestReset } from '../api/request-reset';

/** Asks for a reset link; afterwards always the same confirmation, whether or not the account exists. */
export function RequestResetForm() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const requestReset = useRequestReset();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { value: '' },
    validate: { value: (value) => (value.trim() ? null : t('requestReset.required')) },
  });

  const { ref, focusError } = useFocusError();

  if (requestReset.isSuccess) {
    return (
      <Alert color="brand" role="status" title={t('requestReset.doneTitle')}>
        {t('requestReset.done')}
      </Alert>
    );
  }

  return (
    <form
      ref={ref}
      noValidate
      onSubmit={form.onSubmit(({ value }) => {
        if (requestReset.isPending) return;
        requestReset.mutate(value.trim(), { onError: focusError });
      }, focusError)}
    >
      <Stack gap="md">
        <Text>{t('requestReset.intro')}</Text>
        {requestReset.isError && <FormError>{errorText(requestReset.error)}</FormError>}
        <TextInput
          label={t('requestReset.value')}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          key={form.key('value')}
          {...form.getInputProps('value')}
        />
        <Button type="submit" fullWidth size="md" loading={requestReset.isPending}>
          {t('requestReset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
