import { Alert, Button, Group, NativeSelect, Radio, Stack, Text } from '@mantine/core';
import { IconCheck, IconClipboardList, IconListCheck, IconPlus } from '@tabler/icons-react';
import type { PolicySummary } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { EmptyState } from '../../../../components/empty-state';
import { FormError } from '../../../../components/form-error';
import { ErrorState, LoadingState } from '../../../../components/query-state';
import { SavingProgress } from '../../../../components/upload-parts';
import { formatCalendarDay } from '../../../../lib/dates';
import { useErrorText } from '../../../../lib/form';
import { MembersPicker } from '../../../communication/components/member-picker';
import { useCreateQuestions } from '../api/create-questions';
import { useOpenPolicies } from '../api/get-policies';

export interface CreateQuestionsLinks {
  newPolicy: string;
  followUp: (id: number) => string;
}

function Run({
  policies,
  preselected,
  links,
}: {
  policies: PolicySummary[];
  preselected: number | null;
  links: CreateQuestionsLinks;
}) {
  const { t } = useTranslation('reenrolmentManager');
  const errorText = useErrorText();
  const create = useCreateQuestions();
  const [chosenId, setChosenId] = useState(
    () => policies.find((policy) => policy.id === preselected)?.id ?? policies[0]!.id,
  );
  const [asking, setAsking] = useState(false);
  // This year's members (the default), or only the members picked (decision 090).
  const [audience, setAudience] = useState<'year' | 'picked'>('year');
  const [picked, setPicked] = useState<number[]>([]);
  const [pickError, setPickError] = useState<string | undefined>(undefined);
  const chosen = policies.find((policy) => policy.id === chosenId) ?? policies[0]!;
  const result = create.isSuccess && create.variables.policyId === chosen.id ? create.data : undefined;
  const label = (policy: PolicySummary) =>
    t('createQuestions.policyOption', {
      title: policy.title,
      year: policy.harvestYear,
      date: formatCalendarDay(policy.deadline),
    });
  return (
    <Stack gap="md">
      {result && (
        <Alert
          color="brand"
          icon={<IconCheck aria-hidden />}
          role="status"
          title={t('createQuestions.doneTitle')}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t('createQuestions.done', {
                created: t('createQuestions.created', { count: result.created }),
                existing: t('createQuestions.existing', { count: result.existing }),
              })}
            </Text>
            <Button component={Link} to={links.followUp(chosen.id)} variant="light" size="sm">
              {t('createQuestions.toFollowUp')}
            </Button>
          </Stack>
        </Alert>
      )}
      <NativeSelect
        label={t('createQuestions.policy')}
        value={String(chosen.id)}
        onChange={(event) => {
          setChosenId(Number(event.currentTarget.value));
          create.reset();
        }}
        data={policies.map((policy) => ({ value: String(policy.id), label: label(policy) }))}
      />
      <Radio.Group
        label={t('createQuestions.audience')}
        value={audience}
        onChange={(value) => {
          setAudience(value === 'picked' ? 'picked' : 'year');
          setPickError(undefined);
          create.reset();
        }}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="year" label={t('createQuestions.audienceYear')} />
          <Radio value="picked" label={t('createQuestions.audiencePicked')} />
        </Stack>
      </Radio.Group>
      {audience === 'picked' && (
        <MembersPicker
          value={picked}
          onChange={(ids) => {
            setPicked(ids);
            setPickError(undefined);
            create.reset();
          }}
          error={pickError}
        />
      )}
      {create.isError && <FormError>{errorText(create.error)}</FormError>}
      <SavingProgress pending={create.isPending} label={t('createQuestions.running')} />
      <Button
        size="md"
        fullWidth
        leftSection={<IconListCheck size={18} aria-hidden />}
        loading={create.isPending}
        onClick={() => {
          create.reset();
          if (audience === 'picked' && picked.length === 0) {
            setPickError(t('createQuestions.membersRequired'));
            return;
          }
          setAsking(true);
        }}
      >
        {t('createQuestions.make')}
      </Button>
      <ConfirmDialog
        opened={asking}
        onClose={() => setAsking(false)}
        title={t('createQuestions.confirmTitle')}
        text={
          audience === 'picked'
            ? t('createQuestions.confirmPicked', {
                count: picked.length,
                title: chosen.title,
                year: chosen.harvestYear,
                date: formatCalendarDay(chosen.deadline),
              })
            : t('createQuestions.confirmText', {
                title: chosen.title,
                year: chosen.harvestYear,
                date: formatCalendarDay(chosen.deadline),
              })
        }
        confirmLabel={t('createQuestions.make')}
        pending={create.isPending}
        error={null}
        onConfirm={() => {
          setAsking(false);
          create.mutate(
            audience === 'picked' ? { policyId: chosen.id, userIds: picked } : { policyId: chosen.id },
          );
        }}
      />
    </Stack>
  );
}

/**
 * `/applicationManager/administration-actions/createQuestionsForNextYear` (modal): choose an open round and
 * who gets one — this harvest year's members, or the members picked by name (decision 090) — confirm; then how many questionnaires were given and how many members had one.
 */
export function CreateQuestions({
  preselected,
  links,
}: {
  /** The round asked for in the address (`?ronde=`), when it is open. */
  preselected: number | null;
  links: CreateQuestionsLinks;
}) {
  const { t } = useTranslation('reenrolmentManager');
  const query = useOpenPolicies();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0)
    return (
      <EmptyState
        icon={IconClipboardList}
        title={t('createQuestions.noneTitle')}
        text={t('createQuestions.noneText')}
        action={
          <Group>
            <Button component={Link} to={links.newPolicy} leftSection={<IconPlus size={18} aria-hidden />}>
              {t('createQuestions.newPolicy')}
            </Button>
          </Group>
        }
      />
    );
  return (
    <Stack gap="md">
      <Text>{t('createQuestions.intro')}</Text>
      <Run policies={query.data} preselected={preselected} links={links} />
    </Stack>
  );
}
