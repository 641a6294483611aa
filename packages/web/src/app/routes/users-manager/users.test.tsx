import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagedUser, ManagedUserDetail } from '@pluk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../../../test/axe';
import { makeMembership } from '../../../../test/harvest-member-fixtures';
import {
  apiError,
  expectErrorWithRetry,
  json,
  makeAccount,
  makeManagedUser,
  renderApp,
  resetNotifications,
  type StubRequest,
} from '../../../../test/utils';

const manager = makeAccount({ id: 1, roles: ['ApplicationManager'] });
const members: ManagedUser[] = [
  makeManagedUser({
    id: 21,
    firstName: 'An',
    lastName: 'Aerts',
    username: 'an',
    email: 'an@x.be',
    isApproved: true,
    isActive: true,
  }),
  makeManagedUser({
    id: 22,
    firstName: 'Bo',
    lastName: 'Claes',
    username: 'bo',
    email: 'bo@x.be',
    isApproved: true,
    isActive: true,
    roles: ['TaskManager'],
  }),
  makeManagedUser({
    id: 23,
    firstName: 'Cas',
    lastName: 'Peeters',
    username: 'cas',
    email: 'cas@x.be',
    isApproved: false,
  }),
];

function paged(items: ManagedUser[]) {
  return json({ items, total: items.length, page: 1, rowsPerPage: 25, nextCursor: null, hasMore: false });
}

const common = {
  'GET /api/User/Membership': () => json(makeMembership({ currentHarvestYear: 2030 })),
  'GET /api/applicationManager/subscription': () =>
    json([{ id: 7, name: 'Groenten', harvestYear: 2030, isActive: true }]),
};

function detail(overrides: Partial<ManagedUserDetail> = {}): ManagedUserDetail {
  return {
    ...members[0]!,
    address: { street: 'Kerkstraat', number: '5', postalCode: '9000', city: 'Gent' },
    isTransactionable: true,
    hasPaid: false,
    householdMembers: [{ id: 1, name: 'An Aerts', yearOfBirth: null, isAdult: true, isHolder: true }],
    subscriptions: [{ id: 7, name: 'Groenten', harvestYear: 2030 }],
    walletBalanceCents: 1250,
    credits: [{ harvestYear: 2030, total: 4 }],
    tasks: [],
    transactions: [],
    ...overrides,
  };
}

beforeEach(resetNotifications);

describe('/applicationManager/users', () => {
  it('asks the server for active members by name, and filters by name and role', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    renderApp({
      path: '/applicationManager/users',
      account: manager,
      handlers: {
        ...common,
        'POST /api/applicationManager/user/paged': (request: StubRequest) => {
          bodies.push(request.body);
          const body = request.body as { role?: string };
          return paged(body.role ? [members[1]!] : members);
        },
      },
    });
    expect(await screen.findByText('3 leden gevonden.')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ page: 1, isActive: true, sort: 'name', direction: 'asc' });
    expect(screen.getAllByRole('link', { name: 'An Aerts' })[0]).toHaveAttribute(
      'href',
      '/applicationManager/users/21',
    );
    expect(screen.getByRole('link', { name: 'Nieuw lid' })).toHaveAttribute(
      'href',
      '/applicationManager/users/new',
    );
    await user.selectOptions(screen.getByLabelText('Rol'), 'TaskManager');
    expect(await screen.findByText('1 lid gevonden.')).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ role: 'TaskManager' });
    await user.type(screen.getByLabelText('Zoek een lid'), 'Claes');
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ filter: 'Claes', role: 'TaskManager' }));
  });

  it('says so when nobody matches, and shows an error with retry', async () => {
    renderApp({
      path: '/applicationManager/users',
      account: manager,
      handlers: { ...common, 'POST /api/applicationManager/user/paged': () => paged([]) },
    });
    expect(await screen.findByText('Geen leden gevonden')).toBeInTheDocument();
  });

  it('shows the error state with a retry', async () => {
    await expectErrorWithRetry({
      path: '/applicationManager/users',
      account: manager,
      handlers: common,
      failing: 'POST /api/applicationManager/user/paged',
    });
  });
});

