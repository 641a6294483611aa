import {
  Alert,
  Anchor,
  Button,
  ColorSwatch,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconPhoto } from '@tabler/icons-react';
import {
  adminLimits,
  createAppFieldsSchema,
  localeVariants,
  splitHostNames,
  type CreatedApp,
} from '@pluk/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropzone } from '../../../components/file-dropzone';
import { FormError } from '../../../components/form-error';
import { PasswordField } from '../../../components/password-field';
import { NewFileCard, SavingProgress } from '../../../components/upload-parts';
import { fieldErrors, useErrorText, useFocusError, zodValidate, type FormErrors } from '../../../lib/form';
import { useNewPhotos } from '../../../lib/use-new-photos';
import { useCreateApp } from '../api/create-app';

const megabyte = 1024 * 1024;
const imageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

interface Values {
  name: string;
  appId: string;
  /** As typed: one or more host names separated by commas or spaces. */
  hosts: string;
  colorPrimary: string;
  colorSecondary: string;
  colorBackground: string;
  localeVariant: string;
  adminFirstName: string;
  adminLastName: string;
  adminUsername: string;
  adminEmail: string;
  adminPassword: string;
}

const initialValues: Values = {
  name: '',
  appId: '',
  hosts: '',
  colorPrimary: '#2f7d32',
  colorSecondary: '#8bc34a',
  colorBackground: '#f5f9f0',
  localeVariant: 'nl-be',
  adminFirstName: '',
  adminLastName: '',
  adminUsername: '',
  adminEmail: '',
  adminPassword: '',
};

const toInput = (values: Values) => ({ ...values, hosts: splitHostNames(values.hosts) });

/** The contract's rules; a refused host name (`hosts.1`) shows under the one hosts field. */
function validate(values: Values): FormErrors {
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(zodValidate<Values>(createAppFieldsSchema, toInput)(values))) {
    const field = path.split('.')[0]!;
    errors[field] ??= message;
  }
  return errors;
}

/** A colour as a hex code, with a swatch of it beside the text. */
function ColorField({
  label,
  help,
  value,
  inputProps,
}: {
  label: string;
  help: string;
  value: string;
  inputProps: ReturnType<ReturnType<typeof useForm<Values>>['getInputProps']>;
}) {
  const shown = /^#[0-9a-fA-F]{6}$/.test(value) ? value : 'transparent';
  return (
    <TextInput
      label={label}
      description={help}
      required
      maxLength={7}
      autoComplete="off"
      spellCheck={false}
      leftSection={<ColorSwatch color={shown} size={18} aria-hidden />}
      {...inputProps}
    />
  );
}

