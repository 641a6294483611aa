import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  makeMySubscriptionDetail,
  makePlukDetail,
  makePlukOfTheWeek,
} from '../../../../test/harvest-member-fixtures';
import {
  apiError,
  appInfo,
  expectErrorWithRetry,
  json,
  makeAccount,
  renderApp,
} from '../../../../test/utils';

const member = makeAccount();
const cooperative = {
  ...appInfo,
  appId: 'hetveld',
  appName: 'Het Veld',
  localeVariant: 'nl-be-cooperative' as const,
};

describe('harvest of the moment (/pluk)', () => {
  it('lists per subscription what I may pick now, with amount, field and hint', async () => {
    renderApp({
      path: '/pluk',
      account: member,
      handlers: { 'GET /api/pluk/plukoftheweek': () => json(makePlukOfTheWeek()) },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oogst van het moment' }),
    ).toBeInTheDocument();
    const vegetables = await screen.findByRole('region', { name: 'Groenten' });
    const card = within(vegetables).getByRole('link', { name: /^Sla/ });
    expect(card).toHaveAttribute('href', '/pluk/detail/11/4');
    expect(within(card).getByText('Per aandeel: 2 kroppen per week')).toBeInTheDocument();
    expect(within(card).getByText('Waar: Veld 1')).toBeInTheDocument();
    expect(within(card).getByText('Snij boven de grond')).toBeInTheDocument();
    expect(within(vegetables).getByRole('link', { name: 'Bekijk je abonnement Groenten' })).toHaveAttribute(
      'href',
      '/pluk/subscription/4',
    );
    const flowers = screen.getByRole('region', { name: 'Bloemen' });
    expect(
      within(flowers).getByText(
        'Voor dit abonnement valt er nu niets te plukken. Kom later nog eens kijken.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Wat je nu mag plukken, per abonnement van oogstjaar 2030.')).toBeInTheDocument();
  });

  it('without a subscription: an empty state that leads to my membership; an error with retry', async () => {
    const first = renderApp({
      path: '/pluk',
      account: member,
      handlers: {
        'GET /api/pluk/plukoftheweek': () => json(makePlukOfTheWeek({ subscriptions: [] })),
      },
    });
    expect(await screen.findByText('Geen abonnement dit oogstjaar')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar mijn lidmaatschap' })).toHaveAttribute(
      'href',
      '/account/membership',
    );
    first.unmount();
    await expectErrorWithRetry({ path: '/pluk', account: member, failing: 'GET /api/pluk/plukoftheweek' });
  });

  it('speaks of offers and articles on a cooperative farm', async () => {
    renderApp({
      path: '/pluk',
      account: member,
      info: cooperative,
      handlers: { 'GET /api/pluk/plukoftheweek': () => json(makePlukOfTheWeek()) },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aanbod van het moment' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Wat je nu mag afhalen, per abonnement van oogstjaar 2030.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Voor dit abonnement is er nu geen aanbod. Kom later nog eens kijken.'),
    ).toBeInTheDocument();
    expect(document.title).toBe('Aanbod van het moment | Het Veld');
  });
});

describe('one crop (/pluk/detail/:id/:subscriptionId)', () => {
  it('shows how to harvest, the field, the amount and the subscription', async () => {
    renderApp({
      path: '/pluk/detail/11/4',
      account: member,
      handlers: { 'GET /api/pluk/11/4': () => json(makePlukDetail()) },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Sla' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Oogsten' })).toBeInTheDocument();
    expect(screen.getByText('Abonnement Groenten')).toBeInTheDocument();
    expect(screen.getByText('2 kroppen per week')).toBeInTheDocument();
    expect(screen.getByText('Veld 1')).toBeInTheDocument();
    expect(screen.getByText('Achter de schuur')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hoe oogsten' })).toBeInTheDocument();
    expect(screen.getByText(/Snij de krop net boven de grond/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar de oogst' })).toHaveAttribute('href', '/pluk');
  });

  it('says so when the crop is not pickable for me (404), in the cooperative wording too', async () => {
    renderApp({
      path: '/pluk/detail/11/4',
      account: member,
      info: cooperative,
      handlers: { 'GET /api/pluk/11/4': () => apiError(404, 'NOT_FOUND', 'Niet gevonden.') },
    });
    expect(await screen.findByText('Nu niet beschikbaar')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Artikel' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar het aanbod' })).toBeInTheDocument();
  });
});

describe('my subscription (/pluk/subscription/:id)', () => {
  it('shows in tabs what it includes, my household and its price, and the credits', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/pluk/subscription/4',
      account: member,
      handlers: { 'GET /api/User/subscriptions/4': () => json(makeMySubscriptionDetail()) },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Groenten' })).toBeInTheDocument();
    expect(screen.getByText('Oogstjaar 2030')).toBeInTheDocument();
    // What it includes.
    const sla = screen.getByText('Sla').closest('li')!;
    expect(within(sla).getByText('Nu te plukken')).toBeInTheDocument();
    expect(within(sla).getByText('Per aandeel: 2 kroppen per week')).toBeInTheDocument();
    expect(within(screen.getByText('Wortelen').closest('li')!).getByText('Nu niet')).toBeInTheDocument();
    // bank (member): its payments in a tab of their own (decision 077, routes/bank/my-transactions.test.tsx).
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Inhoud',
      'Gezin en prijs',
      'Werkpunten',
      'Betalingen',
    ]);

    await user.click(screen.getByRole('tab', { name: 'Gezin en prijs' }));
    expect(await screen.findByText('Mona Lid')).toBeInTheDocument();
    expect(screen.getByText('€ 120,00 per volwassene · € 62,50 per kind')).toBeInTheDocument();
    expect(screen.getByText('2 volwassenen × € 120,00')).toBeInTheDocument();
    expect(screen.getByText('1 kind × € 62,50')).toBeInTheDocument();
    expect(screen.getByTestId('household-price')).toHaveTextContent('€ 302,50');
    expect(screen.getByRole('link', { name: 'Gezin aanpassen' })).toHaveAttribute('href', '/account/edit');

    await user.click(screen.getByRole('tab', { name: 'Werkpunten' }));
    expect(await screen.findByText('Nog 6 werkpunten te gaan.')).toBeInTheDocument();
    expect(screen.getByText('10 werkpunten')).toBeInTheDocument();
    expect(screen.getByText('4 werkpunten')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Verdiende werkpunten' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de klusjes' })).toHaveAttribute('href', '/tasks');
  });

  it('says so for a subscription that is not mine (404)', async () => {
    renderApp({
      path: '/pluk/subscription/9',
      account: member,
      handlers: { 'GET /api/User/subscriptions/9': () => apiError(404, 'NOT_FOUND', 'Niet gevonden.') },
    });
    expect(await screen.findByText('Abonnement niet gevonden')).toBeInTheDocument();
  });
});
