import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { bankAdminHandlers, bankManager, makeYearlyPreview } from '../../../../test/bank-admin-fixtures';
import { apiError, json, renderApp, type StubRequest } from '../../../../test/utils';

const path = '/applicationManager/administration-actions/create-yearly-transactions';
const route = 'GET /api/applicationManager/administration-actions/create-yearly-transactions';
const yearOf = (request: StubRequest) =>
  Number(new URL(request.url, 'http://x').searchParams.get('harvestYear'));

describe('yearly transactions', () => {
  it('previews next year, makes the transactions after a confirmation, and then has nothing left to make', async () => {
    const user = userEvent.setup();
    let made = false;
    const { fetch } = renderApp({
      path,
      account: bankManager,
      handlers: {
        ...bankAdminHandlers,
        [route]: (request) =>
          json(
            made
              ? makeYearlyPreview({ harvestYear: yearOf(request), count: 0, totalCents: 0 })
              : makeYearlyPreview({ harvestYear: yearOf(request) }),
          ),
        'POST /api/applicationManager/administration-actions/create-yearly-transactions': () => {
          made = true;
          return json({ harvestYear: 2031, created: 3, totalCents: 54_250 });
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Jaarlijkse transacties' }),
    ).toBeInTheDocument();
    // Next year has subscriptions, so the run starts there.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Wat er gemaakt wordt in 2031' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Oogstjaar' })).toHaveValue('2031');
    expect(await screen.findByText('€ 542,50')).toBeInTheDocument();
    const perSubscription = within(screen.getByRole('list', { name: 'Per abonnement in 2031' })).getAllByRole(
      'listitem',
    );
    expect(perSubscription.map((item) => item.textContent)).toEqual([
      'Groenten2 transacties · €\u00a0302,50',
      'Fruit1 transactie · €\u00a0240,00',
    ]);
    expect(screen.getByText('Te maken transacties').nextElementSibling).toHaveTextContent('3');

    await user.click(screen.getByRole('button', { name: 'Maak 3 transacties' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transacties maken?' });
    expect(
      within(dialog).getByText(/Er worden 3 transacties gemaakt voor oogstjaar 2031, samen € 542,50/),
    ).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Maak 3 transacties' }));

    expect(
      await screen.findByText('3 transacties gemaakt, samen € 542,50.', {
        selector: '.mantine-Alert-message *, .mantine-Alert-message',
      }),
    ).toBeInTheDocument();
    const post = fetch.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ harvestYear: 2031, dueDate: dayjs().add(30, 'day').format('YYYY-MM-DD') });
    // The preview is asked again: a second run would make nothing.
    expect(await screen.findByText('Elk abonnement van 2031 heeft al een transactie.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Maak/ })).not.toBeInTheDocument();
  });

  it('starts at this year when next year has no subscriptions, and follows the chosen year', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path,
      account: bankManager,
      handlers: {
        ...bankAdminHandlers,
        [route]: (request) =>
          json(
            yearOf(request) === 2031
              ? makeYearlyPreview({ harvestYear: 2031, count: 0, totalCents: 0, subscriptions: [] })
              : makeYearlyPreview({
                  harvestYear: yearOf(request),
                  count: 1,
                  totalCents: 12_000,
                  subscriptions: [{ subscriptionId: 4, name: 'Groenten', count: 1, totalCents: 12_000 }],
                }),
          ),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Wat er gemaakt wordt in 2030' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Maak 1 transactie' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Oogstjaar' }), '2029');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Wat er gemaakt wordt in 2029' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(fetch.calls.some((call) => call.url.endsWith('harvestYear=2029'))).toBe(true));
  });

  it('shows why the server refused the run', async () => {
    const user = userEvent.setup();
    renderApp({
      path,
      account: bankManager,
      handlers: {
        ...bankAdminHandlers,
        [route]: (request) => json(makeYearlyPreview({ harvestYear: yearOf(request) })),
        'POST /api/applicationManager/administration-actions/create-yearly-transactions': () =>
          apiError(409, 'CONCURRENT_UPDATE', 'Iemand anders veranderde dit tegelijk; probeer het opnieuw.'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Maak 3 transacties' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transacties maken?' });
    await user.click(within(dialog).getByRole('button', { name: 'Maak 3 transacties' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Iemand anders veranderde dit tegelijk; probeer het opnieuw.',
    );
  });

  it('is not open to a member without the BankManager role', async () => {
    renderApp({ path, account: { ...bankManager, roles: ['TaskManager'] }, handlers: bankAdminHandlers });
    expect(await screen.findByText('Geen toegang')).toBeInTheDocument();
  });
});
