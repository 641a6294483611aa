import { IconReceipt } from '@tabler/icons-react';
import type { MemberTransaction } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCalendarDay } from '../../../lib/dates';
import { formatEuros } from '../../../lib/euros';
import { useMyTransactions } from '../../bank/api/get-my-transactions';
import { isOverdue } from '../../bank/transaction-dates';
import { TransactionStatusBadge } from '../../../components/status/status-badges';
import classes from './home.module.css';
import owed from './home-owed.module.css';

/** What I still owe, the first due first: open transactions of any harvest year. */
export function openTransactions(transactions: readonly MemberTransaction[]): MemberTransaction[] {
  return transactions
    .filter((transaction) => transaction.status === 'open')
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.publicId.localeCompare(b.publicId));
}

function OwedCard({ transaction, to }: { transaction: MemberTransaction; to: string }) {
  const { t } = useTranslation('home');
  const overdue = isOverdue(transaction);
  const date = formatCalendarDay(transaction.dueDate);
  const amount = formatEuros(transaction.amountCents);
  return (
    <li className={`${classes.card} ${owed.card}`} data-overdue={overdue || undefined}>
      <div className={owed.head}>
        <p className={`${classes.title} pluk-wrap`}>{transaction.description}</p>
        <p className={owed.amount}>{amount}</p>
      </div>
      <div className={owed.foot}>
        <div className={owed.when}>
          {/* One word per status on every screen (ADR 091). */}
          <TransactionStatusBadge state={overdue ? 'overdue' : 'open'} />
          <p className={classes.metaText}>
            {overdue ? t('owed.overdueSince', { date }) : t('owed.dueOn', { date })}
          </p>
        </div>
        <Link
          to={to}
          className={owed.pay}
          aria-label={t('owed.payLabel', { description: transaction.description, amount })}
        >
          {t('owed.pay')}
        </Link>
      </div>
    </li>
  );
}

/**
 * 'Te betalen' on the member home (decision 090): each open transaction — what, how much,
 * until when — with 'Betalen', one tap to its payment page. Nothing at all when nothing is open (or while
 * the answer is not in, or when it failed: my membership screen still lists them).
 */
export function HomeOwedBlock({ payment }: { payment: (publicId: string) => string }) {
  const { t } = useTranslation('home');
  const query = useMyTransactions();
  const open = query.data ? openTransactions(query.data) : [];
  if (open.length === 0) return null;
  return (
    <section className={classes.block} aria-labelledby="home-owed">
      <div className={classes.blockHead}>
        <div className={classes.blockTitle}>
          <IconReceipt size={22} stroke={1.6} aria-hidden />
          <h2 className={classes.blockHeading} id="home-owed">
            {t('owed.title')}
          </h2>
        </div>
      </div>
      <ul className={owed.list}>
        {open.map((transaction) => (
          <OwedCard key={transaction.publicId} transaction={transaction} to={payment(transaction.publicId)} />
        ))}
      </ul>
    </section>
  );
}
