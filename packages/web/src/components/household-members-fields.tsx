import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { HouseholdMemberInput } from '@pluk/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A household member as the form holds it: an empty year of birth is ''. */
export interface HouseholdMemberValues {
  name: string;
  yearOfBirth: number | '';
  isAdult: boolean;
}

export const maxHouseholdMembers = 20;

const emptyMember: HouseholdMemberValues = { name: '', yearOfBirth: '', isAdult: true };

export function toHouseholdMemberInput(member: HouseholdMemberValues): HouseholdMemberInput {
  return {
    name: member.name,
    yearOfBirth: member.yearOfBirth === '' ? null : member.yearOfBirth,
    isAdult: member.isAdult,
  };
}

interface Props<V extends { householdMembers: HouseholdMemberValues[] }> {
  form: UseFormReturnType<V>;
}

/** Add, edit and remove the other members of the household (name, year of birth, adult or child). */
export function HouseholdMembersFields<V extends { householdMembers: HouseholdMemberValues[] }>({
  form,
}: Props<V>) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const members = form.getValues().householdMembers;
  const path = (index: number, field: keyof HouseholdMemberValues) => `householdMembers.${index}.${field}`;

  return (
    <Stack gap="sm">
      {members.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('household.empty')}
        </Text>
      )}
      {members.map((member, index) => (
        <Card key={form.key(`householdMembers.${index}`)} withBorder padding="sm">
          <Stack gap="xs">
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={t('household.name')}
                key={form.key(path(index, 'name'))}
                {...form.getInputProps(path(index, 'name'))}
              />
              <ActionIcon
                mt={22}
                size="xl"
                variant="subtle"
                color="red"
                aria-label={t('household.remove', {
                  name: member.name || t('household.member', { number: index + 1 }),
                })}
                onClick={() => form.removeListItem('householdMembers', index)}
              >
                <IconTrash size={20} aria-hidden />
              </ActionIcon>
            </Group>
            {/* Side by side from 576 px; on a phone each gets the full width. */}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
              <NumberInput
                label={t('household.yearOfBirth')}
                allowDecimal={false}
                allowNegative={false}
                min={1900}
                max={2100}
                // A phone shows its number pad; the tiny up/down arrows are no use on a touch screen.
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={4}
                autoComplete="off"
                hideControls
                key={form.key(path(index, 'yearOfBirth'))}
                {...form.getInputProps(path(index, 'yearOfBirth'))}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id={`${idPrefix}-age-${index}`}>
                  {t('household.ageGroup')}
                </Text>
                <SegmentedControl
                  fullWidth
                  size="md"
                  data={[
                    { value: 'adult', label: t('household.adult') },
                    { value: 'child', label: t('household.child') },
                  ]}
                  value={member.isAdult ? 'adult' : 'child'}
                  onChange={(value) =>
                    form.setFieldValue(path(index, 'isAdult') as never, (value === 'adult') as never)
                  }
                  aria-labelledby={`${idPrefix}-age-${index}`}
                />
              </Stack>
            </SimpleGrid>
          </Stack>
        </Card>
      ))}
      {members.length < maxHouseholdMembers && (
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => form.insertListItem('householdMembers', emptyMember as never)}
        >
          {t('household.add')}
        </Button>
      )}
    </Stack>
  );
}
