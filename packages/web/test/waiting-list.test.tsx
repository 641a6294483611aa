import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, makeAccount, makeManagedUser, renderApp, type StubRequest } from './utils';

const manager = makeAccount({ id: 2, roles: ['ApplicationManager'], firstName: 'Bert' });
const wout = makeManagedUser();
const els = makeManagedUser({
  id: 11,
  username: 'els',
  email: 'els@example.be',
  householdSize: 1,
  firstName: 'Els',
  lastName: 'Eerst',
  customQuestionAnswer: null,
});

function waitingListApi(initial = [wout, els]) {
  let waiting = [...initial];
  return {
    'POST /api/applicationManager/user/paged': ({ body }: StubRequest) => {
      const { page, rowsPerPage } = body as { page: number; rowsPerPage: number };
      return json({ items: waiting.slice(0, rowsPerPage), total: waiting.length, page, rowsPerPage });
    },
    'POST /api/applicationManager/User/Approve': ({ body }: StubRequest) => {
      const { userId } = body as { userId: number };
      const user = waiting.find((candidate) => candidate.id === userId);
      if (!user) return apiError(404, 'NOT_FOUND', 'Niet gevonden.');
      waiting = waiting.filter((candidate) => candidate.id !== userId);
      return json({ ...user, isApproved: true, isActive: true });
    },
  };
}

describe('waiting list', () => {
  it('lists the waiting users with their details (page 1, 50 rows, not approved)', async () => {
    const { fetch } = renderApp({
      path: '/applicationManager/users/waiting-list',
      account: manager,
      handlers: waitingListApi(),
    });
    expect(await screen.findByText('Wout Wachter')).toBeInTheDocument();
    expect(screen.getByText('Els Eerst')).toBeInTheDocument();
    expect(screen.getByText('wout@example.be')).toBeInTheDocument();
    expect(screen.getByText('3 personen')).toBeInTheDocument();
    expect(screen.getByText('1 persoon')).toBeInTheDocument();
    expect(screen.getByText('Via de buren')).toBeInTheDocument();
    expect(screen.getByText('2 leden wachten op goedkeuring.')).toBeInTheDocument();
    const paged = fetch.calls.find((call) => call.path === '/api/applicationManager/user/paged');
    expect(paged?.body).toEqual({ page: 1, rowsPerPage: 50, isApproved: false });
  });

  it('approves a user after confirmation, notifies, and refreshes the list', async () => {
    const { fetch } = renderApp({
      path: '/applicationManager/users/waiting-list',
      account: manager,
      handlers: waitingListApi(),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Wout Wachter goedkeuren' }));

    const dialog = await screen.findByRole('dialog', { name: 'Lid goedkeuren' });
    expect(dialog).toHaveTextContent('Wil je Wout Wachter goedkeuren?');
    expect(fetch.calls.some((call) => call.path === '/api/applicationManager/User/Approve')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, goedkeuren' }));

    expect(
      await screen.findByText('Wout Wachter is goedgekeurd en krijgt een welkomstmail.'),
    ).toBeInTheDocument();
    const approve = fetch.calls.find((call) => call.path === '/api/applicationManager/User/Approve');
    expect(approve?.body).toEqual({ userId: 10 });
    await waitFor(() => expect(screen.queryByText('Wout Wachter')).not.toBeInTheDocument());
    expect(screen.getByText('1 lid wacht op goedkeuring.')).toBeInTheDocument();
  });

  it('cancelling the confirmation approves nobody', async () => {
    const { fetch } = renderApp({
      path: '/applicationManager/users/waiting-list',
      account: manager,
      handlers: waitingListApi(),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Els Eerst goedkeuren' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annuleren' }));
    expect(fetch.calls.some((call) => call.path === '/api/applicationManager/User/Approve')).toBe(false);
  });

  it('shows the server error when approving fails', async () => {
    const handlers = {
      ...waitingListApi(),
      'POST /api/applicationManager/User/Approve': () =>
        apiError(409, 'ALREADY_APPROVED', 'Dit lid is al goedgekeurd.'),
    };
    renderApp({ path: '/applicationManager/users/waiting-list', account: manager, handlers });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Wout Wachter goedkeuren' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, goedkeuren' }),
    );
    expect(await screen.findByText('Dit lid is al goedgekeurd.')).toBeInTheDocument();
  });

  it('shows an empty state when nobody waits', async () => {
    renderApp({
      path: '/applicationManager/users/waiting-list',
      account: manager,
      handlers: waitingListApi([]),
    });
    expect(await screen.findByText('Niemand wacht op goedkeuring')).toBeInTheDocument();
  });

  it('shows an error state with retry when the list cannot load', async () => {
    renderApp({
      path: '/applicationManager/users/waiting-list',
      account: manager,
      handlers: {
        'POST /api/applicationManager/user/paged': () =>
          apiError(500, 'INTERNAL_ERROR', 'Er ging iets mis. Probeer het later opnieuw.'),
      },
    });
    expect(await screen.findByText('Er ging iets mis. Probeer het later opnieuw.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
  });
});

describe('manager home', () => {
  it('shows the waiting-list tile with its count, and the experimental tile only for an Admin', async () => {
    renderApp({ path: '/applicationManager', account: manager, handlers: waitingListApi() });
    expect(await screen.findByRole('link', { name: /Wachtlijst/ })).toHaveAttribute(
      'href',
      '/applicationManager/users/waiting-list',
    );
    expect(await screen.findByLabelText('2 leden wachten')).toHaveTextContent('2');
    expect(screen.queryByRole('link', { name: /Experimenteel/ })).not.toBeInTheDocument();
  });

  it('shows the experimental tile to an Admin', async () => {
    renderApp({
      path: '/applicationManager',
      account: makeAccount({ roles: ['Admin'] }),
      handlers: waitingListApi(),
    });
    expect(await screen.findByRole('link', { name: /Experimenteel/ })).toHaveAttribute(
      'href',
      '/applicationManager/experimental',
    );
  });
});
