import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMemberTransaction, otherPublicId, publicId } from '../../../../test/bank-member-fixtures';
import {
  makeMemberSubscription,
  makeMembership,
  makeMySubscriptionDetail,
} from '../../../../test/harvest-member-fixtures';
import { apiError, json, makeAccount, renderApp, type StubHandler } from '../../../../test/utils';

const member = makeAccount();
const thirdPublicId = 'Q'.repeat(32);

const transactions = [
  makeMemberTransaction({ dueDate: '2020-01-15' }),
  makeMemberTransaction({
    publicId: otherPublicId,
    description: 'Lidmaatschap Fruit 2030',
    amountCents: 4550,
    subscriptionId: 8,
    subscriptionName: 'Fruit',
    status: 'paid',
    paidAt: '2030-03-03T10:00:00.000Z',
    paidVia: 'transfer',
  }),
  makeMemberTransaction({
    publicId: thirdPublicId,
    description: 'Extra bijdrage',
    amountCents: 1000,
    subscriptionId: null,
    subscriptionName: null,
    harvestYear: 2029,
    status: 'cancelled',
  }),
];

const membershipHandlers: Record<string, StubHandler> = {
  'GET /api/User/Membership': () => json(makeMembership()),
  'GET /api/subscription': () => json([makeMemberSubscription()]),
};

describe('my payments on my membership (/account/membership)', () => {
  it('lists every transaction with amount, status and when, each opening its payment page', async () => {
    renderApp({
      path: '/account/membership',
      account: member,
      handlers: { ...membershipHandlers, 'GET /api/Bank': () => json(transactions) },
    });
    const section = await screen.findByRole('region', { name: 'Betalingen' });
    const links = await within(section).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/account/membership/${publicId}`,
      `/account/membership/${otherPublicId}`,
      `/account/membership/${thirdPublicId}`,
    ]);
    const [open, paid, cancelled] = links as [HTMLElement, HTMLElement, HTMLElement];
    expect(open).toHaveTextContent('Lidmaatschap Groenten 2030');
    expect(open).toHaveTextContent('€ 125,00');
    expect(within(open).getByText('Te laat')).toBeInTheDocument();
    expect(within(open).queryByText('Open')).not.toBeInTheDocument();
    expect(within(open).getByText('De vervaldatum was 15 jan 2020')).toBeInTheDocument();
    expect(within(open).getByText('Groenten, oogstjaar 2030')).toBeInTheDocument();
    expect(within(paid).getByText('Betaald')).toBeInTheDocument();
    expect(within(paid).getByText('Betaald op 3 mrt 2030')).toBeInTheDocument();
    expect(paid).toHaveTextContent('€ 45,50');
    expect(within(cancelled).getByText('Geannuleerd')).toBeInTheDocument();
    expect(within(cancelled).getByText('Oogstjaar 2029')).toBeInTheDocument();
    // Between my subscriptions and choosing new ones.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('Betalingen')).toBe(headings.indexOf('Mijn abonnementen') + 1);
  });

  it('without transactions: says so in Dutch', async () => {
    renderApp({ path: '/account/membership', account: member, handlers: membershipHandlers });
    const section = await screen.findByRole('region', { name: 'Betalingen' });
    expect(await within(section).findByText('Nog geen betalingen')).toBeInTheDocument();
    expect(
      within(section).getByText('Zodra de boerderij iets klaarzet om te betalen, vind je het hier.'),
    ).toBeInTheDocument();
  });

  it('a failing list: the error with a retry, the rest of the page still there', async () => {
    renderApp({
      path: '/account/membership',
      account: member,
      handlers: {
        ...membershipHandlers,
        'GET /api/Bank': () =>
          apiError(500, 'INTERNAL_ERROR', 'Er ging iets mis. Probeer het later opnieuw.'),
      },
    });
    const section = await screen.findByRole('region', { name: 'Betalingen' });
    expect(await within(section).findByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Mijn abonnementen' })).toBeInTheDocument();
  });
});

describe("my subscription's payments (/pluk/subscription/{id})", () => {
  it('a "Betalingen" tab with only this subscription’s transactions', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: '/pluk/subscription/4',
      account: member,
      handlers: {
        'GET /api/User/subscriptions/4': () => json(makeMySubscriptionDetail()),
        'GET /api/Bank': () => json(transactions),
      },
    });
    // Asked only when the tab opens.
    await screen.findByRole('tab', { name: 'Inhoud' });
    expect(fetch.calls.some((c) => c.path === '/api/Bank')).toBe(false);
    await user.click(screen.getByRole('tab', { name: 'Betalingen' }));
    const section = await screen.findByRole('region', { name: 'Betalingen van dit abonnement' });
    const links = await within(section).findAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', `/account/membership/${publicId}`);
    expect(links[0]).toHaveTextContent('Lidmaatschap Groenten 2030');
    expect(within(section).queryByText('Lidmaatschap Fruit 2030')).not.toBeInTheDocument();
  });

  it('none for this subscription: says so', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/pluk/subscription/4',
      account: member,
      handlers: {
        'GET /api/User/subscriptions/4': () => json(makeMySubscriptionDetail()),
        'GET /api/Bank': () => json([transactions[1]]),
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Betalingen' }));
    expect(
      await screen.findByText('Voor dit abonnement staat er nog niets klaar om te betalen.'),
    ).toBeInTheDocument();
  });
});
