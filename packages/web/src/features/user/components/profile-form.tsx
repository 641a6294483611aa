import { Button, Divider, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { updateAccountBodySchema, type Account, type Address, type UpdateAccountBody } from '@pluk/contract';
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
import { useErrorText, fieldErrors, useFocusError, zodValidate } from '../../../lib/form';
import { useUpdateAccount } from '../api/update-account';
import { otherHouseholdMembers } from '../household';

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: Address;
  householdMembers: HouseholdMemberValues[];
}

/** The full update body: the profile from the form, privacy and the custom answer kept as they are. */
export function profileBody(account: Account, values: ProfileFormValues): UpdateAccountBody {
  return {
    ...values,
    householdMembers: values.householdMembers.map(toHouseholdMemberInput),
    privacy: account.privacy,
    customQuestionAnswer: account.customQuestionAnswer,
  };
}

/** Edit names, e-mail, phone, address and household. */
export function ProfileForm({
  account,
  onSaved,
}: {
  account: Account;
  /** The saved account: its `pendingEmail` says a new address waits for confirmation (ADR 087). */
  onSaved: (saved: Account) => void;
}) {
  const { t } = useTranslation(['user', 'common', 'emailChange']);
  const errorText = useErrorText();
  const update = useUpdateAccount();
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      phone: account.contactData.phone,
      address: account.contactData.address,
      householdMembers: otherHouseholdMembers(account).map((member) => ({
        name: member.name,
        yearOfBirth: member.yearOfBirth ?? '',
        isAdult: member.isAdult,
      })),
    },
    validate: zodValidate(updateAccountBodySchema, (values: ProfileFormValues) =>
      profileBody(account, values),
    ),
  });

  const { ref, focusError } = useFocusError();

  const submit = form.onSubmit((values) => {
    if (update.isPending) return;
    update.mutate(profileBody(account, values), {
      onSuccess: onSaved,
      onError: (error) => {
        const errors = fieldErrors(error);
        if (isApiError(error) && error.code === 'EMAIL_TAKEN') errors.email = error.message;
        form.setErrors(errors);
        focusError();
      },
    });
  }, focusError);

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <NameFields form={form} />
        <EmailField
          form={form}
          description={
            account.pendingEmail ? t('emailChange:pending', { email: account.pendingEmail }) : undefined
          }
        />
        <PhoneField form={form} />
        <AddressFields form={form} />
        <Divider my="xs" />
        <Title order={2} size="h4">
          {t('common:household.title')}
        </Title>
        <HouseholdMembersFields form={form} />
        {update.isError && <FormError>{errorText(update.error)}</FormError>}
        <Button type="submit" size="md" fullWidth loading={update.isPending}>
          {t('common:actions.save')}
        </Button>
      </Stack>
    </form>
  );
}
