import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalBank, Issuance, MemberWallet } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  feedPage,
  json,
  makeAccount,
  renderApp,
  type StubHandler,
  type StubRequest,
} from '../../../../test/utils';

const bankManager = makeAccount({ id: 2, roles: ['BankManager'], firstName: 'Bert', lastName: 'Bank' });

const bank: InternalBank = {
  issuedCents: 12_500,
  membersTotalCents: 12_500,
  donationCount: 4,
  transactionableMemberCount: 3,
};

function makeMember(overrides: Partial<MemberWallet> = {}): MemberWallet {
  return {
    userId: 3,
    firstName: 'Lien',
    lastName: 'Lid',
    username: 'lien',
    balanceCents: 1_000,
    isTransactionable: true,
    ...overrides,
  };
}

const lien = makeMember();
const jef = makeMember({
  userId: 4,
  firstName: 'Jef',
  lastName: 'Janssens',
  username: 'jef',
  balanceCents: 0,
});

const issuance: Issuance = {
  id: 90,
  createdAt: '2030-05-01T10:00:00.000Z',
  amountCents: 500,
  description: 'Welkom op de boerderij',
  recipient: { id: 3, firstName: 'Lien', lastName: 'Lid' },
  issuedBy: 'Bert Bank',
};

function bankHandlers(overrides: Record<string, StubHandler> = {}): Record<string, StubHandler> {
  return {
    'GET /api/applicationManager/internalbank': () => json(bank),
    'GET /api/applicationManager/internalbank/history': () => json(feedPage([issuance])),
    'GET /api/applicationManager/internalbank/wallets': ({ url }: StubRequest) => {
      const search = new URL(url, 'http://x').searchParams.get('search');
      return json(feedPage(search === 'jef' ? [jef] : [lien, jef]));
    },
    ...overrides,
  };
}

