import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, renderApp, type StubRequest } from '../../../../test/utils';

const common =
  'Dit wachtwoord is te gekend: het staat op een lijst van veelgebruikte of gelekte wachtwoorden. Kies een ander.';

function renderRegister() {
  const registered: unknown[] = [];
  const view = renderApp({
    path: '/Register',
    handlers: {
      'GET /api/info/membershipExplanation': () => json({ text: '' }),
      'GET /api/info/customRegistrationQuestion': () => json({ question: null }),
      'GET /api/auth/validateUsername/jan.peeters': () => json({ available: true }),
      'POST /api/auth/register': ({ body }: StubRequest) => {
        registered.push(body);
        if ((body as { password: string }).password === 'wachtwoord')
          return apiError(400, 'VALIDATION_ERROR', common, { password: common });
        return json({ status: 'waiting' }, 201);
      },
    },
  });
  return { ...view, registered };
}

async function fill(password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Gebruikersnaam/), 'jan.peeters');
  await user.type(screen.getByLabelText(/^E-mailadres/), 'jan@example.be');
  await user.type(screen.getByLabelText(/^Wachtwoord/), password);
  await user.type(screen.getByLabelText(/^Herhaal je wachtwoord/), password);
  await user.type(screen.getByLabelText(/^Voornaam/), 'Jan');
  await user.type(screen.getByLabelText(/^Achternaam/), 'Peeters');
  await user.click(screen.getByRole('button', { name: 'Registreren' }));
}

describe('/Register (decision 054)', () => {
  it('says "check your mailbox", whether or not the address already had an account', async () => {
    const { registered } = renderRegister();
    expect(await screen.findByText(/geen veelgebruikt wachtwoord/)).toBeInTheDocument();
    await fill('zomer-aardbei-42');
    expect(await screen.findByText('Kijk in je mailbox')).toBeInTheDocument();
    expect(screen.getByText(/Had je met dit adres al een account/)).toBeInTheDocument();
    expect(registered).toHaveLength(1);
  });

  it("shows the server's Dutch message for a common password on the password field", async () => {
    renderRegister();
    await fill('wachtwoord');
    expect((await screen.findAllByText(common)).length).toBeGreaterThan(0);
    expect(screen.getByLabelText(/^Wachtwoord/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Kijk in je mailbox')).not.toBeInTheDocument();
  });
});
