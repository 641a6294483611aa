import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, makeAccount, renderApp, type StubRequest } from '../../../../test/utils';

const invalid =
  'Deze bevestigingslink is ongeldig, al gebruikt of verlopen. Wijzig je e-mailadres opnieuw in je profiel om een nieuwe link te krijgen.';

describe('/confirm-email (ADR 087)', () => {
  it('confirms the new address with one click, without signing in, and says so', async () => {
    const sent: unknown[] = [];
    const { fetch } = renderApp({
      path: '/confirm-email?token=tok-123',
      handlers: {
        'POST /api/auth/confirmEmail': ({ body }: StubRequest) => {
          sent.push(body);
          return json({ email: 'nieuw@example.be' });
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nieuw e-mailadres bevestigen' }),
    ).toBeVisible();
    // Nothing is confirmed by opening the link alone.
    expect(sent).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mijn nieuwe e-mailadres bevestigen' }));
    expect(
      await screen.findByText(
        'Je nieuwe e-mailadres nieuw@example.be is bevestigd. Je account gebruikt nu dit adres.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('nieuw@example.be');
    expect(sent).toEqual([{ token: 'tok-123' }]);
    expect(
      fetch.calls.find((call) => call.path === '/api/auth/confirmEmail')?.headers.has('Authorization'),
    ).toBe(false);
  });

  it('says clearly when the link is expired or used', async () => {
    renderApp({
      path: '/confirm-email?token=oud',
      account: makeAccount(),
      handlers: {
        'POST /api/auth/confirmEmail': () =>
          apiError(
            400,
            'EMAIL_CHANGE_TOKEN_INVALID',
            'Deze bevestigingslink is ongeldig, al gebruikt of verlopen.',
          ),
      },
    });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Mijn nieuwe e-mailadres bevestigen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(invalid);
    expect(screen.queryByRole('button', { name: 'Mijn nieuwe e-mailadres bevestigen' })).toBeNull();
  });

  it('says when another account took the address meanwhile', async () => {
    renderApp({
      path: '/confirm-email?token=laat',
      handlers: {
        'POST /api/auth/confirmEmail': () =>
          apiError(409, 'EMAIL_TAKEN', 'Er bestaat al een account met dit e-mailadres.'),
      },
    });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Mijn nieuwe e-mailadres bevestigen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Er bestaat intussen al een ander account met dit e-mailadres. Je e-mailadres bleef ongewijzigd.',
    );
  });

  it('treats a link without a token as invalid', async () => {
    renderApp({ path: '/confirm-email' });
    expect(await screen.findByRole('alert')).toHaveTextContent(invalid);
  });
});
