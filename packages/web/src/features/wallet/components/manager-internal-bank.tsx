import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  CloseButton,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconBuildingBank,
  IconCheck,
  IconGift,
  IconSearch,
  IconUsers,
} from '@tabler/icons-react';
import { donateBodySchema, donationLimits, type DonateResult, type MemberWallet } from '@pluk/contract';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { FormError } from '../../../components/form-error';
import { LoadMore } from '../../../components/load-more';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { SummaryFigure } from '../../../components/summary-figure';
import { formatMoment } from '../../../lib/dates';
import { feedItems } from '../../../lib/feed-pages';
import { useErrorText, useFocusError, type FormErrors } from '../../../lib/form';
import { isApiError } from '../../../lib/errors';
import { formatMovement, formatVirtualMoney, parseVirtualMoney } from '../../../lib/virtual-money';
import {
  useDonate,
  useInternalBank,
  useIssuances,
  useManagerToggleTransactionable,
  useMemberWallets,
} from '../api/manager-bank';

const memberName = (member: { firstName: string; lastName: string }) =>
  `${member.firstName} ${member.lastName}`;

/** A fresh key for one donation (a UUID; a random hex string where the browser has no randomUUID). */
export function newDonationKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The bank's figures: issued, the members' total (with the ledger check), donations, trading members. */
function BankSummary() {
  const { t } = useTranslation('internalBank');
  const query = useInternalBank();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const bank = query.data;
  const balanced = bank.issuedCents === bank.membersTotalCents;
  return (
    <Stack gap="xs">
      <Group gap="xs" align="stretch">
        <SummaryFigure label={t('summary.issued')} value={formatVirtualMoney(bank.issuedCents)} />
        <SummaryFigure label={t('summary.membersTotal')} value={formatVirtualMoney(bank.membersTotalCents)} />
        <SummaryFigure label={t('summary.donations')} value={String(bank.donationCount)} />
        <SummaryFigure label={t('summary.transactionable')} value={String(bank.transactionableMemberCount)} />
      </Group>
      {balanced ? (
        <Text size="sm" c="dimmed">
          <IconCheck size={14} aria-hidden /> {t('summary.balanced')}
        </Text>
      ) : (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />}>
          {t('summary.unbalanced')}
        </Alert>
      )}
    </Stack>
  );
}

/** One member: pick for a donation, balance, and the switch for trading with virtual money. */
function MemberRow({
  member,
  selected,
  onSelect,
}: {
  member: MemberWallet;
  selected: boolean;
  onSelect: (member: MemberWallet, selected: boolean) => void;
}) {
  const { t } = useTranslation('internalBank');
  const errorText = useErrorText();
  const toggle = useManagerToggleTransactionable();
  const name = memberName(member);
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap={6}>
        <Checkbox
          checked={selected}
          onChange={(event) => onSelect(member, event.currentTarget.checked)}
          label={name}
          description={t('members.balance', {
            username: member.username,
            amount: formatVirtualMoney(member.balanceCents),
          })}
          classNames={{ label: 'pluk-wrap' }}
        />
        <Switch
          checked={member.isTransactionable}
          disabled={toggle.isPending}
          onChange={() => toggle.mutate(member.userId)}
          label={t('members.transactionable')}
          aria-label={t('members.transactionableOf', { name })}
        />
        {toggle.isError && (
          <Text size="sm" c="red" role="alert">
            {errorText(toggle.error)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The members' wallets, searchable, a page at a time; the boxes pick who receives a donation. */
function MemberWallets({
  selected,
  onSelect,
}: {
  selected: Map<number, MemberWallet>;
  onSelect: (member: MemberWallet, selected: boolean) => void;
}) {
  const { t } = useTranslation('internalBank');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useMemberWallets(debounced);
  const items = feedItems(query.data, (member) => member.userId);
  const shownIds = items.map((member) => member.userId);
  const allShownSelected = items.length > 0 && shownIds.every((id) => selected.has(id));
  return (
    <Stack gap="sm">
      <TextInput
        type="search"
        label={t('members.search')}
        placeholder={t('members.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        maxLength={100}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={debounced ? IconSearch : IconUsers}
          title={debounced ? t('members.noMatchTitle') : t('members.emptyTitle')}
          text={debounced ? t('members.noMatchText') : t('members.emptyText')}
        />
      ) : (
        <Stack gap="xs">
          <Group justify="flex-end">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => items.forEach((member) => onSelect(member, !allShownSelected))}
            >
              {allShownSelected
                ? t('members.deselectShown')
                : t('members.selectShown', { count: items.length })}
            </Button>
          </Group>
          {items.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              selected={selected.has(member.userId)}
              onSelect={onSelect}
            />
          ))}
          <LoadMore query={query} shown={items.length} />
        </Stack>
      )}
    </Stack>
  );
}

interface DonateValues {
  amount: string;
  reason: string;
}

/** What the form sends, checked with the contract's rules; errors keyed by the form's fields. */
function checkDonation(
  userIds: number[],
  values: DonateValues,
  invalidAmount: string,
): { errors: FormErrors; amountCents: number | null } {
  const amountCents = parseVirtualMoney(values.amount);
  const errors: FormErrors = {};
  const result = donateBodySchema.safeParse({
    userIds,
    amountCents: amountCents ?? 0,
    reason: values.reason,
    idempotencyKey: 'check-only',
  });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] === 'amountCents' ? 'amount' : String(issue.path[0]);
      if (!(field in errors)) errors[field] = issue.message;
    }
  }
  if (values.amount.trim() === '') errors.amount = invalidAmount;
  else if (amountCents === null) errors.amount = invalidAmount;
  return { errors, amountCents };
}

