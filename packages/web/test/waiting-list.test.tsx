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
    'POST /api/applicationManager/User/Refuse': ({ body }: StubRequest) => {
      const { userId, sendEmail } = body as { userId: number; sendEmail: boolean };
      waiting = waiting.filter((candidate) => candidate.id !== userId);
      return json({ emailed: sendEmail });
    },
  };
}

describe('waiting list', () => {
  it('refuses a registration with a message by e-mail, after a dialog that says what it does', async () => {
    const { fetch } = renderApp({
      path: '/applicationManager/users/waiting-list',
      account: manager,
      handlers: waitingListApi(),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Wout Wachter weigeren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registratie van Wout Wachter weigeren' });
    expect(dialog).toHaveTextContent('Het account wordt verwijderd');
    expect(
      within(dialog).getByRole('checkbox', { name: 'Stuur een e-mail naar wout@example.be' }),
    ).toBeChecked();
    await user.type(
      within(dialog).getByRole('textbox', { name: /Persoonlijk bericht/ }),
      'We zitten vol dit seizoen.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Weigeren' }));
    expect(
      await screen.findByText('De registratie van Wout Wachter is geweigerd; de e-mail wordt verstuurd.'),
    ).toBeInTheDocument();
    const refuse = fetch.calls.find((call) => call.path === '/api/applicationManager/User/Refuse');
    expect(refuse?.body).toEqual({ userId: 10, sendEmail: true, message: 'We zitten vol dit seizoen.' });
    await waitFor(() => expect(screen.queryByText('Wout Wachter')).not.toBeInTheDocument());
    expect(screen.getByText('1 lid wacht op goedkeuring.')).toBeInTheDocument();
  });

  it('refuses without an e-mail when the box is cleared', async () => {
    const { fetch } = renderApp({
      path: '/applicationManager/users/waiting-list',
      account: manager,
      handlers: waitingListApi(),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Els Eerst weigeren' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: /Stuur een e-mail/ }));
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Weigeren' }));
    expect(await screen.findByText('De registratie van Els Eerst is geweigerd.')).toBeInTheDocument();
    const refuse = fetch.calls.find((call) => call.path === '/api/applicationManager/User/Refuse');
    expect(refuse?.body).toEqual({ userId: 11, sendEmail: false, message: '' });
  });

  it('shows the server refusal in the dialog', async () => {
    renderApp({
      path: '/applicationManager/users/waiting-list',
      account: manager,
      handlers: {
        ...waitingListApi(),
        'POST /api/applicationManager/User/Refuse': () =>
          apiError(409, 'ALREADY_APPROVED', 'Dit account is al goedgekeurd; een lid weiger je niet meer.'),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Wout Wachter weigeren' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Weigeren' }));
    expect(
      await screen.findByText('Dit account is al goedgekeurd; een lid weiger je niet meer.'),
    ).toBeInTheDocument();
  });

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
  it('shows the waiting-list tile, its count in the to-do list, and the experimental tile only for an Admin', async () => {
    renderApp({
      path: '/applicationManager',
      account: manager,
      handlers: {
        ...waitingListApi(),
        'GET /api/applicationManager/Management': () =>
          json({ todo: [{ key: 'waitingMembers', count: 2, roundId: null }] }),
      },
    });
    expect(await screen.findByRole('link', { name: /Wachtlijst/ })).toHaveAttribute(
      'href',
      '/applicationManager/users/waiting-list',
    );
    expect(await screen.findByRole('link', { name: /Leden wachten op goedkeuring\s*2/ })).toHaveAttribute(
      'href',
      '/applicationManager/users/waiting-list',
    );
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
