import { Button, Divider, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { PasswordField } from '../../../components/password-field';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { registerBodySchema, usernameSchema, type Address, type RegisterBody } from '@pluk/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../../components/address-fields';
import { EmailField, NameFields, PhoneField } from '../../../components/person-fields';
import {
  HouseholdMembersFields,
  toHouseholdMemberInput,
  type HouseholdMemberValues,
} from '../../../components/household-members-fields';
import { FormError } from '../../../components/form-error';
import { isApiError } from '../../../lib/errors';
import { useErrorText, fieldErrors, useFocusError, zodValidate, type FormErrors } from '../../../lib/form';
import { useRegister } from '../api/register';
import { useUsernameAvailability } from '../api/validate-username';
import { UsernameAvailability, type Availability } from './username-availability';

/** How long typing pauses before the username's availability is asked. */
export const usernameDebounceMs = 400;

export interface RegisterFormValues {
  username: string;
  email: string;
  password: string;
  passwordConfirm: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: Address;
  householdMembers: HouseholdMemberValues[];
  customQuestionAnswer: string;
}

function toBody(values: RegisterFormValues, hasQuestion: boolean): RegisterBody {
  const { passwordConfirm: _confirm, householdMembers, customQuestionAnswer, ...rest } = values;
  return {
    ...rest,
    householdMembers: householdMembers.map(toHouseholdMemberInput),
    customQuestionAnswer: hasQuestion && customQuestionAnswer.trim() ? customQuestionAnswer : null,
  };
}

interface RegisterFormProps {
  /** The app's own question (null: none); asked last. */
  customQuestion: string | null;
  onRegistered: (firstName: string) => void;
}

/** The registration form: the account lands on the waiting list. */
export function RegisterForm({ customQuestion, onRegistered }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const registration = useRegister();
  const hasQuestion = customQuestion !== null;

  const form = useForm<RegisterFormValues>({
    mode: 'controlled',
    initialValues: {
      username: '',
      email: '',
      password: '',
      passwordConfirm: '',
      firstName: '',
      lastName: '',
      phone: '',
      address: { street: '', number: '', postalCode: '', city: '' },
      householdMembers: [],
      customQuestionAnswer: '',
    },
    validate: (values): FormErrors => {
      const errors = zodValidate(registerBodySchema, (v: RegisterFormValues) => toBody(v, hasQuestion))(
        values,
      );
      if (values.passwordConfirm !== values.password) errors.passwordConfirm = t('register.passwordMismatch');
      return errors;
    },
  });

  const [debouncedUsername] = useDebouncedValue(form.values.username.trim(), usernameDebounceMs);
  const askable = usernameSchema.safeParse(debouncedUsername).success ? debouncedUsername : null;
  const usernameQuery = useUsernameAvailability(askable);
  const typing = form.values.username.trim() !== debouncedUsername;
  const availability: Availability =
    askable === null || typing
      ? 'idle'
      : usernameQuery.isFetching
        ? 'checking'
        : usernameQuery.data?.available === true
          ? 'available'
          : usernameQuery.data?.available === false
            ? 'taken'
            : 'idle';

  const { setFieldError, clearFieldError } = form;
  const usernameError = form.errors.username;
  useEffect(() => {
    if (availability === 'taken') setFieldError('username', t('register.usernameTaken'));
    else if (availability === 'available' && usernameError === t('register.usernameTaken'))
      clearFieldError('username');
  }, [availability, usernameError, setFieldError, clearFieldError, t]);

  const { ref, focusError } = useFocusError();

  const submit = form.onSubmit((values) => {
    if (registration.isPending) return;
    if (availability === 'taken') {
      form.setFieldError('username', t('register.usernameTaken'));
      focusError();
      return;
    }
    registration.mutate(toBody(values, hasQuestion), {
      onSuccess: () => onRegistered(values.firstName.trim()),
      onError: (error) => {
        const errors = fieldErrors(error);
        if (isApiError(error) && error.code === 'USERNAME_TAKEN') errors.username = error.message;
        form.setErrors(errors);
        focusError();
      },
    });
  }, focusError);

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('register.sectionAccount')}
        </Title>
        <TextInput
          label={t('register.username')}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          description={<UsernameAvailability state={availability} />}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('username')}
        />
        <EmailField form={form} />
        <PasswordField
          label={t('register.password')}
          description={t('register.passwordHelp')}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordField
          label={t('register.passwordConfirm')}
          autoComplete="new-password"
          required
          {...form.getInputProps('passwordConfirm')}
        />

        <Divider my="xs" />
        <Title order={2} size="h4">
          {t('register.sectionPerson')}
        </Title>
        <NameFields form={form} />
        <PhoneField form={form} />
        <AddressFields form={form} />

        <Divider my="xs" />
        <Title order={2} size="h4">
          {t('register.sectionHousehold')}
        </Title>
        <HouseholdMembersFields form={form} />

        {hasQuestion && (
          <>
            <Divider my="xs" />
            <Textarea
              label={customQuestion}
              autosize
              minRows={2}
              {...form.getInputProps('customQuestionAnswer')}
            />
          </>
        )}

        {registration.isError && <FormError>{errorText(registration.error)}</FormError>}
        <Button type="submit" size="md" fullWidth loading={registration.isPending}>
          {t('register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
