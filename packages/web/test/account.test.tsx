import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../src/lib/store';
import { apiError, json, makeAccount, renderApp, type StubRequest } from './utils';

const account = makeAccount({
  memberShip: {
    id: 1,
    members: [
      { id: 2, name: 'Tom Lid', yearOfBirth: 1986, isAdult: true, isHolder: false },
      { id: 1, name: 'Lien Lid', yearOfBirth: null, isAdult: true, isHolder: true },
    ],
  },
});

describe('account', () => {
  it('shows the menu of what exists, and logs out', async () => {
    const { router, fetch } = renderApp({
      path: '/account',
      account,
      handlers: { 'POST /api/auth/login': () => json({ token: 'token-2', refreshToken: 'refresh-2' }) },
    });
    for (const name of ['Profiel bewerken', 'Wachtwoord wijzigen', 'Mijn contactgegevens', 'Privacy']) {
      expect(await screen.findByRole('link', { name })).toBeInTheDocument();
    }
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Afmelden' }));
    await waitFor(() => expect(useAppStore.getState().auth.loggedIn).toBe(false));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');

    // Signing in again on that page goes home as usual.
    await user.type(await screen.findByLabelText('Gebruikersnaam of e-mailadres'), 'lid');
    await user.type(screen.getByLabelText('Wachtwoord'), 'pluk-demo');
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));
    expect(await screen.findByRole('heading', { name: 'Dag Lien' })).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.path === '/api/auth/logout')?.body).toEqual({
      refreshToken: 'refresh-1',
    });
  });

  it('refuses an avatar of the wrong type before sending it', async () => {
    const { fetch } = renderApp({ path: '/account', account });
    await screen.findByRole('button', { name: 'Profielfoto toevoegen' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(['x'], 'cv.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('Kies een foto in JPEG-, PNG-, WebP- of GIF-formaat.'),
    ).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.path === '/api/User/ChangeAvatar')).toBe(false);
  });

  it('uploads an avatar as multipart field "file"', async () => {
    let sent: unknown;
    renderApp({
      path: '/account',
      account,
      handlers: {
        'POST /api/User/ChangeAvatar': ({ body }: StubRequest) => {
          sent = body;
          return json({ ...account, hasAvatar: true, avatarVersion: 'v1' });
        },
        'GET /api/User/Avatar': () => new Response(new Blob(['img'], { type: 'image/png' })),
      },
    });
    await screen.findByRole('button', { name: 'Profielfoto toevoegen' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const photo = new File(['png'], 'me.png', { type: 'image/png' });
    await userEvent.setup().upload(input, photo);
    expect(await screen.findByText('Je profielfoto is bijgewerkt.')).toBeInTheDocument();
    expect((sent as FormData).get('file')).toBeInstanceOf(File);
    expect(await screen.findByRole('button', { name: 'Profielfoto wijzigen' })).toBeInTheDocument();
  });

  it('edits the profile: sends the whole update body and goes back', async () => {
    let sent: unknown;
    const { router } = renderApp({
      path: '/account/edit',
      account,
      handlers: {
        'POST /api/User/update': ({ body }: StubRequest) => {
          sent = body;
          return json({ ...account, firstName: 'Lena' });
        },
      },
    });
    const user = userEvent.setup();
    const firstName = await screen.findByLabelText(/^Voornaam/);
    expect(screen.getByDisplayValue('Tom Lid')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Lien Lid')).not.toBeInTheDocument(); // the holder is the account itself
    await user.clear(firstName);
    await user.type(firstName, 'Lena');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Je gegevens zijn opgeslagen.')).toBeInTheDocument();
    expect(sent).toEqual({
      firstName: 'Lena',
      lastName: 'Lid',
      email: 'lid@example.be',
      phone: '0470 12 34 56',
      address: { street: 'Kerkstraat', number: '5', postalCode: '9000', city: 'Gent' },
      householdMembers: [{ name: 'Tom Lid', yearOfBirth: 1986, isAdult: true }],
      privacy: { showContactData: false, receiveEmails: true },
      customQuestionAnswer: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
  });

  it('changes the password and shows a wrong current password on its field', async () => {
    renderApp({
      path: '/account/editpassword',
      account,
      handlers: {
        'POST /api/user/ChangePassword': () =>
          apiError(400, 'WRONG_PASSWORD', 'Je huidige wachtwoord is onjuist.'),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Huidig wachtwoord'), 'fout');
    await user.type(screen.getByLabelText(/^Nieuw wachtwoord/), 'nieuw-wachtwoord');
    await user.type(screen.getByLabelText('Herhaal je nieuwe wachtwoord'), 'anders-wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await screen.findByText('De wachtwoorden zijn niet gelijk.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Herhaal je nieuwe wachtwoord'));
    await user.type(screen.getByLabelText('Herhaal je nieuwe wachtwoord'), 'nieuw-wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    const wrapper = screen
      .getByLabelText('Huidig wachtwoord')
      .closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(await within(wrapper).findByText('Je huidige wachtwoord is onjuist.')).toBeInTheDocument();
  });

  it('shows my contact data from User/ContactData/{myId}', async () => {
    const { fetch } = renderApp({
      path: '/account/data',
      account,
      handlers: { 'GET /api/User/ContactData/3': () => json(account.contactData) },
    });
    expect(await screen.findByText('Kerkstraat 5, 9000 Gent')).toBeInTheDocument();
    expect(screen.getByText('0470 12 34 56')).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.path === '/api/User/ContactData/3')).toBe(true);
  });

  it('saves the privacy choices alone through user/PostPermissions', async () => {
    let sent: unknown = null;
    renderApp({
      path: '/account/privacy',
      account,
      handlers: {
        'POST /api/user/PostPermissions': ({ body }: StubRequest) => {
          sent = body;
          return json({ ...account, privacy: { showContactData: true, receiveEmails: true } });
        },
      },
    });
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Opslaan' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: /Toon mijn contactgegevens/ }));
    await user.click(save);
    expect(await screen.findByText('Je privacykeuzes zijn opgeslagen.')).toBeInTheDocument();
    expect(sent).toEqual({ showContactData: true, receiveEmails: true });
  });
});

describe('password reset and request reset', () => {
  it('always shows the same confirmation after asking for a link', async () => {
    const { fetch } = renderApp({
      path: '/request-reset',
      handlers: { 'GET /api/auth/requestReset/lien%40example.be': () => json({ ok: true }) },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Gebruikersnaam of e-mailadres'), 'lien@example.be');
    await user.click(screen.getByRole('button', { name: 'Stuur me een link' }));
    expect(await screen.findByText(/Als er een account bestaat met deze gegevens/)).toBeInTheDocument();
    expect(fetch.calls.at(-1)?.headers.has('Authorization')).toBe(false);
  });

  it('sets a new password with the link, or says the link is invalid with a way to a new one', async () => {
    let sent: unknown;
    renderApp({
      path: '/auth/passwordReset/tok123/7',
      handlers: {
        'POST /api/auth/resetPassword': ({ body }: StubRequest) => {
          sent = body;
          return apiError(
            400,
            'RESET_TOKEN_INVALID',
            'Deze link is ongeldig of verlopen. Vraag een nieuwe aan.',
          );
        },
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Nieuw wachtwoord/), 'nieuw-wachtwoord');
    await user.type(screen.getByLabelText('Herhaal je nieuwe wachtwoord'), 'nieuw-wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(await screen.findByText('Deze link is ongeldig of verlopen.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vraag een nieuwe link aan' })).toHaveAttribute(
      'href',
      '/request-reset',
    );
    expect(sent).toEqual({ token: 'tok123', userId: 7, password: 'nieuw-wachtwoord' });
  });
});
