import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { HouseholdCount } from '@pluk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateMyQuestionnaires } from '../../../features/reenrolment/api/keys';
import { HouseholdList } from '../../../features/subscription/components/subscription-parts';
import { useAccount } from '../../../features/user/api/get-account';
import { ContactDataCard } from '../../../features/user/components/contact-data-card';
import { ProfileForm } from '../../../features/user/components/profile-form';

/**
 * The questionnaire's first step: my contact data and household as the farm has them, and the account
 * form to change them (the one of /account/edit). Saving asks my questionnaire again, so the offers'
 * prices follow my household. Composed here: it joins the user, subscription and re-enrolment features.
 */
export function AccountCheckStep({ household, onNext }: { household: HouseholdCount; onNext: () => void }) {
  const { t } = useTranslation('reenrolment');
  const queryClient = useQueryClient();
  const account = useAccount().data;
  const [editing, setEditing] = useState(false);
  if (!account) return null;

  if (editing)
    return (
      <Stack gap="md">
        <ProfileForm
          account={account}
          onSaved={() => {
            notifications.show({ color: 'brand', message: t('account.saved') });
            void invalidateMyQuestionnaires(queryClient);
            setEditing(false);
          }}
        />
        <Button variant="default" fullWidth onClick={() => setEditing(false)}>
          {t('account.cancelEdit')}
        </Button>
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Text>{t('account.intro')}</Text>
      <Stack gap="xs" component="section" aria-labelledby="check-contact">
        <Title order={4} size="h5" id="check-contact">
          {t('account.contactTitle')}
        </Title>
        <ContactDataCard data={account.contactData} />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="check-household">
        <Title order={4} size="h5" id="check-household">
          {t('account.householdTitle')}
        </Title>
        <HouseholdList members={account.memberShip.members} />
        <Text size="sm" c="dimmed" data-testid="household-count">
          {t('account.counted', {
            adults: t('people.adults', { count: household.adults }),
            children: t('people.children', { count: household.children }),
          })}
        </Text>
      </Stack>
      <Group justify="space-between">
        <Button variant="default" onClick={() => setEditing(true)}>
          {t('account.edit')}
        </Button>
        <Button onClick={onNext}>{t('steps.next')}</Button>
      </Group>
    </Stack>
  );
}
