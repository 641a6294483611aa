import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePaymentReturn, makePublicTransaction, publicId } from '../../../../test/bank-member-fixtures';
import { apiError, json, renderApp, type StubHandler } from '../../../../test/utils';

const returnCall = `GET /api/paymentReturn/${publicId}`;
const pendingKey = 'pluk_pending_payment';
const paymentPage = `/account/membership/${publicId}`;

function returnCalls(fetch: { calls: Array<{ path: string }> }) {
  return fetch.calls.filter((c) => c.path === `/api/paymentReturn/${publicId}`).length;
}

function show(path: string, handlers: Record<string, StubHandler>) {
  return renderApp({ path, handlers });
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('the payment return page (/paymentReturn, no login)', () => {
  it('paid: thanks, and forgets the payment kept in this tab', async () => {
    sessionStorage.setItem(pendingKey, publicId);
    const { fetch } = show(`/paymentReturn/${publicId}`, {
      [returnCall]: () => json(makePaymentReturn({ status: 'paid' })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Je betaling' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Bedankt, je betaling is gelukt' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('De Plukhoeve heeft € 125,00 ontvangen voor Lidmaatschap Groenten 2030.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de betaalpagina' })).toHaveAttribute('href', paymentPage);
    await waitFor(() => expect(sessionStorage.getItem(pendingKey)).toBeNull());
    expect(
      fetch.calls.find((c) => c.path.startsWith('/api/paymentReturn/'))?.headers.get('Authorization'),
    ).toBeNull();
  });

  it('never trusts a status in the URL: the server says it failed', async () => {
    show(`/paymentReturn/${publicId}?status=paid`, {
      [returnCall]: () => json(makePaymentReturn({ status: 'failed' })),
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'De betaling is mislukt' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Bedankt, je betaling is gelukt')).not.toBeInTheDocument();
  });

  it.each([
    ['failed', 'De betaling is mislukt', /is niet gelukt/],
    ['expired', 'De betaling is verlopen', /niet op tijd afgerond/],
    ['canceled', 'Je hebt de betaling afgebroken', /is niet gebeurd/],
  ] as const)('%s: says so and leads back to the payment page to try again', async (status, title, text) => {
    sessionStorage.setItem(pendingKey, publicId);
    show(`/paymentReturn/${publicId}`, { [returnCall]: () => json(makePaymentReturn({ status })) });
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toHaveTextContent('Lidmaatschap Groenten 2030 (€ 125,00)');
    expect(screen.getByRole('link', { name: 'Opnieuw betalen' })).toHaveAttribute('href', paymentPage);
  });

  it('cancelled by the farm: nothing to pay, and no retry', async () => {
    show(`/paymentReturn/${publicId}`, {
      [returnCall]: () => json(makePaymentReturn({ status: 'cancelled' })),
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Deze betaling is geannuleerd' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Opnieuw betalen' })).not.toBeInTheDocument();
  });

  it('still open: shows its progress and asks again every 2 s until it is paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = ['pending', 'open', 'paid'] as const;
    let asked = 0;
    const { fetch } = show(`/paymentReturn/${publicId}`, {
      [returnCall]: () => json(makePaymentReturn({ status: answers[Math.min(asked++, answers.length - 1)] })),
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Je betaling wordt verwerkt' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Wachten op de bevestiging van je bank' }),
    ).toBeInTheDocument();
    expect(returnCalls(fetch)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(returnCalls(fetch)).toBe(2));
    expect(screen.getByRole('heading', { level: 2, name: 'Je betaling wordt verwerkt' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Bedankt, je betaling is gelukt' }),
    ).toBeInTheDocument();
    expect(returnCalls(fetch)).toBe(3);
    // Decided: no more asking.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(returnCalls(fetch)).toBe(3);
  });

  it('stops after about 30 s, says it is not confirmed yet, and looks again on request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let status: 'open' | 'paid' = 'open';
    const { fetch } = show(`/paymentReturn/${publicId}`, {
      [returnCall]: () => json(makePaymentReturn({ status })),
    });
    await screen.findByRole('heading', { level: 2, name: 'Je betaling wordt verwerkt' });
    for (let poll = 0; poll < 20; poll++) {
      await act(() => vi.advanceTimersByTimeAsync(2_000));
    }
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Je betaling is nog niet bevestigd' }),
    ).toBeInTheDocument();
    expect(returnCalls(fetch)).toBe(15);
    expect(screen.getByRole('link', { name: 'Naar de betaalpagina' })).toHaveAttribute('href', paymentPage);

    status = 'paid';
    await user.click(screen.getByRole('button', { name: 'Opnieuw kijken' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Bedankt, je betaling is gelukt' }),
    ).toBeInTheDocument();
    expect(returnCalls(fetch)).toBe(16);
  }, 20_000);

  it('without an id in the URL: the payment this tab set out to pay', async () => {
    sessionStorage.setItem(pendingKey, publicId);
    show('/paymentReturn', { [returnCall]: () => json(makePaymentReturn({ status: 'paid' })) });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Bedankt, je betaling is gelukt' }),
    ).toBeInTheDocument();
  });

  it('without an id anywhere: says it does not know which payment, and asks nothing', async () => {
    const { fetch } = show('/paymentReturn', {});
    expect(
      await screen.findByRole('heading', { level: 2, name: 'We weten niet over welke betaling het gaat' }),
    ).toBeInTheDocument();
    expect(fetch.calls.some((c) => c.path.startsWith('/api/paymentReturn'))).toBe(false);
  });

  it('an unknown payment: the friendly "does not exist" screen', async () => {
    show(`/paymentReturn/${publicId}`, { [returnCall]: () => apiError(404, 'NOT_FOUND', 'Niet gevonden.') });
    expect(await screen.findByText('Deze betaallink bestaat niet (meer)')).toBeInTheDocument();
  });

  it('back goes to the payment page, not to the checkout the browser came from', async () => {
    const { router } = show('/betalen-bij-mollie', {
      [returnCall]: () => json(makePaymentReturn({ status: 'paid' })),
      [`GET /api/Bank/${publicId}`]: () =>
        json(makePublicTransaction({ status: 'paid', paidAt: '2030-03-03T10:00:00.000Z' })),
    });
    await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden' });
    // Mollie sends the browser back: the return page is the newest entry, the checkout behind it.
    await act(() => router.navigate(`/paymentReturn/${publicId}`));
    await screen.findByRole('heading', { level: 2, name: 'Bedankt, je betaling is gelukt' });
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe(paymentPage));
    expect(await screen.findByRole('heading', { level: 1, name: 'Betaling' })).toBeInTheDocument();
    expect(await screen.findByText('Betaald op 3 mrt 2030')).toBeInTheDocument();
  });
});