/** What the new farm is now: its address to open, where its first Admin signs in. */
function Created({ created, onAnother }: { created: CreatedApp; onAnother: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="md">
      <Alert
        color="brand"
        icon={<IconCheck aria-hidden />}
        role="status"
        title={t('create.doneTitle', { name: created.name })}
      >
        <Stack gap="xs">
          <Text>{t('create.doneText')}</Text>
          <Anchor href={created.address} fw={600} className="pluk-wrap">
            {t('create.open', { address: created.address })}
          </Anchor>
        </Stack>
      </Alert>
      <Group>
        <Button variant="light" onClick={onAnother}>
          {t('create.another')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * `/applicationManager/settings/CreateNewApp`: a new farm (name, app id, host names, colours, logo,
 * wording) with its first Admin, checked with the contract's rules; once made, a link to its address.
 */
export function CreateAppForm() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const logoHelpId = useId();
  const create = useCreateApp();
  const [created, setCreated] = useState<CreatedApp | null>(null);
  const { ref, focusError } = useFocusError();
  const form = useForm<Values>({ mode: 'controlled', initialValues, validate });
  const logo = useNewPhotos({
    kept: 0,
    max: 1,
    texts: {
      tooMany: () => t('create.logoTooMany'),
      tooLarge: (name) => t('create.logoTooLarge', { name, size: adminLimits.logoMaxBytes / megabyte }),
      wrongType: (name) => t('create.logoWrongType', { name }),
    },
  });
  const chosen = logo.photos[0] ?? null;

  const submit = form.onSubmit((values) => {
    if (create.isPending) return;
    const fields = { ...values, hosts: splitHostNames(values.hosts).join(',') };
    create.mutate(
      { fields, logo: chosen?.file ?? null },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          form.reset();
          logo.clear();
        },
        onError: (error) => {
          form.setErrors(fieldErrors(error));
          focusError();
        },
      },
    );
  }, focusError);

  if (created) {
    return (
      <Created
        created={created}
        onAnother={() => {
          create.reset();
          setCreated(null);
        }}
      />
    );
  }
  const shownOnField = Object.keys(fieldErrors(create.error)).length > 0;
  const text = (
    name: keyof Values,
    props: { autoComplete?: string; maxLength?: number; help?: string } = {},
  ) => (
    <TextInput
      label={t(`create.${name}`)}
      description={props.help}
      required
      maxLength={props.maxLength ?? 200}
      autoComplete={props.autoComplete ?? 'off'}
      {...form.getInputProps(name)}
    />
  );
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Text>{t('create.intro')}</Text>
        {create.isError && !shownOnField && <FormError>{errorText(create.error)}</FormError>}
        <Stack gap="sm" component="section" aria-labelledby="new-farm">
          <Title order={2} size="h3" id="new-farm">
            {t('create.farmTitle')}
          </Title>
          {text('name', { help: t('create.nameHelp'), maxLength: adminLimits.nameMax })}
          <TextInput
            label={t('create.appId')}
            description={t('create.appIdHelp')}
            required
            maxLength={adminLimits.appIdMax}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('appId')}
          />
          <TextInput
            label={t('create.hosts')}
            description={t('create.hostsHelp')}
            required
            autoComplete="off"
            spellCheck={false}
            inputMode="url"
            {...form.getInputProps('hosts')}
          />
          <Radio.Group label={t('create.localeVariant')} required {...form.getInputProps('localeVariant')}>
            <Stack gap="xs" mt="xs">
              {localeVariants.map((variant) => (
                <Radio key={variant} value={variant} label={t(`create.localeVariants.${variant}`)} />
              ))}
            </Stack>
          </Radio.Group>
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="new-farm-colors">
          <Title order={2} size="h3" id="new-farm-colors">
            {t('create.colorsTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {(['colorPrimary', 'colorSecondary', 'colorBackground'] as const).map((name) => (
              <ColorField
                key={name}
                label={t(`create.${name}`)}
                help={t('create.colorHelp')}
                value={form.values[name]}
                inputProps={form.getInputProps(name)}
              />
            ))}
          </SimpleGrid>
          {chosen ? (
            <Group>
              <NewFileCard
                file={chosen.file}
                previewUrl={chosen.previewUrl}
                newLabel={t('create.logoNew')}
                removeLabel={t('create.logoRemove', { name: chosen.file.name })}
                onRemove={() => logo.remove(chosen.key)}
              />
            </Group>
          ) : (
            <FileDropzone
              label={t('create.logo')}
              helpId={logoHelpId}
              idleIcon={IconPhoto}
              onDrop={logo.add}
              onReject={logo.reject}
              maxSize={adminLimits.logoMaxBytes}
              maxFiles={1}
              multiple={false}
              accept={imageTypes}
            />
          )}
          <Text size="sm" c="dimmed" id={logoHelpId}>
            {t('create.logoHelp', { size: adminLimits.logoMaxBytes / megabyte })}
          </Text>
          {logo.messages.map((message) => (
            <FormError key={message}>{message}</FormError>
          ))}
          {form.errors.logo && <FormError>{form.errors.logo}</FormError>}
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="new-farm-admin">
          <Title order={2} size="h3" id="new-farm-admin">
            {t('create.adminTitle')}
          </Title>
          <Text size="sm">{t('create.adminHelp')}</Text>
          {text('adminFirstName', { maxLength: 100 })}
          {text('adminLastName', { maxLength: 100 })}
          {text('adminUsername', { maxLength: 40 })}
          <TextInput
            label={t('create.adminEmail')}
            type="email"
            required
            maxLength={200}
            autoComplete="off"
            {...form.getInputProps('adminEmail')}
          />
          <PasswordField
            label={t('create.adminPassword')}
            description={t('create.adminPasswordHelp')}
            required
            maxLength={200}
            autoComplete="new-password"
            {...form.getInputProps('adminPassword')}
          />
        </Stack>
        <SavingProgress pending={create.isPending} label={t('create.saving')} />
        <Button type="submit" size="md" loading={create.isPending}>
          {t('create.submit')}
        </Button>
      </Stack>
    </form>
  );
}
