import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMemberSubscription, makeMembership } from '../../../../test/harvest-member-fixtures';
import { apiError, json, makeAccount, renderApp, resetNotifications } from '../../../../test/utils';

const member = makeAccount();

beforeEach(() => resetNotifications());

const nextYear = makeMemberSubscription({
  id: 7,
  name: 'Groenten',
  harvestYear: 2031,
  period: 'next',
  isOpenForRegistration: true,
  isMine: false,
});
const fruit = makeMemberSubscription({
  id: 8,
  name: 'Fruit',
  harvestYear: 2031,
  period: 'next',
  isOpenForRegistration: true,
  isMine: true,
  adultPriceCents: 5000,
  childPriceCents: 2500,
  priceCents: 12500,
});

describe('my membership (/account/membership)', () => {
  it('shows my household, my subscriptions with their prices, and a link to each', async () => {
    renderApp({
      path: '/account/membership',
      account: member,
      handlers: {
        'GET /api/User/Membership': () => json(makeMembership()),
        'GET /api/subscription': () => json([makeMemberSubscription()]),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mijn lidmaatschap' })).toBeInTheDocument();
    const household = await screen.findByRole('region', { name: 'Mijn gezin' });
    expect(within(household).getByText('Tom Lid')).toBeInTheDocument();
    expect(within(household).getByText(/Kind, geboren in 2020/)).toBeInTheDocument();
    expect(
      within(household).getByText('Voor de prijs tellen mee: 2 volwassenen en 1 kind.'),
    ).toBeInTheDocument();
    expect(within(household).getByRole('link', { name: 'Gezin aanpassen' })).toHaveAttribute(
      'href',
      '/account/edit',
    );
    const mine = screen.getByRole('region', { name: 'Mijn abonnementen' });
    expect(within(mine).getByText('€ 120,00 per volwassene · € 62,50 per kind')).toBeInTheDocument();
    expect(within(mine).getByTestId('household-price')).toHaveTextContent('€ 302,50');
    expect(within(mine).getByText('Vraagt 10 werkpunten')).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'Bekijk Groenten' })).toHaveAttribute(
      'href',
      '/pluk/subscription/4',
    );
    expect(await screen.findByText(/Inschrijven is nu niet open/)).toBeInTheDocument();
  });

  it('chooses among the subscriptions open for registration with one POST, and shows a refusal', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { fetch } = renderApp({
      path: '/account/membership',
      account: member,
      handlers: {
        'GET /api/User/Membership': () => json(makeMembership()),
        'GET /api/subscription': () => json([makeMemberSubscription(), nextYear, fruit]),
        'POST /api/User/subscriptions': () =>
          refuse
            ? apiError(409, 'SUBSCRIPTION_NOT_OPEN', 'Voor dit abonnement kan je je nu niet inschrijven.')
            : json([makeMemberSubscription(), { ...nextYear, isMine: true }]),
      },
    });
    const choices = await screen.findByRole('group', { name: 'Abonnementen om uit te kiezen' });
    const vegetables = within(choices).getByRole('checkbox', { name: 'Groenten (2031)' });
    const fruitBox = within(choices).getByRole('checkbox', { name: 'Fruit (2031)' });
    expect(vegetables).not.toBeChecked();
    expect(fruitBox).toBeChecked();
    expect(within(choices).getByText(/Voor jouw gezin: € 125,00/)).toBeInTheDocument();
    // The current year's subscription is not open: not offered.
    expect(within(choices).queryByRole('checkbox', { name: 'Groenten (2030)' })).not.toBeInTheDocument();

    await user.click(vegetables);
    await user.click(fruitBox);
    await user.click(screen.getByRole('button', { name: 'Keuze opslaan' }));
    expect(await screen.findByText('Voor dit abonnement kan je je nu niet inschrijven.')).toBeInTheDocument();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Keuze opslaan' }));
    expect(await screen.findByText('Je keuze is opgeslagen.')).toBeInTheDocument();
    const posts = fetch.calls.filter(
      (call) => call.method === 'POST' && call.path.endsWith('/User/subscriptions'),
    );
    expect(posts.map((call) => call.body)).toEqual([{ subscriptionIds: [7] }, { subscriptionIds: [7] }]);
    await waitFor(() =>
      expect(
        fetch.calls.filter((call) => call.method === 'GET' && call.path.endsWith('/User/Membership')).length,
      ).toBeGreaterThan(1),
    );
  });

  it('is in the account menu', async () => {
    renderApp({ path: '/account', account: member });
    expect(await screen.findByRole('link', { name: 'Mijn lidmaatschap' })).toHaveAttribute(
      'href',
      '/account/membership',
    );
  });
});
