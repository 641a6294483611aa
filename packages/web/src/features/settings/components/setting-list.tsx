import { Badge, Button, Card, Group, Modal, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSettings } from '@tabler/icons-react';
import {
  settingBodySchema,
  settingCatalogEntry,
  settingGroups,
  settingValueProblem,
  type ManagedSetting,
} from '@pluk/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { EmptyState } from '../../../components/empty-state';
import type { SettingScope } from '../api/keys';
import { useRemoveSetting, useSaveSetting, useSettingsList } from '../api/key-values';
import { SettingOverrides, type UserSelectSlot } from './setting-overrides';
import { useSettingsForm, WithQuery } from './settings-form';
import { groupOf, settingWords } from './setting-label';
import { SettingValueInput } from './setting-value-input';

type Values = { key: string; value: string; isPublic: boolean };

/** The contract's body, and a catalogued key's value checked as the server checks it (decision 094). */
const settingFormSchema = settingBodySchema.superRefine((body, context) => {
  const problem = settingValueProblem(body.key, body.value);
  if (problem) context.addIssue({ code: 'custom', path: ['value'], message: problem });
});

/** The weather's other coordinate, for the map link beside one of them. */
const otherCoordinateKey: Record<string, string> = {
  'weather.latitude': 'weather.longitude',
  'weather.longitude': 'weather.latitude',
};

/** Adds a key, or changes one (its key then fixed); the ApplicationManager also sees its overrides. */
function SettingDialog({
  scope,
  setting,
  onClose,
  userSelect,
  all,
}: {
  scope: SettingScope;
  setting: ManagedSetting | null;
  onClose: () => void;
  userSelect?: UserSelectSlot;
  /** Every setting of the list: the map link reads the other coordinate. */
  all: ManagedSetting[];
}) {
  const { t } = useTranslation(['settings', 'common']);
  const save = useSaveSetting(scope, setting ? 'update' : 'add');
  const { form, ref, submit, formError } = useSettingsForm({
    initialValues: {
      key: setting?.key ?? '',
      value: setting?.value ?? '',
      isPublic: setting?.isPublic ?? false,
    },
    schema: settingFormSchema,
    controlled: true,
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
  const words = setting ? settingWords(t, setting.key) : null;
  const entry = settingCatalogEntry(form.getValues().key);
  const otherKey = setting ? otherCoordinateKey[setting.key] : undefined;
  const valueProps = form.getInputProps('value');
  return (
    <Modal
      opened
      onClose={onClose}
      title={setting ? t('list.editTitle', { label: words?.label ?? setting.key }) : t('list.addTitle')}
      closeButtonProps={{ 'aria-label': t('common:header.close') }}
    >
      <Stack gap="lg">
        <form ref={ref} noValidate onSubmit={submit}>
          <Stack gap="md">
            {formError && <FormError>{formError}</FormError>}
            {/* A catalogued key is named by its label; only a farm's own key shows itself. */}
            {(!setting || !settingCatalogEntry(setting.key)) && (
              <TextInput
                label={t('list.key')}
                description={t('list.keyHelp')}
                readOnly={setting !== null}
                maxLength={100}
                autoComplete="off"
                spellCheck={false}
                {...form.getInputProps('key')}
              />
            )}
            <SettingValueInput
              entry={entry}
              label={words && entry ? words.label : t('list.value')}
              description={words && entry ? words.help : null}
              value={String(form.getValues().value)}
              onChange={(value) => form.setFieldValue('value', value)}
              error={valueProps.error as string | undefined}
              otherCoordinate={otherKey ? (all.find((s) => s.key === otherKey)?.value ?? null) : null}
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
  const { label, help } = settingWords(t, setting.key);
  const entry = settingCatalogEntry(setting.key);
  const shown =
    setting.value === ''
      ? t('list.emptyValue')
      : entry?.input === 'boolean'
        ? t(setting.value === 'true' ? 'catalog.on' : 'catalog.off')
        : entry?.input === 'latitude' || entry?.input === 'longitude'
          ? setting.value.replace('.', ',')
          : setting.value;
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} className="pluk-wrap" ff={entry ? undefined : 'monospace'}>
            {label}
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
        {help && (
          <Text size="sm" c="dimmed" className="pluk-wrap">
            {help}
          </Text>
        )}
        <Text size="sm" className="pluk-wrap" lineClamp={3}>
          {shown}
        </Text>
        <Group gap="xs">
          <Button variant="light" size="sm" onClick={onEdit}>
            {t('list.edit', { label })}
          </Button>
          <Button variant="subtle" color="red" size="sm" onClick={onRemove}>
            {t('list.remove', { label })}
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
  const list = useSettingsList(scope);
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
      <WithQuery query={list}>
        {(settings) =>
          settings.length === 0 ? (
            <EmptyState icon={IconSettings} title={t('list.none')} text={t('list.noneText')} />
          ) : (
            <Stack gap="lg">
              {[...settingGroups, 'own' as const].map((group) => {
                const inGroup = settings.filter((setting) => groupOf(setting.key) === group);
                if (inGroup.length === 0) return null;
                const title = t(`catalog.groups.${group}`);
                return (
                  <Stack key={group} gap="xs" component="section" aria-label={title}>
                    <Title order={3} size="h4">
                      {title}
                    </Title>
                    {group === 'own' && <Text size="sm">{t('catalog.groupsHelp.own')}</Text>}
                    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
                      {inGroup.map((setting) => (
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
                  </Stack>
                );
              })}
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
          all={list.data ?? []}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('list.removeTitle')}
        text={t('list.removeText', { label: removing ? settingWords(t, removing.key).label : '' })}
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
