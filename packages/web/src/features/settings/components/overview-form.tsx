import { Button, Group, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { settingsOverviewBodySchema, type SettingsOverview } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { useOverview, useSaveOverview } from '../api/branding';
import { useSettingsForm, WithQuery } from './settings-form';

type Values = {
  appName: string;
  harvestYearStartMonth: string;
  harvestYearStartDay: number | string;
};

const monthName = new Intl.DateTimeFormat('nl-BE', { month: 'long', timeZone: 'UTC' });
const months = Array.from({ length: 12 }, (_, index) => ({
  value: String(index + 1),
  label: monthName.format(new Date(Date.UTC(2001, index, 1))),
}));

const toInput = (values: Values) => ({
  appName: values.appName,
  harvestYearStartMonth: Number(values.harvestYearStartMonth),
  harvestYearStartDay: values.harvestYearStartDay === '' ? undefined : Number(values.harvestYearStartDay),
});
const initialValues = (overview: SettingsOverview): Values => ({
  appName: overview.appName,
  harvestYearStartMonth: String(overview.harvestYearStartMonth),
  harvestYearStartDay: overview.harvestYearStartDay,
});

function OverviewEditor({ overview }: { overview: SettingsOverview }) {
  const { t } = useTranslation('settings');
  const save = useSaveOverview();
  const { form, ref, submit, formError } = useSettingsForm({
    initialValues: initialValues(overview),
    schema: settingsOverviewBodySchema,
    toInput,
    save,
    toValues: initialValues,
    savedMessage: t('overview.saved'),
  });
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t('overview.intro')}</Text>
        {formError && <FormError>{formError}</FormError>}
        <TextInput
          label={t('overview.appName')}
          description={t('overview.appNameHelp')}
          maxLength={80}
          key={form.key('appName')}
          {...form.getInputProps('appName')}
        />
        <Text size="sm">{t('overview.harvestYearStartHelp')}</Text>
        <Group grow align="flex-start">
          <NumberInput
            label={t('overview.day')}
            min={1}
            max={31}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            inputMode="numeric"
            key={form.key('harvestYearStartDay')}
            {...form.getInputProps('harvestYearStartDay')}
          />
          <NativeSelect
            label={t('overview.month')}
            data={months}
            key={form.key('harvestYearStartMonth')}
            {...form.getInputProps('harvestYearStartMonth')}
          />
        </Group>
        <Button type="submit" size="md" loading={save.isPending}>
          {t('overview.save')}
        </Button>
      </Stack>
    </form>
  );
}

/** `/applicationManager/settings/Overview`: the farm's name and the day its harvest year starts. */
export function OverviewScreen() {
  return <WithQuery query={useOverview()}>{(overview) => <OverviewEditor overview={overview} />}</WithQuery>;
}