describe('/applicationManager/users/multiactions', () => {
  it('runs the action for each selected member and shows a result per member', async () => {
    const user = userEvent.setup();
    const welcomed: string[] = [];
    renderApp({
      path: '/applicationManager/users/multiactions',
      account: manager,
      handlers: {
        ...common,
        'POST /api/applicationManager/user/paged': () => paged(members),
        'POST /api/applicationManager/User/SendWelcomeEmail/21': (request) => {
          welcomed.push(request.path);
          return json({ queued: true });
        },
        'POST /api/applicationManager/User/SendWelcomeEmail/22': () => json({ queued: false }),
        'POST /api/applicationManager/User/AddSubscription': (request) => {
          const body = request.body as { userId: number };
          return body.userId === 22
            ? apiError(409, 'SUBSCRIPTION_CLOSED', 'Dit abonnement is afgesloten.')
            : json({ userId: body.userId });
        },
      },
    });
    await screen.findByText('3 leden gevonden.');
    const run = screen.getByRole('button', { name: 'Uitvoeren voor 0 leden' });
    await user.click(run);
    expect(await screen.findByRole('alert')).toHaveTextContent('Selecteer eerst minstens één lid');
    await user.click(screen.getAllByRole('checkbox', { name: 'An Aerts selecteren' })[0]!);
    await user.click(screen.getAllByRole('checkbox', { name: 'Bo Claes selecteren' })[0]!);
    await user.selectOptions(screen.getByLabelText('Actie'), 'welcome');
    await user.click(screen.getByRole('button', { name: 'Uitvoeren voor 2 leden' }));
    const results = await screen.findByRole('list', { name: 'Resultaat per lid' });
    await waitFor(() => expect(within(results).getAllByRole('listitem')).toHaveLength(2));
    expect(results).toHaveTextContent('An Aerts: welkomstmail verstuurd');
    expect(results).toHaveTextContent('Bo Claes: kreeg vandaag al een welkomstmail');
    expect(welcomed).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText('Actie'), 'addSubscription');
    await user.click(screen.getByRole('button', { name: 'Uitvoeren voor 2 leden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Kies een abonnement.');
    await user.selectOptions(screen.getByLabelText('Welk abonnement'), '7');
    await user.click(screen.getByRole('button', { name: 'Uitvoeren voor 2 leden' }));
    await waitFor(() => expect(screen.getByText(/Klaar: 1 gelukt, 1 niet gelukt/)).toBeInTheDocument());
    expect(screen.getByRole('list', { name: 'Resultaat per lid' })).toHaveTextContent(
      'Bo Claes: Dit abonnement is afgesloten.',
    );
  });
});

describe('/applicationManager/users/{id} and the form', () => {
  it("shows a member's detail and deletes after a confirmation", async () => {
    const user = userEvent.setup();
    const deleted: string[] = [];
    const { router } = renderApp({
      path: '/applicationManager/users/21',
      account: manager,
      handlers: {
        ...common,
        'GET /api/applicationManager/user/21': () => json(detail()),
        'DELETE /api/applicationManager/user/21': (request) => {
          deleted.push(request.path);
          return new Response(null, { status: 204 });
        },
        'POST /api/applicationManager/user/paged': () => paged([]),
      },
    });
    expect(await screen.findByRole('heading', { name: 'An Aerts' })).toBeInTheDocument();
    expect(screen.getByText('Saldo: 12,50 plukgeld')).toBeInTheDocument();
    expect(screen.getByText('Oogstjaar 2030: 4 werkpunten')).toBeInTheDocument();
    expect(screen.getByText('Groenten (2030)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bewerken' })).toHaveAttribute(
      'href',
      '/applicationManager/users/edit/21',
    );
    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    // Decision 097: every delete dialog says what goes for good, what stays and what can be undone instead.
    expect(dialog).toHaveTextContent('Voorgoed weg: naam, contactgegevens, gezin, rollen en foto');
    expect(dialog).toHaveTextContent(
      'Blijft bewaard: betaalde transacties met hun bedragen (ook in de bankgeschiedenis), de portefeuille en de werkpunten',
    );
    expect(dialog).toHaveTextContent('Liever terug te draaien? Zet het lid via Bewerken op niet actief');
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, verwijderen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/applicationManager/users'));
    expect(deleted).toHaveLength(1);
  });

  it('makes an account; an ApplicationManager cannot give the Admin role', async () => {
    const user = userEvent.setup();
    let body: unknown;
    renderApp({
      path: '/applicationManager/users/new',
      account: manager,
      handlers: {
        ...common,
        'POST /api/applicationManager/user/create': (request) => {
          body = request.body;
          return request.body && (request.body as { username: string }).username === 'bezet'
            ? apiError(409, 'USERNAME_TAKEN', 'Deze gebruikersnaam is al in gebruik.', {
                username: 'Deze gebruikersnaam is al in gebruik.',
              })
            : json(makeManagedUser({ id: 40, firstName: 'Nora', lastName: 'Nieuw' }));
        },
        'GET /api/applicationManager/user/40': () =>
          json(detail({ id: 40, firstName: 'Nora', lastName: 'Nieuw' })),
      },
    });
    expect(await screen.findByRole('checkbox', { name: 'Admin' })).toBeDisabled();
    await user.type(screen.getByLabelText(/Gebruikersnaam/), 'bezet');
    await user.type(screen.getByLabelText(/Voornaam/), 'Nora');
    await user.type(screen.getByLabelText(/Achternaam/), 'Nieuw');
    await user.type(screen.getByLabelText(/E-mailadres/), 'nora@x.be');
    await user.click(screen.getByRole('checkbox', { name: 'Klusjesbeheerder' }));
    await user.click(screen.getByRole('button', { name: 'Lid aanmaken' }));
    expect(await screen.findByText('Deze gebruikersnaam is al in gebruik.')).toBeInTheDocument();
    expect(body).toMatchObject({ roles: ['TaskManager'], sendWelcomeEmail: true, isApproved: true });
    await user.clear(screen.getByLabelText(/Gebruikersnaam/));
    await user.type(screen.getByLabelText(/Gebruikersnaam/), 'nora');
    await user.click(screen.getByRole('button', { name: 'Lid aanmaken' }));
    expect(await screen.findByRole('heading', { name: 'Nora Nieuw' })).toBeInTheDocument();
  });
});

