import { Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HarvestYearSelect } from './harvest-year-select';
import { PaymentEmailList } from './payment-email-list';
import { ReminderScheduleForm } from './reminder-schedule-form';

/** Tab labels wrap between words at 200 % text instead of pushing the page sideways (WCAG 1.4.10). */

/**
 * `/applicationManager/bank/emails`: the "payment needed" e-mails and the reminders, a tab each
 * (`?soort=herinneringen` keeps the tab when the manager comes back), for the chosen harvest year.
 */
export function PaymentEmails({ currentHarvestYear }: { currentHarvestYear: number }) {
  const { t } = useTranslation('bankAdmin');
  const [searchParams, setSearchParams] = useSearchParams();
  const [harvestYear, setHarvestYear] = useState(currentHarvestYear);
  const tab = searchParams.get('soort') === 'herinneringen' ? 'reminder' : 'needed';
  return (
    <Stack gap="md">
      <HarvestYearSelect
        currentHarvestYear={currentHarvestYear}
        value={harvestYear}
        onChange={setHarvestYear}
      />
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) =>
          setSearchParams(value === 'reminder' ? { soort: 'herinneringen' } : {}, { replace: true })
        }
      >
        <Tabs.List aria-label={t('emails.tabsLabel')} grow>
          <Tabs.Tab value="needed">{t('emails.neededTab')}</Tabs.Tab>
          <Tabs.Tab value="reminder">{t('emails.reminderTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="needed" pt="md">
          <PaymentEmailList kind="needed" harvestYear={harvestYear} />
        </Tabs.Panel>
        <Tabs.Panel value="reminder" pt="md">
          <Stack gap="xl">
            <ReminderScheduleForm />
            <PaymentEmailList kind="reminder" harvestYear={harvestYear} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
