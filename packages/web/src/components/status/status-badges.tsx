import type {
  AssignmentStatus,
  EventAttendanceStatus,
  RequestStatus,
  ReservationStatus,
  TransactionStatus,
} from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import classes from './status-badge.module.css';

/*
 * One word and one colour per status, the same on the member's and the manager's screens (decision
 * 091). The words live once, in common.json's `status` section (common is always loaded, decision 057),
 * so a farm's own wording of a status (decision 083) changes it everywhere at once.
 */

type Color = 'green' | 'yellow' | 'red' | 'gray' | 'blue' | 'orange';

function StatusBadge({ color, label }: { color: Color; label: string }) {
  return (
    <span className={classes.badge} data-color={color}>
      {label}
    </span>
  );
}

/** A bank transaction's state: open becomes overdue once its due day has passed. */
export type TransactionState = TransactionStatus | 'overdue';

const transactionColors: Record<TransactionState, Color> = {
  open: 'blue',
  overdue: 'red',
  paid: 'green',
  cancelled: 'gray',
};

/** Still open after its due date (the due day itself is still in time), on the device's calendar. */
export function transactionState(
  transaction: { status: TransactionStatus; dueDate: string },
  today: string,
): TransactionState {
  return transaction.status === 'open' && transaction.dueDate < today ? 'overdue' : transaction.status;
}

/** The word for a transaction's state, for a sentence or a select (the badge says the same). */
export function useTransactionStatusLabel(): (state: TransactionState) => string {
  const { t } = useTranslation('common');
  return (state) => t(`status.transaction.${state}`);
}

export function TransactionStatusBadge({ state }: { state: TransactionState }) {
  const label = useTransactionStatusLabel();
  return <StatusBadge color={transactionColors[state]} label={label(state)} />;
}

const signUpColors: Record<AssignmentStatus, Color> = {
  waiting: 'yellow',
  confirmed: 'green',
  refused: 'red',
};

/** The word for a chore sign-up's state: the home, /tasks and the manager's screens say the same. */
export function useChoreStatusLabel(): (status: AssignmentStatus) => string {
  const { t } = useTranslation('common');
  return (status) => t(`status.chore.${status}`);
}

export function ChoreStatusBadge({ status }: { status: AssignmentStatus }) {
  const label = useChoreStatusLabel();
  return <StatusBadge color={signUpColors[status]} label={label(status)} />;
}

/** The word for an event sign-up's state. */
export function useAttendanceStatusLabel(): (status: EventAttendanceStatus) => string {
  const { t } = useTranslation('common');
  return (status) => t(`status.attendance.${status}`);
}

export function AttendanceStatusBadge({ status }: { status: EventAttendanceStatus }) {
  const label = useAttendanceStatusLabel();
  return <StatusBadge color={signUpColors[status]} label={label(status)} />;
}

const reservationColors: Record<ReservationStatus, Color> = {
  reserved: 'yellow',
  paid: 'green',
  refused: 'red',
  cancelled: 'gray',
};

/** The word for a market reservation's state. */
export function useReservationStatusLabel(): (status: ReservationStatus) => string {
  const { t } = useTranslation('common');
  return (status) => t(`status.reservation.${status}`);
}

export function ReservationStatusBadge({ status }: { status: ReservationStatus }) {
  const label = useReservationStatusLabel();
  return <StatusBadge color={reservationColors[status]} label={label(status)} />;
}

const requestColors: Record<RequestStatus, Color> = {
  open: 'green',
  taken: 'yellow',
  completed: 'blue',
  closed: 'gray',
};

/** The word for a request's state. */
export function useRequestStatusLabel(): (status: RequestStatus) => string {
  const { t } = useTranslation('common');
  return (status) => t(`status.request.${status}`);
}

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const label = useRequestStatusLabel();
  return <StatusBadge color={requestColors[status]} label={label(status)} />;
}
