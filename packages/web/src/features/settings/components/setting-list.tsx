import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconSettings } from '@tabler/icons-react';
import { settingBodySchema, type ManagedSetting } from '@pluk/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { EmptyState } from '../../../components/empty-state';
import type { SettingScope } from '../api/keys';
import { useRemoveSetting, useSaveSetting, useSettingsList } from '../api/key-values';
import { SettingOverrides, type UserSelectSlot } from './setting-overrides';
import { useSettingsForm, WithQuery } from './settings-form';

type Values = { key: string; value: string; isPublic: boolean };

/** Adds a key, or changes one (its key then fixed); the ApplicationManager also sees its overrides. */
function SettingDialog({
  scope,
  setting,
  onClose,
  userSelect,
}: {
  scope: SettingScope;
  setting: ManagedSetting | null;
  onClose: () => void;
  userSelect?: UserSelectSlot;
}) {
  const { t } = useTranslation(['settings', 'common']);
  const save = useSaveSetting(scope, setting ? 'update' : 'add');
  const { form, ref, submit, formError } = useSettingsForm({
    initialValues: {
      key: setting?.key ?? '',
      value: setting?.value ?? '',
      isPublic: setting?.isPublic ?? false,
    },
    schema: settingBodySchema,
    save,
    toValues: (saved: ManagedSetting): Values => ({
      key: saved.key,
      value: saved.value,
      isPublic: saved.isPublic,
    }),
    savedMessage: t('list.saved'),
    // A new key is done once saved; a changed one stays open for its overrides.
    onSaved: () => {
      if (!setting) onClose();
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={setting ? t('list.editTitle', { key: setting.key }) : t('list.addTitle')}
      closeButtonProps={{ 'aria-label': t('common:header.close') }}
    >
      <Stack gap="lg">
        <form ref={ref} noValidate onSubmit={submit}>
          <Stack gap="md">
            {formError && <FormError>{formError}</FormError>}
            <TextInput
              label={t('list.key')}
              description={t('list.keyHelp')}
              readOnly={setting !== null}
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              key={form.key('key')}
              {...form.getInputProps('key')}
            />
            <Textarea
              label={t('list.value')}
              autosize
              minRows={2}
              maxLength={10_000}
              key={form.key('value')}
              {...form.getInputProps('value')}
            />
            <Switch
              label={t('list.isPublic')}
              description={t('list.isPublicHelp')}
              key={form.key('isPublic')}
              {...form.getInputProps('isPublic', { type: 'checkbox' })}
            />
            <Button type="submit" size="md" loading={save.isPending}>
              {t('list.save')}
            </Button>
          </Stack>
        </form>
        {setting && scope === 'manager' && userSelect && (
          <SettingOverrides settingKey={setting.key} userSelect={userSelect} />
        )}
      </Stack>
    </Modal>
  );
}

function SettingCard({
  setting,
  onEdit,
  onRemove,
}: {
  setting: ManagedSetting;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text ff="monospace" fw={600} className="pluk-wrap">
            {setting.key}
          </Text>
          <Group gap={4}>
            <Badge variant="light" color={setting.isPublic ? 'brand' : 'gray'}>
              {setting.isPublic ? t('list.public') : t('list.private')}
            </Badge>
            {setting.overrideCount > 0 && (
              <Badge variant="light" color="blue">
                {t('list.overrideCount', { count: setting.overrideCount })}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm" className="pluk-wrap" lineClamp={3}>
          {setting.value === '' ? t('list.emptyValue') : setting.value}
        </Text>
        <Group gap="xs">
          <Button variant="light" size="sm" onClick={onEdit}>
            {t('list.edit', { key: setting.key })}
          </Button>
          <Button variant="subtle" color="red" size="sm" onClick={onRemove}>
            {t('list.remove', { key: setting.key })}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The farm's key/value settings: the ApplicationManager's (`manager`) or the Admin's advanced ones
 * (`admin`). Secrets never appear here (decision 081).
 */
export function SettingList({
  scope,
  userSelect,
  heading,
}: {
  scope: SettingScope;
  /** The ApplicationManager's user picker for overrides (composed by the route). */
  userSelect?: UserSelectSlot;
  heading?: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const [editing, setEditing] = useState<ManagedSetting | 'new' | null>(null);
  const [removing, setRemoving] = useState<ManagedSetting | null>(null);
  const remove = useRemoveSetting(scope);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        {heading ?? (
          <Title order={2} size="h3">
            {t('list.title')}
          </Title>
        )}
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          {t('list.add')}
        </Button>
      </Group>
      <Text size="sm">{scope === 'admin' ? t('list.introAdmin') : t('list.intro')}</Text>
      <WithQuery query={useSettingsList(scope)}>
        {(settings) =>
          settings.length === 0 ? (
            <EmptyState icon={IconSettings} title={t('list.none')} text={t('list.noneText')} />
          ) : (
            <Stack
              component="ul"
              gap="xs"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={t('list.title')}
            >
              {settings.map((setting) => (
                <SettingCard
                  key={setting.key}
                  setting={setting}
                  onEdit={() => setEditing(setting)}
                  onRemove={() => {
                    remove.reset();
                    setRemoving(setting);
                  }}
                />
              ))}
            </Stack>
          )
        }
      </WithQuery>
      {editing !== null && (
        <SettingDialog
          scope={scope}
          setting={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          userSelect={userSelect}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('list.removeTitle')}
        text={t('list.removeText', { key: removing?.key ?? '' })}
        confirmLabel={t('list.removeConfirm')}
        color="red"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (removing) remove.mutate(removing.key, { onSuccess: () => setRemoving(null) });
        }}
      />
    </Stack>
  );
}