describe('BankManager internal bank', () => {
  it('shows the bank, the members with their balance, and the history', async () => {
    renderApp({ path: '/applicationManager/internalbank', account: bankManager, handlers: bankHandlers() });
    expect(
      await screen.findByText('Klopt: wat de leden samen hebben, is wat de bank uitgaf.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('125,00 plukgeld')).toHaveLength(2);
    expect(await screen.findByRole('checkbox', { name: 'Lien Lid' })).toBeInTheDocument();
    expect(screen.getByText('lien · 10,00 plukgeld')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Jef Janssens handelt met plukgeld' })).toBeChecked();
    expect(await screen.findByText('Welkom op de boerderij')).toBeInTheDocument();
    expect(screen.getByText('+ 5,00 plukgeld')).toBeInTheDocument();
  });

  it('searches the members through the wallets route', async () => {
    const { fetch } = renderApp({
      path: '/applicationManager/internalbank',
      account: bankManager,
      handlers: bankHandlers(),
    });
    await screen.findByRole('checkbox', { name: 'Lien Lid' });
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Lid zoeken' }), 'jef');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Lien Lid' })).not.toBeInTheDocument());
    const last = fetch.calls
      .filter((call) => call.path === '/api/applicationManager/internalbank/wallets')
      .at(-1)!;
    expect(Object.fromEntries(new URL(last.url, 'http://x').searchParams)).toEqual({
      page: '0',
      search: 'jef',
    });
  });

  it('the donate form says in Dutch what is missing and sends nothing', async () => {
    const { fetch } = renderApp({
      path: '/applicationManager/internalbank',
      account: bankManager,
      handlers: bankHandlers(),
    });
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: 'Lien Lid' });
    await user.click(screen.getByRole('button', { name: 'Schenken' }));
    expect(await screen.findByText('Kies minstens één lid.')).toBeInTheDocument();
    expect(screen.getByText('Vul een bedrag in plukgeld in, bijvoorbeeld 5 of 2,50.')).toBeInTheDocument();
    expect(screen.getByText('Vul een reden in.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Bedrag per lid' }), '2,505');
    await user.click(screen.getByRole('button', { name: 'Schenken' }));
    expect(
      await screen.findByText('Vul een bedrag in plukgeld in, bijvoorbeeld 5 of 2,50.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Bedrag per lid' })).toHaveFocus();
    await user.clear(screen.getByRole('textbox', { name: 'Bedrag per lid' }));
    await user.type(screen.getByRole('textbox', { name: 'Bedrag per lid' }), '0');
    await user.click(screen.getByRole('button', { name: 'Schenken' }));
    expect(await screen.findByText('Het bedrag is minstens 1 cent.')).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.path.endsWith('DonateVirtualMoney'))).toBe(false);
  });

  it('donates to the chosen members with one key, reuses it on a retry, and confirms in Dutch', async () => {
    const bodies: unknown[] = [];
    const { fetch } = renderApp({
      path: '/applicationManager/internalbank',
      account: bankManager,
      handlers: bankHandlers({
        'POST /api/applicationManager/User/DonateVirtualMoney': ({ body }: StubRequest) => {
          bodies.push(body);
          // The first answer is lost on the way (no response): the form keeps its key for the retry.
          if (bodies.length === 1) throw new TypeError('Failed to fetch');
          return json({ donatedCount: 1, alreadyDonatedCount: 1, totalCents: 500 });
        },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Lien Lid' }));
    await user.click(screen.getByRole('checkbox', { name: 'Jef Janssens' }));
    expect(screen.getByText('2 leden gekozen')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Bedrag per lid' }), '2,5');
    await user.type(screen.getByRole('textbox', { name: 'Reden' }), '  Oogstfeest  ');
    expect(screen.getByText('2 leden krijgen elk 2,50 plukgeld, samen 5,00 plukgeld.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schenken' }));
    expect(
      await screen.findByText(
        'Geen verbinding met de server. Controleer je internetverbinding en probeer opnieuw.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schenken' }));
    expect(
      await screen.findByText(/1 lid kreeg 2,50 plukgeld\. 1 lid had het al van een eerdere poging\./),
    ).toBeInTheDocument();

    expect(bodies).toHaveLength(2);
    const first = bodies[0] as { idempotencyKey: string };
    const second = bodies[1];
    expect(first).toEqual({
      userIds: [3, 4],
      amountCents: 250,
      reason: 'Oogstfeest',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_:.-]{8,100}$/),
    });
    expect(second).toEqual(first);
    // After the success the form is empty and a next donation gets a new key.
    expect(screen.getByText('Niemand gekozen')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Bedrag per lid' })).toHaveValue('');
    await user.click(screen.getByRole('checkbox', { name: 'Lien Lid' }));
    await user.type(screen.getByRole('textbox', { name: 'Bedrag per lid' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Reden' }), 'Nog eens');
    await user.click(screen.getByRole('button', { name: 'Schenken' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    const third = bodies[2] as { idempotencyKey: string; userIds: number[] };
    expect(third.userIds).toEqual([3]);
    expect(third.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(fetch.calls.filter((call) => call.path.endsWith('DonateVirtualMoney'))).toHaveLength(3);
  });

  it('confirms a donation to many members as "N leden kregen elk …"', async () => {
    renderApp({
      path: '/applicationManager/internalbank',
      account: bankManager,
      handlers: bankHandlers({
        'POST /api/applicationManager/User/DonateVirtualMoney': () =>
          json({ donatedCount: 2, alreadyDonatedCount: 0, totalCents: 1_000 }),
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Alle 2 getoonden kiezen' }));
    await user.type(screen.getByRole('textbox', { name: 'Bedrag per lid' }), '5');
    await user.type(screen.getByRole('textbox', { name: 'Reden' }), 'Start van het seizoen');
    await user.click(screen.getByRole('button', { name: 'Schenken' }));
    expect(await screen.findByText('2 leden kregen elk 5,00 plukgeld.')).toBeInTheDocument();
  });

  it('switches a member’s trading through managerToggleTransactionable and shows a refusal in Dutch', async () => {
    let calls = 0;
    const { fetch } = renderApp({
      path: '/applicationManager/internalbank',
      account: bankManager,
      handlers: bankHandlers({
        'POST /api/applicationManager/User/ToggleTransactionable': () => {
          calls += 1;
          return calls === 1
            ? apiError(409, 'TRANSACTIONABLE_HAS_OPEN', 'Dit lid heeft nog open reservaties.')
            : json(makeMember({ isTransactionable: false }));
        },
        // Answers the old state: the switch follows the toggle's own answer.
        'GET /api/applicationManager/internalbank/wallets': () =>
          new Promise<Response>((resolve) => setTimeout(() => resolve(json(feedPage([lien, jef]))), 2_000)),
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Lien Lid handelt met plukgeld' }));
    expect(await screen.findByText('Dit lid heeft nog open reservaties.')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Lien Lid handelt met plukgeld' }));
    await waitFor(() => expect(calls).toBe(2));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Lien Lid handelt met plukgeld' })).not.toBeChecked(),
    );
    const toggles = fetch.calls.filter(
      (call) => call.path === '/api/applicationManager/User/ToggleTransactionable',
    );
    expect(toggles.map((call) => call.body)).toEqual([{ userId: 3 }, { userId: 3 }]);
    // The wallets are asked again after the switch.
    await waitFor(() =>
      expect(
        fetch.calls.filter((call) => call.path === '/api/applicationManager/internalbank/wallets').length,
      ).toBeGreaterThan(1),
    );
  });

  it('a member without the role gets no access', async () => {
    const { fetch } = renderApp({ path: '/applicationManager/internalbank', account: makeAccount() });
    expect(await screen.findByText('Geen toegang')).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.path.includes('internalbank'))).toBe(false);
    expect(within(document.body).queryByRole('button', { name: 'Schenken' })).not.toBeInTheDocument();
  });
});
