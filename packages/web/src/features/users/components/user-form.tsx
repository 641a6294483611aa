import { Button, Checkbox, Divider, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createUserBodySchema,
  passesRoleCheck,
  roles,
  updateUserBodySchema,
  type Address,
  type CreateUserBody,
  type ManagedUser,
  type ManagedUserDetail,
  type Role,
  type UpdateUserBody,
} from '@pluk/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../../components/address-fields';
import { FormError } from '../../../components/form-error';
import {
  HouseholdMembersFields,
  toHouseholdMemberInput,
  type HouseholdMemberValues,
} from '../../../components/household-members-fields';
import { EmailField, NameFields, PhoneField } from '../../../components/person-fields';
import { fieldErrors, useErrorText, useFocusError, zodValidate } from '../../../lib/form';
import { useCreateUser, useUpdateUser } from '../api/save-user';
import { AboveYoursNote, useCallerRoles, useMayManage } from './may-manage';

export interface UserFormValues {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: Address;
  householdMembers: HouseholdMemberValues[];
  roles: Role[];
  isApproved: boolean;
  isActive: boolean;
  sendWelcomeEmail: boolean;
  /** Changed through the wallet and bank features' calls, not the user's own update. */
  isTransactionable: boolean;
  hasPaid: boolean;
}

function initialValues(user?: ManagedUserDetail): UserFormValues {
  return {
    username: user?.username ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    address: user?.address ?? { street: '', number: '', postalCode: '', city: '' },
    householdMembers: (user?.householdMembers ?? [])
      .filter((member) => !member.isHolder)
      .map((member) => ({
        name: member.name,
        yearOfBirth: member.yearOfBirth ?? '',
        isAdult: member.isAdult,
      })),
    roles: user?.roles ?? [],
    isApproved: user?.isApproved ?? true,
    isActive: user?.isActive ?? true,
    sendWelcomeEmail: true,
    isTransactionable: user?.isTransactionable ?? false,
    hasPaid: user?.hasPaid ?? false,
  };
}

function createBody(values: UserFormValues): CreateUserBody {
  const { isTransactionable: _t, hasPaid: _p, ...rest } = values;
  return { ...rest, householdMembers: values.householdMembers.map(toHouseholdMemberInput) };
}

function updateBody(id: number, values: UserFormValues): UpdateUserBody {
  const { isTransactionable: _t, hasPaid: _p, sendWelcomeEmail: _s, ...rest } = values;
  return { id, ...rest, householdMembers: values.householdMembers.map(toHouseholdMemberInput) };
}

/** What the route does after the account itself is saved: the transactionable and paid switches. */
export type AfterUserSave = (user: ManagedUser, values: UserFormValues) => Promise<void>;

/**
 * A manager's form of an account: person, household, roles, approved and active; for a new account
 * whether to send the welcome e-mail; for an existing one the transactionable and paid switches
 * (`extra` is where the route puts them, since other features change those).
 */
export function UserForm({
  user,
  canGrantAdmin,
  afterSave,
  onSaved,
}: {
  user?: ManagedUserDetail;
  /** Only an Admin may give or take the Admin role. */
  canGrantAdmin: boolean;
  afterSave?: AfterUserSave;
  onSaved: (user: ManagedUser) => void;
}) {
  const { t } = useTranslation(['users', 'common', 'emailChange']);
  const errorText = useErrorText();
  const create = useCreateUser();
  const update = useUpdateUser();
  const mutation = user ? update : create;
  const [afterError, setAfterError] = useState<unknown>(null);
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: initialValues(user),
    validate: user
      ? zodValidate(updateUserBodySchema, (values: UserFormValues) => updateBody(user.id, values))
      : zodValidate(createUserBodySchema, createBody),
  });
  const { ref, focusError } = useFocusError();
  // ADR 086: an account above the manager's own roles is not theirs to change; roles they do not pass
  // are not theirs to give or take.
  const mayManage = useMayManage(user ?? { id: 0, roles: [] });
  const callerRoles = useCallerRoles();
  const mayGrant = (role: Role) =>
    role === 'Admin' ? canGrantAdmin : callerRoles.length === 0 || passesRoleCheck(callerRoles, role);

  const submit = form.onSubmit((values) => {
    if (mutation.isPending) return;
    setAfterError(null);
    const onError = (error: unknown) => {
      form.setErrors(fieldErrors(error));
      focusError();
    };
    const onSuccess = async (saved: ManagedUser) => {
      try {
        await afterSave?.(saved, values);
        onSaved(saved);
      } catch (error) {
        setAfterError(error);
        focusError();
      }
    };
    if (user) update.mutate(updateBody(user.id, values), { onSuccess, onError });
    else create.mutate(createBody(values), { onSuccess, onError });
  }, focusError);

  const roleBoxes: ReactNode = (
    <Checkbox.Group
      label={t('form.roles')}
      value={form.getValues().roles}
      onChange={(value) => form.setFieldValue('roles', value as Role[])}
      error={form.errors.roles}
    >
      <Stack gap={6} mt={6}>
        {roles.map((role) => (
          <Checkbox
            key={role}
            value={role}
            label={t(`roles.${role}`)}
            disabled={!mayGrant(role)}
            description={mayGrant(role) ? undefined : t('form.roleAboveYours')}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        {!mayManage && <AboveYoursNote />}
        <TextInput
          label={t('form.username')}
          autoComplete="off"
          required
          {...form.getInputProps('username')}
        />
        <NameFields form={form} />
        <EmailField
          form={form}
          description={
            user?.pendingEmail ? t('emailChange:pending', { email: user.pendingEmail }) : undefined
          }
        />
        <PhoneField form={form} />
        <AddressFields form={form} />
        <Divider my="xs" />
        <Title order={2} size="h4">
          {t('common:household.title')}
        </Title>
        <HouseholdMembersFields form={form} />
        <Divider my="xs" />
        <Title order={2} size="h4">
          {t('form.access')}
        </Title>
        <Switch label={t('form.isApproved')} {...form.getInputProps('isApproved', { type: 'checkbox' })} />
        <Switch label={t('form.isActive')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
        {user ? (
          <>
            <Switch
              label={t('form.isTransactionable')}
              {...form.getInputProps('isTransactionable', { type: 'checkbox' })}
            />
            <Switch label={t('form.hasPaid')} {...form.getInputProps('hasPaid', { type: 'checkbox' })} />
          </>
        ) : (
          <Switch
            label={t('form.sendWelcomeEmail')}
            description={t('form.sendWelcomeEmailHelp')}
            {...form.getInputProps('sendWelcomeEmail', { type: 'checkbox' })}
          />
        )}
        {roleBoxes}
        {/* A message of one field shows at that field only. */}
        {mutation.isError && Object.keys(fieldErrors(mutation.error)).length === 0 && (
          <FormError>{errorText(mutation.error)}</FormError>
        )}
        {afterError !== null && <FormError>{errorText(afterError)}</FormError>}
        <Button type="submit" size="md" fullWidth loading={mutation.isPending} disabled={!mayManage}>
          {user ? t('common:actions.save') : t('form.create')}
        </Button>
      </Stack>
    </form>
  );
}