/** The donate form: the picked members, an amount each and a reason; one key per donation, kept for retries. */
function DonateForm({
  selected,
  onUnselect,
  onDonated,
}: {
  selected: Map<number, MemberWallet>;
  onUnselect: (member: MemberWallet) => void;
  onDonated: () => void;
}) {
  const { t } = useTranslation('internalBank');
  const errorText = useErrorText();
  const donate = useDonate();
  const { ref, focusError } = useFocusError();
  const [values, setValues] = useState<DonateValues>({ amount: '', reason: '' });
  const [errors, setErrors] = useState<FormErrors>({});
  const [done, setDone] = useState<{ result: DonateResult; amountCents: number } | null>(null);
  // One key per donation: made on the first submit, sent again on every retry, dropped once it succeeded.
  const key = useRef<string | null>(null);
  const members = [...selected.values()];
  const amountCents = parseVirtualMoney(values.amount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (donate.isPending) return;
    const check = checkDonation(
      members.map((member) => member.userId),
      values,
      t('donate.amountInvalid'),
    );
    setErrors(check.errors);
    if (Object.keys(check.errors).length > 0 || check.amountCents === null) {
      focusError();
      return;
    }
    key.current ??= newDonationKey();
    const sentCents = check.amountCents;
    setDone(null);
    donate.mutate(
      {
        userIds: members.map((member) => member.userId),
        amountCents: sentCents,
        reason: values.reason.trim(),
        idempotencyKey: key.current,
      },
      {
        onSuccess: (result) => {
          key.current = null;
          setValues({ amount: '', reason: '' });
          setDone({ result, amountCents: sentCents });
          onDonated();
        },
        onError: (error) => {
          // The server saw this key with another amount: that donation stands, a new one needs a new key.
          if (isApiError(error) && error.code === 'IDEMPOTENCY_KEY_REUSED') key.current = null;
          focusError();
        },
      },
    );
  };

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <div>
          <Text fw={500} size="sm" id="donate-recipients">
            {t('donate.recipients', { count: members.length })}
          </Text>
          {members.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('donate.noneChosen')}
            </Text>
          ) : (
            <Group gap={6} mt={4} role="list" aria-labelledby="donate-recipients">
              {members.map((member) => (
                <Badge
                  key={member.userId}
                  role="listitem"
                  variant="light"
                  size="lg"
                  tt="none"
                  rightSection={
                    <CloseButton
                      size="xs"
                      aria-label={t('donate.unselect', { name: memberName(member) })}
                      onClick={() => onUnselect(member)}
                    />
                  }
                >
                  {memberName(member)}
                </Badge>
              ))}
            </Group>
          )}
          {errors.userIds && members.length === 0 && <FormError>{errors.userIds}</FormError>}
        </div>
        <TextInput
          label={t('donate.amount')}
          description={t('donate.amountHint')}
          inputMode="decimal"
          required
          value={values.amount}
          error={errors.amount}
          onChange={(event) => {
            const amount = event.currentTarget.value;
            setValues((current) => ({ ...current, amount }));
            setErrors(({ amount: _fixed, ...rest }) => rest);
          }}
        />
        <TextInput
          label={t('donate.reason')}
          description={t('donate.reasonHint')}
          required
          maxLength={donationLimits.reasonMax}
          value={values.reason}
          error={errors.reason}
          onChange={(event) => {
            const reason = event.currentTarget.value;
            setValues((current) => ({ ...current, reason }));
            setErrors(({ reason: _fixed, ...rest }) => rest);
          }}
        />
        {members.length > 0 && amountCents !== null && amountCents > 0 && (
          <Text size="sm" c="dimmed">
            {t('donate.preview', {
              count: members.length,
              amount: formatVirtualMoney(amountCents),
              total: formatVirtualMoney(amountCents * members.length),
            })}
          </Text>
        )}
        {donate.isError && <FormError>{errorText(donate.error)}</FormError>}
        {done && (
          <Alert color="brand" icon={<IconCheck aria-hidden />} role="status">
            {t('donate.done', {
              count: done.result.donatedCount,
              amount: formatVirtualMoney(done.amountCents),
            })}
            {done.result.alreadyDonatedCount > 0 &&
              ` ${t('donate.alreadyDone', { count: done.result.alreadyDonatedCount })}`}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={donate.isPending} leftSection={<IconGift size={18} aria-hidden />}>
            {t('donate.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The issuance history of the bank, newest first. */
function Issuances() {
  const { t } = useTranslation('internalBank');
  const query = useIssuances();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const items = feedItems(query.data, (issuance) => issuance.id);
  if (items.length === 0) {
    return (
      <EmptyState icon={IconBuildingBank} title={t('history.emptyTitle')} text={t('history.emptyText')} />
    );
  }
  return (
    <Stack gap="xs">
      {items.map((issuance) => (
        <Card key={issuance.id} withBorder radius="md" padding="sm">
          <Group justify="space-between" align="flex-start" gap="xs">
            <Stack gap={2} style={{ flex: '1 1 12rem', minWidth: 0 }}>
              <Text fw={600} className="pluk-wrap">
                {issuance.recipient ? memberName(issuance.recipient) : t('history.removedMember')}
              </Text>
              <Text size="sm" className="pluk-wrap">
                {issuance.description}
              </Text>
              <Text size="xs" c="dimmed" className="pluk-wrap">
                {issuance.issuedBy
                  ? t('history.byOn', { name: issuance.issuedBy, date: formatMoment(issuance.createdAt) })
                  : formatMoment(issuance.createdAt)}
              </Text>
            </Stack>
            <Text fw={700}>{formatMovement(issuance.amountCents)}</Text>
          </Group>
        </Card>
      ))}
      <LoadMore query={query} shown={items.length} />
    </Stack>
  );
}

/** /applicationManager/internalbank: the bank's figures, the members to give to, the donate form and the history. */
export function InternalBankView() {
  const { t } = useTranslation('internalBank');
  const [selected, setSelected] = useState<Map<number, MemberWallet>>(new Map());
  const select = (member: MemberWallet, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(member.userId, member);
      else next.delete(member.userId);
      return next;
    });
  return (
    <Stack gap="lg">
      <section aria-labelledby="bank-summary">
        <Title order={2} size="h3" id="bank-summary" mb="xs">
          {t('summary.title')}
        </Title>
        <BankSummary />
      </section>
      <section aria-labelledby="bank-members">
        <Title order={2} size="h3" id="bank-members" mb={4}>
          {t('members.title')}
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          {t('members.intro')}
        </Text>
        <MemberWallets selected={selected} onSelect={select} />
      </section>
      <section aria-labelledby="bank-donate">
        <Title order={2} size="h3" id="bank-donate" mb="xs">
          {t('donate.title')}
        </Title>
        <DonateForm
          selected={selected}
          onUnselect={(member) => select(member, false)}
          onDonated={() => setSelected(new Map())}
        />
      </section>
      <section aria-labelledby="bank-history">
        <Title order={2} size="h3" id="bank-history" mb="xs">
          {t('history.title')}
        </Title>
        <Issuances />
      </section>
    </Stack>
  );
}