describe('an account above the manager’s own roles (ADR 086)', () => {
  const admin = makeManagedUser({
    id: 30,
    firstName: 'Ada',
    lastName: 'Admin',
    username: 'admin',
    email: 'admin@x.be',
    isApproved: true,
    isActive: true,
    roles: ['Admin'],
  });

  it('is shown without its actions, with the reason', async () => {
    renderApp({
      path: '/applicationManager/users/30',
      account: manager,
      handlers: {
        ...common,
        'GET /api/applicationManager/user/30': () =>
          json(detail({ id: 30, firstName: 'Ada', lastName: 'Admin', roles: ['Admin'] })),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Ada Admin' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Dit account heeft een rol die jij niet hebt.');
    expect(screen.queryByRole('link', { name: 'Bewerken' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verwijderen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /wachtwoord/i })).not.toBeInTheDocument();
  });

  it('is marked in the multi-actions list, and the server’s refusal is said per member', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/applicationManager/users/multiactions',
      account: manager,
      handlers: {
        ...common,
        'POST /api/applicationManager/user/paged': () => paged([members[0]!, admin]),
        'POST /api/applicationManager/User/SendWelcomeEmail/21': () => json({ queued: true }),
        'POST /api/applicationManager/User/SendWelcomeEmail/30': () =>
          apiError(403, 'ACCOUNT_ABOVE_YOURS', 'Je kan geen account beheren met een rol die jij niet hebt.'),
      },
    });
    await screen.findByText('2 leden gevonden.');
    expect(screen.getAllByText('Boven jouw rollen').length).toBeGreaterThan(0);
    await user.click(screen.getAllByRole('checkbox', { name: 'An Aerts selecteren' })[0]!);
    await user.click(screen.getAllByRole('checkbox', { name: 'Ada Admin selecteren' })[0]!);
    await user.selectOptions(screen.getByLabelText('Actie'), 'welcome');
    await user.click(screen.getByRole('button', { name: 'Uitvoeren voor 2 leden' }));
    const results = await screen.findByRole('list', { name: 'Resultaat per lid' });
    await waitFor(() => expect(within(results).getAllByRole('listitem')).toHaveLength(2));
    expect(results).toHaveTextContent(
      'Ada Admin: Je kan geen account beheren met een rol die jij niet hebt.',
    );
  });
});
