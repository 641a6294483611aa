import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { fieldErrors, useErrorText } from '../../../lib/form';
import { useManageUserOverride, useSettingDetail } from '../api/key-values';
import { showSaved } from './saved-notice';
import { WithQuery } from './settings-form';

export interface UserChoice {
  id: number;
  name: string;
}

/** A user picker the route hands in (features do not import each other). */
export type UserSelectSlot = (props: {
  label: string;
  value: UserChoice | null;
  onChange: (user: UserChoice | null) => void;
  error?: string;
}) => ReactNode;

/** The users with their own value of a key (`ManageUserOverride`): add, change or remove one. */
export function SettingOverrides({
  settingKey,
  userSelect,
}: {
  settingKey: string;
  userSelect: UserSelectSlot;
}) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const manage = useManageUserOverride();
  const [user, setUser] = useState<UserChoice | null>(null);
  const [value, setValue] = useState('');
  const errors = fieldErrors(manage.error);
  const onField = Object.keys(errors).length > 0;

  const add = () => {
    if (!user || manage.isPending) return;
    manage.mutate(
      { userId: user.id, key: settingKey, value },
      {
        onSuccess: () => {
          setUser(null);
          setValue('');
          showSaved(t('overrides.saved'));
        },
      },
    );
  };
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('overrides.title')}
      </Title>
      <Text size="sm">{t('overrides.intro')}</Text>
      <WithQuery query={useSettingDetail(settingKey)}>
        {(detail) =>
          detail.overrides.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('overrides.none')}
            </Text>
          ) : (
            <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
              {detail.overrides.map((override) => (
                <Group component="li" key={override.userId} justify="space-between" gap="xs">
                  <Text size="sm" className="pluk-wrap" style={{ minWidth: 0 }}>
                    {t('overrides.row', { name: override.name, value: override.value })}
                  </Text>
                  <Button
                    variant="subtle"
                    color="red"
                    size="sm"
                    loading={manage.isPending && manage.variables?.userId === override.userId}
                    onClick={() => manage.mutate({ userId: override.userId, key: settingKey, value: null })}
                  >
                    {t('overrides.remove', { name: override.name })}
                  </Button>
                </Group>
              ))}
            </Stack>
          )
        }
      </WithQuery>
      {manage.isError && !onField && <FormError>{errorText(manage.error)}</FormError>}
      {userSelect({ label: t('overrides.user'), value: user, onChange: setUser, error: errors.userId })}
      <TextInput
        label={t('overrides.value')}
        value={value}
        maxLength={10_000}
        error={errors.value}
        onChange={(event) => setValue(event.currentTarget.value)}
      />
      <Button variant="light" onClick={add} disabled={!user} loading={manage.isPending}>
        {t('overrides.add')}
      </Button>
    </Stack>
  );
}
