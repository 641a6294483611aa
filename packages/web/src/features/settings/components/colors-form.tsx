import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorInput.css';
import { Alert, Box, Button, ColorInput, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { colorsBodySchema, hexColorSchema, type AppColors } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { contrastRatio, minTextContrast, readableTextOn } from '../../../lib/theme';
import { useColors, useSaveColors } from '../api/branding';
import { useSettingsForm, WithQuery } from './settings-form';

const colorFields = ['primary', 'secondary', 'background'] as const;
type ColorField = (typeof colorFields)[number];

const isHex = (value: string) => hexColorSchema.safeParse(value).success;

/** The pairs whose contrast a farm should know: its colours as text on the background and on white. */
export function contrastWarnings(
  colors: AppColors,
): { field: ColorField; on: 'background' | 'white'; ratio: number }[] {
  if (!colorFields.every((field) => isHex(colors[field]))) return [];
  const warnings: { field: ColorField; on: 'background' | 'white'; ratio: number }[] = [];
  for (const field of ['primary', 'secondary'] as const) {
    for (const on of ['background', 'white'] as const) {
      const ratio = contrastRatio(colors[field], on === 'white' ? '#ffffff' : colors.background);
      if (ratio < minTextContrast) warnings.push({ field, on, ratio });
    }
  }
  return warnings;
}

/** What the colours look like: the header bar, a button and text, painted with the typed values. */
function Preview({ colors, appName }: { colors: AppColors; appName: string }) {
  const { t } = useTranslation('settings');
  if (!colorFields.every((field) => isHex(colors[field]))) return null;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden', background: colors.background }}>
      <Box px="md" py="sm" style={{ background: colors.primary, color: readableTextOn(colors.primary) }}>
        <Text fw={600} inherit>
          {appName}
        </Text>
      </Box>
      <Stack gap="xs" p="md">
        <Text style={{ color: readableTextOn(colors.background) }}>{t('colors.previewText')}</Text>
        <Group gap="xs">
          <Box
            px="md"
            py={6}
            style={{
              background: colors.primary,
              color: readableTextOn(colors.primary),
              borderRadius: 'var(--mantine-radius-sm)',
            }}
          >
            {t('colors.previewButton')}
          </Box>
          <Box
            px="md"
            py={6}
            style={{
              background: colors.secondary,
              color: readableTextOn(colors.secondary),
              borderRadius: 'var(--mantine-radius-sm)',
            }}
          >
            {t('colors.previewAccent')}
          </Box>
        </Group>
      </Stack>
    </Paper>
  );
}

const ratioText = (ratio: number) => ratio.toLocaleString('nl-BE', { maximumFractionDigits: 1 });

function ColorsEditor({ colors, appName }: { colors: AppColors; appName: string }) {
  const { t } = useTranslation('settings');
  const save = useSaveColors();
  const { form, ref, submit, formError } = useSettingsForm({
    initialValues: colors,
    schema: colorsBodySchema,
    save,
    toValues: (saved: AppColors) => saved,
    savedMessage: t('colors.saved'),
    controlled: true,
  });
  const warnings = contrastWarnings(form.values);
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t('colors.intro')}</Text>
        {formError && <FormError>{formError}</FormError>}
        {colorFields.map((field) => (
          <ColorInput
            key={field}
            label={t(`colors.${field}`)}
            description={t(`colors.${field}Help`)}
            format="hex"
            withEyeDropper={false}
            autoComplete="off"
            spellCheck={false}
            maxLength={7}
            {...form.getInputProps(field)}
          />
        ))}
        <Preview colors={form.values} appName={appName} />
        {warnings.length > 0 && (
          <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} title={t('colors.contrastTitle')}>
            <Stack gap={4}>
              {warnings.map((warning) => (
                <Text key={`${warning.field}-${warning.on}`} size="sm" inherit>
                  {t(`colors.contrastOn.${warning.on}`, {
                    color: t(`colors.${warning.field}`),
                    ratio: ratioText(warning.ratio),
                  })}
                </Text>
              ))}
              <Text size="sm" inherit>
                {t('colors.contrastHelp')}
              </Text>
            </Stack>
          </Alert>
        )}
        <Button type="submit" size="md" loading={save.isPending}>
          {t('colors.save')}
        </Button>
      </Stack>
    </form>
  );
}

/** `/applicationManager/settings/Colors`: the farm's three colours, a live preview and their contrast. */
export function ColorsScreen({ appName }: { appName: string }) {
  return (
    <WithQuery query={useColors()}>
      {(colors) => <ColorsEditor colors={colors} appName={appName} />}
    </WithQuery>
  );
}
