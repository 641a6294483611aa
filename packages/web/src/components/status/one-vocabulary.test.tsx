import { cleanup, screen, within } from '@testing-library/react';
import type { ManagedUserDetail, TaskSummary } from '@pluk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { makeMemberTransaction } from '../../../test/bank-member-fixtures';
import { makeMemberSubscription, makeMembership } from '../../../test/harvest-member-fixtures';
import {
  feedPage,
  json,
  makeAccount,
  makeManagedUser,
  renderApp,
  resetNotifications,
  type StubHandler,
} from '../../../test/utils';

// Decision 091: one word per status on the member's and the manager's screens. Each case renders the
// same status on two or three real screens and compares the words the badge shows.

const member = makeAccount();
const manager = makeAccount({ id: 1, roles: ['ApplicationManager'] });

const waitingChore: TaskSummary = {
  id: 7,
  title: 'Onkruid wieden',
  description: '',
  location: 'Veld 2',
  startsAt: '2099-05-09T08:00:00.000Z',
  endsAt: '2099-05-09T10:00:00.000Z',
  places: 4,
  creditsPerPerson: 2,
  isClosed: false,
  placesTaken: 2,
  placesLeft: 2,
  isFull: false,
  hasStarted: false,
  hasEnded: false,
  myStatus: 'waiting',
};

const overdue = makeMemberTransaction({ dueDate: '2020-01-15', description: 'Lidmaatschap Groenten 2030' });

function userDetail(): ManagedUserDetail {
  return {
    ...makeManagedUser({ id: 21, firstName: 'An', lastName: 'Aerts', isApproved: true, isActive: true }),
    address: { street: 'Kerkstraat', number: '5', postalCode: '9000', city: 'Gent' },
    isTransactionable: true,
    hasPaid: false,
    householdMembers: [],
    subscriptions: [],
    walletBalanceCents: 2500,
    credits: [{ harvestYear: 2030, total: 4 }],
    tasks: [{ id: 7, title: 'Onkruid wieden', startsAt: waitingChore.startsAt, status: 'waiting' }],
    transactions: [
      {
        id: 3,
        description: 'Lidmaatschap Groenten 2030',
        amountCents: overdue.amountCents,
        status: 'open',
        harvestYear: 2030,
        dueDate: '2020-01-15',
      },
    ],
  } as ManagedUserDetail;
}

const quiet: Record<string, StubHandler> = {
  'GET /api/notification/unreadCount': () => json({ count: 0 }),
  'GET /api/notification': () => json([]),
  'GET /api/User/Membership': () => json(makeMembership()),
  'GET /api/subscription': () => json([makeMemberSubscription()]),
  'GET /api/applicationManager/subscription': () => json([]),
};

/** The words of the badge in the element that holds `anchor`'s text. */
async function badgeNear(anchor: string | RegExp, holder: string): Promise<string> {
  const item = (await screen.findAllByText(anchor))[0]!.closest(holder) as HTMLElement;
  const badge = within(item)
    .getAllByText(/.+/)
    .find((node) => node.getAttribute('data-color'));
  if (!badge) throw new Error(`no status badge near ${String(anchor)}`);
  return badge.textContent ?? '';
}

afterEach(() => {
  cleanup();
  resetNotifications();
});

describe('one vocabulary for statuses (decision 091)', () => {
  it('a chore I signed up for reads the same on the home, on /tasks and on the manager’s member page', async () => {
    renderApp({
      path: '/',
      account: member,
      handlers: {
        ...quiet,
        'GET /api/task': () => json({ items: [waitingChore], total: 1, page: 0, pageSize: 6 }),
      },
    });
    const onHome = await badgeNear('Onkruid wieden', 'a');
    cleanup();

    renderApp({
      path: '/tasks',
      account: member,
      handlers: { ...quiet, 'GET /api/Task/true': () => json(feedPage([waitingChore])) },
    });
    const onTasks = await badgeNear('Onkruid wieden', 'a');
    cleanup();

    renderApp({
      path: '/applicationManager/users/21',
      account: manager,
      handlers: { ...quiet, 'GET /api/applicationManager/user/21': () => json(userDetail()) },
    });
    const onUserDetail = await badgeNear(/Onkruid wieden/, 'li');

    expect(onHome).toBe('Wacht op bevestiging');
    expect(onTasks).toBe(onHome);
    expect(onUserDetail).toBe(onHome);
  });

  it('an overdue payment reads the same for the member and on the manager’s member page', async () => {
    renderApp({
      path: '/account/membership',
      account: member,
      handlers: { ...quiet, 'GET /api/Bank': () => json([overdue]) },
    });
    const forMember = await badgeNear('Lidmaatschap Groenten 2030', 'a');
    cleanup();

    renderApp({
      path: '/applicationManager/users/21',
      account: manager,
      handlers: { ...quiet, 'GET /api/applicationManager/user/21': () => json(userDetail()) },
    });
    const forManager = await badgeNear(/Lidmaatschap Groenten 2030/, 'li');

    expect(forMember).toBe('Te laat');
    expect(forManager).toBe(forMember);
    // Plukgeld is never written with a euro sign, and chores earn werkpunten.
    expect(screen.getByText('Saldo: 25,00 plukgeld')).toBeInTheDocument();
    expect(screen.getByText('Oogstjaar 2030: 4 werkpunten')).toBeInTheDocument();
  });
});
