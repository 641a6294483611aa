import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagedUserDetail } from '@pluk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, makeAccount, makeManagedUser, renderApp, resetNotifications } from '../../../../test/utils';

/** A new e-mail address waits for its owner's confirmation (ADR 087): the screens say so and can cancel it. */

beforeEach(resetNotifications);

const waiting = makeAccount({ email: 'lid@example.be', pendingEmail: 'nieuw@example.be' });

describe('the member’s pending address', () => {
  it('shows on the account screen and can be cancelled', async () => {
    const { fetch } = renderApp({
      path: '/account',
      account: waiting,
      handlers: { 'POST /api/user/cancelEmailChange': () => json({ ...waiting, pendingEmail: null }) },
    });
    const notice = await screen.findByRole('note');
    expect(notice).toHaveTextContent('Wacht op bevestiging via e-mail: nieuw@example.be');
    expect(notice).toHaveTextContent('blijft lid@example.be je e-mailadres');
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Wijziging annuleren' }));
    expect(await screen.findByText('De wijziging van het e-mailadres is geannuleerd.')).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
    expect(fetch.calls.filter((call) => call.path === '/api/user/cancelEmailChange')).toHaveLength(1);
  });

  it('shows no notice without a pending address', async () => {
    renderApp({ path: '/account', account: makeAccount() });
    await screen.findByRole('button', { name: 'Afmelden' });
    expect(screen.queryByText(/Wacht op bevestiging/)).toBeNull();
  });

  it('the profile form keeps the confirmed address and says which one waits; saving says to confirm', async () => {
    const account = makeAccount({ email: 'lid@example.be' });
    renderApp({
      path: '/account/edit',
      account,
      handlers: {
        'POST /api/User/update': () => json({ ...account, pendingEmail: 'nieuw@example.be' }),
      },
    });
    const user = userEvent.setup();
    const email = await screen.findByLabelText(/^E-mailadres/);
    expect(email).toHaveValue('lid@example.be');
    await user.clear(email);
    await user.type(email, 'nieuw@example.be');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(
      await screen.findByText(
        'Je gegevens zijn opgeslagen. Bevestig je nieuwe e-mailadres via de link die we naar nieuw@example.be stuurden.',
      ),
    ).toBeInTheDocument();
  });

  it('the profile form names the waiting address under the field', async () => {
    renderApp({ path: '/account/edit', account: waiting });
    const email = await screen.findByLabelText(/^E-mailadres/);
    expect(email).toHaveAccessibleDescription('Wacht op bevestiging via e-mail: nieuw@example.be');
  });
});

describe('a member’s pending address for a manager', () => {
  const manager = makeAccount({ id: 1, roles: ['ApplicationManager'] });
  const detail = (pendingEmail: string | null): ManagedUserDetail => ({
    ...makeManagedUser({
      id: 21,
      firstName: 'An',
      lastName: 'Aerts',
      email: 'an@x.be',
      isApproved: true,
      isActive: true,
    }),
    pendingEmail,
    address: { street: '', number: '', postalCode: '', city: '' },
    isTransactionable: false,
    hasPaid: false,
    householdMembers: [{ id: 1, name: 'An Aerts', yearOfBirth: null, isAdult: true, isHolder: true }],
    subscriptions: [],
    walletBalanceCents: 0,
    credits: [],
    tasks: [],
    transactions: [],
  });

  it('shows on the detail and the manager can cancel it', async () => {
    let pending: string | null = 'an.nieuw@x.be';
    const { fetch } = renderApp({
      path: '/applicationManager/users/21',
      account: manager,
      handlers: {
        'GET /api/applicationManager/user/21': () => json(detail(pending)),
        'POST /api/applicationManager/User/CancelEmailChange/21': () => {
          pending = null;
          return json(makeManagedUser({ id: 21, pendingEmail: null }));
        },
      },
    });
    const notice = await screen.findByRole('note');
    expect(notice).toHaveTextContent('Wacht op bevestiging via e-mail: an.nieuw@x.be');
    expect(notice).toHaveTextContent('blijft an@x.be het e-mailadres van dit account');
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Wijziging annuleren' }));
    expect(await screen.findByText('De wijziging van het e-mailadres is geannuleerd.')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'An Aerts' });
    expect(
      fetch.calls.filter((call) => call.path === '/api/applicationManager/User/CancelEmailChange/21'),
    ).toHaveLength(1);
    await expect.poll(() => screen.queryByRole('note')).toBeNull();
  });

  it('the edit form names the waiting address under the e-mail field', async () => {
    renderApp({
      path: '/applicationManager/users/edit/21',
      account: manager,
      handlers: {
        'GET /api/applicationManager/user/21': () => json(detail('an.nieuw@x.be')),
        'GET /api/User/Membership': () => json({}),
        'GET /api/applicationManager/subscription': () => json([]),
      },
    });
    const email = await screen.findByLabelText(/^E-mailadres/);
    expect(email).toHaveValue('an@x.be');
    expect(email).toHaveAccessibleDescription('Wacht op bevestiging via e-mail: an.nieuw@x.be');
  });
});
