import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePublicTransaction, otherPublicId, publicId } from '../../../../test/bank-member-fixtures';
import { apiError, json, makeAccount, renderApp, type StubHandler } from '../../../../test/utils';
import { checkout } from '../../../features/bank/checkout';

// What the QR code was asked to encode, and how: the real package still draws it.
const qr = vi.hoisted(() => ({ calls: [] as Array<{ text: unknown; options: unknown }> }));
vi.mock('qrcode', async (importOriginal) => {
  const actual = await importOriginal<typeof import('qrcode')>();
  return {
    ...actual,
    create: (text: string, options: Parameters<typeof actual.create>[1]) => {
      qr.calls.push({ text, options });
      return actual.create(text, options);
    },
  };
});

const path = `/account/membership/${publicId}`;
const detail = `GET /api/Bank/${publicId}`;
const create = `GET /api/mollie/CreatePayment/${publicId}`;
const pendingKey = 'pluk_pending_payment';

function show(handlers: Record<string, StubHandler>, options: { signedIn?: boolean } = {}) {
  return renderApp({ path, handlers, account: options.signedIn ? makeAccount() : undefined });
}

beforeEach(() => {
  qr.calls = [];
  sessionStorage.clear();
});
afterEach(() => sessionStorage.clear());

describe('the payment page (/account/membership/{publicId}, no login)', () => {
  it('shows an open transaction to a visitor: amount, due date, reference, account, the EPC QR code and the pay button', async () => {
    const user = userEvent.setup();
    const { fetch } = show({ [detail]: () => json(makePublicTransaction()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Betaling' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Lidmaatschap Groenten 2030' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Aan De Plukhoeve')).toBeInTheDocument();
    expect(screen.getAllByText('€ 125,00').length).toBeGreaterThan(0);
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(screen.queryByText('Te laat')).not.toBeInTheDocument();
    expect(screen.getByText('Te betalen uiterlijk 1 apr 2099')).toBeInTheDocument();
    expect(screen.getByText('+++123/4567/89002+++')).toBeInTheDocument();
    expect(screen.getByText('BE68 5390 0754 7034')).toBeInTheDocument();
    expect(screen.getByText('De Plukhoeve vzw')).toBeInTheDocument();
    expect(screen.getByText('GKCCBEBB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Online betalen' })).toBeEnabled();
    // No "back to my payments" for a visitor from the e-mail link.
    expect(screen.queryByRole('link', { name: 'Naar mijn betalingen' })).not.toBeInTheDocument();

    // On a phone: online first, then the transfer with its copy buttons, the QR code behind its button.
    const online = screen.getByRole('button', { name: 'Online betalen' });
    const copyIban = screen.getByRole('button', { name: 'Kopiëren: Rekeningnummer (IBAN)' });
    const otherDevice = screen.getByRole('button', { name: 'Betalen vanaf een ander toestel' });
    expect(online.compareDocumentPosition(copyIban) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(copyIban.compareDocumentPosition(otherDevice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(otherDevice).toHaveAttribute('aria-expanded', 'false');
    expect(
      screen.queryByRole('img', { name: 'QR-code om te betalen met je bankapp' }),
    ).not.toBeInTheDocument();
    expect(qr.calls).toEqual([]);
    await user.click(otherDevice);
    expect(otherDevice).toHaveAttribute('aria-expanded', 'true');
    const code = await screen.findByRole('img', { name: 'QR-code om te betalen met je bankapp' });
    expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(qr.calls).toEqual([
      {
        text: 'BCD\n002\n1\nSCT\nGKCCBEBB\nDe Plukhoeve vzw\nBE68539007547034\nEUR125.00\n\n123456789002',
        options: { errorCorrectionLevel: 'M' },
      },
    ]);

    // The reference and the IBAN copy as a banking app takes them.
    await user.click(screen.getByRole('button', { name: 'Kopiëren: Gestructureerde mededeling' }));
    expect(await navigator.clipboard.readText()).toBe('+++123/4567/89002+++');
    expect(
      screen.getByRole('button', { name: 'Gekopieerd: Gestructureerde mededeling' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Gestructureerde mededeling is gekopieerd.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kopiëren: Rekeningnummer (IBAN)' }));
    expect(await navigator.clipboard.readText()).toBe('BE68539007547034');

    // A public call: no token, even from a signed-in tab.
    const call = fetch.calls.find((c) => c.path === `/api/Bank/${publicId}`);
    expect(call?.headers.get('Authorization')).toBeNull();
  });

  it('on a laptop shows the QR code at once, under its heading', async () => {
    const phone = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    try {
      show({ [detail]: () => json(makePublicTransaction()) });
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Betalen met je bankapp' }),
      ).toBeInTheDocument();
      expect(
        await screen.findByRole('img', { name: 'QR-code om te betalen met je bankapp' }),
      ).toBeInTheDocument();
      expect(
        screen.queryByRole('button', { name: 'Betalen vanaf een ander toestel' }),
      ).not.toBeInTheDocument();
    } finally {
      window.matchMedia = phone;
    }
  });

  it('shows a signed-in member the way back to their payments', async () => {
    show({ [detail]: () => json(makePublicTransaction()) }, { signedIn: true });
    expect(await screen.findByRole('link', { name: 'Naar mijn betalingen' })).toHaveAttribute(
      'href',
      '/account/membership',
    );
  });

  it('"Online betalen" keeps the payment in this tab, shows progress and goes to the checkout', async () => {
    const user = userEvent.setup();
    const go = vi.spyOn(checkout, 'go').mockImplementation(() => {});
    let answer: (response: Response) => void = () => {};
    show({
      [detail]: () => json(makePublicTransaction()),
      [create]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const button = await screen.findByRole('button', { name: 'Online betalen' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    expect(screen.getByText('Je betaling wordt gestart…')).toBeInTheDocument();
    expect(sessionStorage.getItem(pendingKey)).toBe(publicId);
    // A second tap while waiting starts nothing twice.
    await user.click(button);

    answer(json({ checkoutUrl: 'https://www.mollie.com/checkout/select-method/7UhSN1zuXS' }));
    await waitFor(() =>
      expect(go).toHaveBeenCalledWith('https://www.mollie.com/checkout/select-method/7UhSN1zuXS'),
    );
    expect(go).toHaveBeenCalledTimes(1);
    // Still busy until the browser has left.
    expect(button).toHaveAttribute('data-loading', 'true');
    expect(sessionStorage.getItem(pendingKey)).toBe(publicId);

    // Back from the checkout, shown again from the browser's memory: ready to pay again.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
  });

  it('a start that fails clears the kept payment and shows the Dutch error', async () => {
    const user = userEvent.setup();
    const go = vi.spyOn(checkout, 'go').mockImplementation(() => {});
    // Left over from an earlier attempt in this tab.
    sessionStorage.setItem(pendingKey, otherPublicId);
    const { fetch } = show({
      [detail]: () => json(makePublicTransaction()),
      [create]: () =>
        apiError(
          503,
          'PAYMENT_PROVIDER_UNAVAILABLE',
          'De betaalprovider is nu niet bereikbaar. Probeer het later opnieuw.',
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Online betalen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'De betaalprovider is nu niet bereikbaar. Probeer het later opnieuw.',
    );
    expect(sessionStorage.getItem(pendingKey)).toBeNull();
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Online betalen' })).not.toHaveAttribute('data-loading');
    expect(fetch.calls.filter((c) => c.path === `/api/mollie/CreatePayment/${publicId}`)).toHaveLength(1);
  });

  it('does not follow an answer that is no web address', async () => {
    const user = userEvent.setup();
    const go = vi.spyOn(checkout, 'go').mockImplementation(() => {});
    show({
      [detail]: () => json(makePublicTransaction()),
      [create]: () => json({ checkoutUrl: 'javascript:alert(1)' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Online betalen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Er ging iets mis. Probeer het later opnieuw.',
    );
    expect(go).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(pendingKey)).toBeNull();
  });

  it('paid meanwhile (409): the page asks again and shows it paid', async () => {
    const user = userEvent.setup();
    let paid = false;
    show({
      [detail]: () =>
        json(
          paid
            ? makePublicTransaction({
                status: 'paid',
                paidAt: '2030-03-03T10:00:00.000Z',
                canPayOnline: false,
              })
            : makePublicTransaction(),
        ),
      [create]: () => {
        paid = true;
        return apiError(409, 'TRANSACTION_ALREADY_HANDLED', 'Deze betaling is al betaald of geannuleerd.');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Online betalen' }));
    expect(await screen.findByText('Betaald op 3 mrt 2030')).toBeInTheDocument();
  });

  it('paid: says when, instead of the ways to pay', async () => {
    show({
      [detail]: () =>
        json(
          makePublicTransaction({
            status: 'paid',
            paidAt: '2030-03-03T10:00:00.000Z',
            paidVia: 'online',
            canPayOnline: false,
          }),
        ),
    });
    expect(await screen.findByText('Betaald op 3 mrt 2030')).toBeInTheDocument();
    expect(screen.getByText('Betaald')).toBeInTheDocument();
    expect(
      screen.getByText('Bedankt! Deze betaling is in orde: je hoeft niets meer te doen.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Online betalen' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('img', { name: 'QR-code om te betalen met je bankapp' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText('+++123/4567/89002+++')).not.toBeInTheDocument();
    expect(qr.calls).toEqual([]);
  });

  it('cancelled: nothing to pay', async () => {
    show({ [detail]: () => json(makePublicTransaction({ status: 'cancelled', canPayOnline: false })) });
    expect(await screen.findByText('Deze betaling is geannuleerd')).toBeInTheDocument();
    expect(screen.getByText('Geannuleerd')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Online betalen' })).not.toBeInTheDocument();
  });

  it('overdue: says so instead of Open, in the bank’s word', async () => {
    show({ [detail]: () => json(makePublicTransaction({ dueDate: '2020-01-15' })) });
    expect(await screen.findByText('Te laat')).toBeInTheDocument();
    expect(screen.queryByText('Open')).not.toBeInTheDocument();
    expect(screen.getByText('De vervaldatum was 15 jan 2020')).toBeInTheDocument();
    expect(screen.getByText(/De vervaldatum is voorbij/)).toBeInTheDocument();
  });

  it('without the farm’s account: asks to get the details from the farm instead of a QR code; no online payment', async () => {
    show({ [detail]: () => json(makePublicTransaction({ payee: null, canPayOnline: false })) });
    expect(await screen.findByText('Vraag de betaalgegevens aan de boerderij')).toBeInTheDocument();
    expect(screen.getByText('+++123/4567/89002+++')).toBeInTheDocument();
    expect(
      screen.queryByRole('img', { name: 'QR-code om te betalen met je bankapp' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText('Rekeningnummer (IBAN)')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Online betalen' })).not.toBeInTheDocument();
    expect(qr.calls).toEqual([]);
  });

  it('an account the QR code cannot carry (a failing IBAN check, a malformed BIC): no code, the transfer details still', async () => {
    for (const payee of [
      { name: 'De Plukhoeve vzw', iban: 'BE68539007547035', bic: 'GKCCBEBB' },
      { name: 'De Plukhoeve vzw', iban: 'BE68539007547034', bic: 'KRED' },
    ]) {
      const view = show({ [detail]: () => json(makePublicTransaction({ payee })) });
      expect(await screen.findByText('+++123/4567/89002+++')).toBeInTheDocument();
      expect(screen.getByText(payee.iban.replace(/(.{4})(?=.)/g, '$1 '))).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Online betalen' })).toBeEnabled();
      expect(
        screen.queryByRole('img', { name: 'QR-code om te betalen met je bankapp' }),
      ).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Betalen met je bankapp' })).not.toBeInTheDocument();
      expect(screen.queryByText('Vraag de betaalgegevens aan de boerderij')).not.toBeInTheDocument();
      view.unmount();
    }
    expect(qr.calls).toEqual([]);
  });

  it('an unknown link: a friendly Dutch screen; a malformed one is not even asked for', async () => {
    const first = show({
      [detail]: () => apiError(404, 'NOT_FOUND', 'Niet gevonden.'),
    });
    expect(await screen.findByText('Deze betaallink bestaat niet (meer)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Betaling' })).toBeInTheDocument();
    first.unmount();

    const { fetch } = renderApp({ path: '/account/membership/kapot' });
    expect(await screen.findByText('Deze betaallink bestaat niet (meer)')).toBeInTheDocument();
    expect(fetch.calls.some((c) => c.path.startsWith('/api/Bank/'))).toBe(false);
  });

  it('a server failure: the error with a retry', async () => {
    show({ [detail]: () => apiError(500, 'INTERNAL_ERROR', 'Er ging iets mis. Probeer het later opnieuw.') });
    const alert = await screen.findByText('Er ging iets mis. Probeer het later opnieuw.');
    expect(
      within(alert.closest('.mantine-Alert-root')!).getByRole('button', { name: 'Opnieuw proberen' }),
    ).toBeInTheDocument();
  });
});
