import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  makeManagedSubscription,
  makePriceInfo,
  makeSubscriptionMember,
  subscriptionManagerHandlers,
} from '../../../../test/harvest-member-fixtures';
import { apiError, json, makeAccount, renderApp, resetNotifications } from '../../../../test/utils';

const manager = makeAccount({ id: 2, roles: ['ApplicationManager'], firstName: 'Mia', lastName: 'Manager' });

beforeEach(() => resetNotifications());

describe('manager subscriptions', () => {
  it('lists all subscriptions of this harvest year and next, in tabs', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/applicationManager/subscription',
      account: manager,
      handlers: subscriptionManagerHandlers(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alle abonnementen' })).toBeInTheDocument();
    const card = await screen.findByRole('link', { name: /^Groenten/ });
    expect(card).toHaveAttribute('href', '/applicationManager/subscription/4');
    expect(within(card).getByText('€ 120,00 per volwassene · € 62,50 per kind')).toBeInTheDocument();
    expect(within(card).getByText('1 huishouden heeft het')).toBeInTheDocument();
    expect(within(card).getByText('Inschrijven open')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: /^Fruit/ })).getByText('Niet actief')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Dit oogstjaar (2030)', selected: true })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Volgend oogstjaar (2031)' }));
    expect(await screen.findByText('Geen abonnementen in 2031')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nieuw abonnement' })).toHaveAttribute(
      'href',
      '/applicationManager/subscription/new?oogstjaar=2031',
    );
  });

  it('is on the manager home for an ApplicationManager only', async () => {
    const view = renderApp({ path: '/applicationManager', account: manager });
    expect(await screen.findByRole('link', { name: /^Abonnementen/ })).toHaveAttribute(
      'href',
      '/applicationManager/subscription',
    );
    view.unmount();
    renderApp({ path: '/applicationManager', account: makeAccount({ roles: ['TaskManager'] }) });
    await screen.findByRole('link', { name: /^Klusjes/ });
    expect(screen.queryByRole('link', { name: /^Abonnementen/ })).not.toBeInTheDocument();
  });

  it('creates a subscription: Dutch messages per field, euros sent as cents', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderApp({
      path: '/applicationManager/subscription/new?oogstjaar=2031',
      account: manager,
      handlers: {
        ...subscriptionManagerHandlers(),
        'POST /api/applicationManager/subscription/Create': (request) =>
          json(makeManagedSubscription({ ...(request.body as object), id: 12, memberCount: 0 })),
        'GET /api/applicationManager/subscription/12': () =>
          json(makeManagedSubscription({ id: 12, name: 'Fruit', harvestYear: 2031 })),
        'GET /api/applicationManager/subscription/12/members': () => json([]),
        'GET /api/applicationManager/subscription/infoPrice/12': () =>
          json(makePriceInfo({ name: 'Fruit', subscriptionId: null })),
        'GET /api/applicationManager/subscription/infoPriceNext/12': () =>
          json(makePriceInfo({ name: 'Fruit', harvestYear: 2031, subscriptionId: 12 })),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nieuw abonnement' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Oogstjaar/ })).toHaveValue('2031');
    await user.click(screen.getByRole('button', { name: 'Abonnement maken' }));
    expect(await screen.findByText('Vul een naam in.')).toBeInTheDocument();
    expect(screen.getByText('Vul de prijs per volwassene in.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Naam/ }), 'Fruit');
    await user.type(screen.getByRole('textbox', { name: /^Prijs per volwassene/ }), 'twaalf');
    await user.type(screen.getByRole('textbox', { name: /^Prijs per kind/ }), '62,5');
    await user.click(screen.getByRole('button', { name: 'Abonnement maken' }));
    expect(await screen.findByText('Schrijf een bedrag in euro, bv. 62,50.')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: /^Prijs per volwassene/ }));
    await user.type(screen.getByRole('textbox', { name: /^Prijs per volwassene/ }), '120');
    await user.click(screen.getByRole('button', { name: 'Abonnement maken' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/applicationManager/subscription/12'));
    const create = fetch.calls.find((call) => call.path.endsWith('/subscription/Create'));
    expect(create?.body).toEqual({
      name: 'Fruit',
      description: '',
      harvestYear: 2031,
      adultPriceCents: 12000,
      childPriceCents: 6250,
      requiredCredits: 0,
      isActive: true,
      isOpenForRegistration: false,
    });
  });

  it('shows members and money this and next year, and refuses a delete with the server’s reason', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/applicationManager/subscription/4',
      account: manager,
      handlers: {
        ...subscriptionManagerHandlers(),
        'DELETE /api/applicationManager/subscription/4': () =>
          apiError(409, 'SUBSCRIPTION_IN_USE', 'Dit abonnement heeft nog leden. Haal ze er eerst af.'),
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Groenten' })).toBeInTheDocument();
    const info = screen.getByRole('region', { name: 'Leden en opbrengst' });
    expect(await within(info).findByText('1 huishouden: 2 volwassenen en 1 kind')).toBeInTheDocument();
    expect(within(info).getByText('Volwassenen: € 240,00')).toBeInTheDocument();
    expect(within(info).getByText('Samen: € 302,50')).toBeInTheDocument();
    expect(within(info).getByText('Geen abonnement met deze naam in 2031.')).toBeInTheDocument();
    const members = screen.getByRole('region', { name: 'Wie het heeft' });
    expect(await within(members).findByText('Lien Lid')).toBeInTheDocument();
    expect(within(members).getByText('2 volwassenen, 1 kind · € 302,50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bewerken' })).toHaveAttribute(
      'href',
      '/applicationManager/subscription/4/edit',
    );

    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abonnement verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(
      await within(dialog).findByText('Dit abonnement heeft nog leden. Haal ze er eerst af.'),
    ).toBeInTheDocument();
  });

  it('downloads the subscription’s transactions, or this harvest year’s namesake, and says when it fails', async () => {
    const user = userEvent.setup();
    let fail = false;
    const file = () =>
      fail
        ? apiError(403, 'FORBIDDEN', 'Je hebt hiervoor niet de juiste rol.')
        : new Response(new Blob(['xlsx']), { status: 200 });
    const { fetch } = renderApp({
      path: '/applicationManager/subscription/4',
      account: manager,
      handlers: {
        ...subscriptionManagerHandlers(),
        'GET /api/applicationManager/export/transactions/subscription/4': file,
        'GET /api/applicationManager/export/transactions/subscription/currentHarvestYear/4': file,
      },
    });
    const exports = await screen.findByRole('region', { name: 'Betalingen van dit abonnement' });
    await user.click(within(exports).getByRole('button', { name: 'Transacties exporteren (.xlsx)' }));
    expect(await screen.findByText('De transacties zijn gedownload.')).toBeInTheDocument();
    await user.click(within(exports).getByRole('button', { name: 'Transacties van dit oogstjaar (.xlsx)' }));
    await waitFor(() =>
      expect(fetch.calls.map((call) => call.path)).toContain(
        '/api/applicationManager/export/transactions/subscription/currentHarvestYear/4',
      ),
    );
    expect(fetch.calls.map((call) => call.path)).toContain(
      '/api/applicationManager/export/transactions/subscription/4',
    );
    fail = true;
    await user.click(within(exports).getByRole('button', { name: 'Transacties exporteren (.xlsx)' }));
    expect(await screen.findByText('Je hebt hiervoor niet de juiste rol.')).toBeInTheDocument();
  });

  it('takes a member off the subscription', async () => {
    const user = userEvent.setup();
    let members = [makeSubscriptionMember()];
    const { fetch } = renderApp({
      path: '/applicationManager/subscription/4',
      account: manager,
      handlers: {
        ...subscriptionManagerHandlers(),
        'GET /api/applicationManager/subscription/4/members': () => json(members),
        'DELETE /api/applicationManager/User/3/Subscription/4': () => {
          members = [];
          return new Response(null, { status: 204 });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Weghalen: Lien Lid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lid weghalen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Weghalen' }));
    expect(await screen.findByText('Lien Lid heeft dit abonnement niet meer.')).toBeInTheDocument();
    expect(await screen.findByText('Nog niemand heeft dit abonnement.')).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('adds many users, one call each, with a result per user', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: '/applicationManager/subscription/assigntousers/4',
      account: manager,
      handlers: {
        ...subscriptionManagerHandlers(),
        'POST /api/applicationManager/User/AddSubscription': (request) => {
          const { userId } = request.body as { userId: number };
          return userId === 9
            ? apiError(404, 'NOT_FOUND', 'Deze gebruiker bestaat niet (meer).')
            : json(makeSubscriptionMember({ userId, firstName: 'Bart', lastName: 'Boer' }));
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Leden toevoegen' })).toBeInTheDocument();
    expect(await screen.findByText('Kies de leden die Groenten (2030) krijgen.')).toBeInTheDocument();
    // Lien has it already.
    expect(await screen.findByRole('checkbox', { name: 'Lien Lid' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Bart Boer' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ann Akker' }));
    await user.click(screen.getByRole('button', { name: '2 leden toevoegen' }));

    const results = await screen.findByRole('region', { name: 'Resultaat' });
    expect(await within(results).findByText('Toegevoegd')).toBeInTheDocument();
    expect(await within(results).findByText('Niet gelukt')).toBeInTheDocument();
    expect(within(results).getByText('Deze gebruiker bestaat niet (meer).')).toBeInTheDocument();
    const adds = fetch.calls.filter((call) => call.path.endsWith('/User/AddSubscription'));
    expect(adds.map((call) => call.body)).toEqual([
      { userId: 8, subscriptionId: 4 },
      { userId: 9, subscriptionId: 4 },
    ]);
    // The one that failed stays chosen, to try again.
    expect(screen.getByRole('checkbox', { name: 'Ann Akker' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Klaar' })).toHaveAttribute(
      'href',
      '/applicationManager/subscription/4',
    );
  });
});
