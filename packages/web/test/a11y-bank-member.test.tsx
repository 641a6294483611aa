import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from './axe';
import {
  makeMemberTransaction,
  makePaymentReturn,
  makePublicTransaction,
  otherPublicId,
  publicId,
} from './bank-member-fixtures';
import { makeMembership, makeMemberSubscription, makeMySubscriptionDetail } from './harvest-member-fixtures';
import { apiError, json, makeAccount, renderApp, type StubHandler } from './utils';

/** Axe check of the member's bank screens (decision 077): the payment page in each state, the return page, my payments. */
withoutCanvas();
afterEach(() => sessionStorage.clear());

const member = makeAccount();
const detail = `GET /api/Bank/${publicId}`;
const returned = `GET /api/paymentReturn/${publicId}`;

const screens: Array<{
  name: string;
  path: string;
  signedIn?: boolean;
  handlers: Record<string, StubHandler>;
  ready: () => Promise<unknown>;
}> = [
  {
    name: 'payment page, open, with QR code and pay button',
    path: `/account/membership/${publicId}`,
    handlers: { [detail]: () => json(makePublicTransaction()) },
    // On a phone the code is behind its button (decision 090): opened, so axe sees it too.
    ready: async () => {
      (await screen.findByRole('button', { name: 'Betalen vanaf een ander toestel' })).click();
      return screen.findByRole('img', { name: 'QR-code om te betalen met je bankapp' });
    },
  },
  {
    name: 'payment page, overdue, signed in',
    path: `/account/membership/${publicId}`,
    signedIn: true,
    handlers: { [detail]: () => json(makePublicTransaction({ dueDate: '2020-01-15' })) },
    ready: () => screen.findByRole('button', { name: 'Betalen vanaf een ander toestel' }),
  },
  {
    name: 'payment page, paid',
    path: `/account/membership/${publicId}`,
    handlers: {
      [detail]: () =>
        json(
          makePublicTransaction({ status: 'paid', paidAt: '2030-03-03T10:00:00.000Z', canPayOnline: false }),
        ),
    },
    ready: () => screen.findByText('Betaald op 3 mrt 2030'),
  },
  {
    name: 'payment page, cancelled',
    path: `/account/membership/${publicId}`,
    handlers: { [detail]: () => json(makePublicTransaction({ status: 'cancelled', canPayOnline: false })) },
    ready: () => screen.findByText('Deze betaling is geannuleerd'),
  },
  {
    name: 'payment page, no account of the farm',
    path: `/account/membership/${publicId}`,
    handlers: { [detail]: () => json(makePublicTransaction({ payee: null, canPayOnline: false })) },
    ready: () => screen.findByText('Vraag de betaalgegevens aan de boerderij'),
  },
  {
    name: 'payment page, unknown link',
    path: `/account/membership/${publicId}`,
    handlers: { [detail]: () => apiError(404, 'NOT_FOUND', 'Niet gevonden.') },
    ready: () => screen.findByText('Deze betaallink bestaat niet (meer)'),
  },
  {
    name: 'return page, paid',
    path: `/paymentReturn/${publicId}`,
    handlers: { [returned]: () => json(makePaymentReturn()) },
    ready: () => screen.findByText('Bedankt, je betaling is gelukt'),
  },
  {
    name: 'return page, waiting',
    path: `/paymentReturn/${publicId}`,
    handlers: { [returned]: () => json(makePaymentReturn({ status: 'pending' })) },
    ready: () => screen.findByRole('progressbar'),
  },
  {
    name: 'return page, failed',
    path: `/paymentReturn/${publicId}`,
    handlers: { [returned]: () => json(makePaymentReturn({ status: 'failed' })) },
    ready: () => screen.findByRole('link', { name: 'Opnieuw betalen' }),
  },
  {
    name: 'return page, no payment known',
    path: '/paymentReturn',
    handlers: {},
    ready: () => screen.findByText('We weten niet over welke betaling het gaat'),
  },
  {
    name: 'my membership with payments',
    path: '/account/membership',
    signedIn: true,
    handlers: {
      'GET /api/User/Membership': () => json(makeMembership()),
      'GET /api/subscription': () => json([makeMemberSubscription()]),
      'GET /api/Bank': () =>
        json([
          makeMemberTransaction({ dueDate: '2020-01-15' }),
          makeMemberTransaction({
            publicId: otherPublicId,
            status: 'paid',
            paidAt: '2030-03-03T10:00:00.000Z',
          }),
        ]),
    },
    ready: () => screen.findByText('Betaald op 3 mrt 2030'),
  },
];

describe('accessibility (axe) of the member bank screens', () => {
  it.each(screens)('$name has no violations', async ({ path, signedIn, handlers, ready }) => {
    renderApp({ path, handlers, account: signedIn ? member : undefined });
    await ready();
    expect(await axeViolations()).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
    // Headings go down one level at a time.
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    levels.forEach((level, index) => {
      if (index > 0) expect(level - levels[index - 1]!).toBeLessThanOrEqual(1);
    });
  });

  it('the pay button’s error and the copied state have no violations', async () => {
    const user = userEvent.setup();
    renderApp({
      path: `/account/membership/${publicId}`,
      handlers: {
        [detail]: () => json(makePublicTransaction()),
        [`GET /api/mollie/CreatePayment/${publicId}`]: () =>
          apiError(
            409,
            'PAYMENT_PROVIDER_NOT_CONFIGURED',
            'Online betalen kan hier niet. Betaal met een overschrijving.',
          ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Betalen vanaf een ander toestel' }));
    await screen.findByRole('img', { name: 'QR-code om te betalen met je bankapp' });
    await user.click(screen.getByRole('button', { name: 'Online betalen' }));
    await screen.findByText('Online betalen kan hier niet. Betaal met een overschrijving.');
    await user.click(screen.getByRole('button', { name: 'Kopiëren: Gestructureerde mededeling' }));
    await screen.findByRole('button', { name: 'Gekopieerd: Gestructureerde mededeling' });
    expect(await axeViolations()).toEqual([]);
  });

  it('the payments tab of my subscription has no violations', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/pluk/subscription/4',
      account: member,
      handlers: {
        'GET /api/User/subscriptions/4': () => json(makeMySubscriptionDetail()),
        'GET /api/Bank': () => json([makeMemberTransaction()]),
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Betalingen' }));
    await screen.findByText('Lidmaatschap Groenten 2030');
    expect(await axeViolations()).toEqual([]);
  });
});
