import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations, withoutCanvas } from './axe';
import { apiError, json, makeAccount, makeManagedUser, renderApp, type StubHandler } from './utils';

withoutCanvas();

const member = makeAccount({
  memberShip: {
    id: 1,
    members: [
      { id: 1, name: 'Lien Lid', yearOfBirth: null, isAdult: true, isHolder: true },
      { id: 2, name: 'Tom Lid', yearOfBirth: 1986, isAdult: true, isHolder: false },
    ],
  },
});
const admin = makeAccount({ id: 1, roles: ['Admin'], firstName: 'Ada', lastName: 'Admin' });
const waiting = makeAccount({ isApproved: false, isActive: false });

const infoHandlers: Record<string, StubHandler> = {
  'GET /api/info/membershipExplanation': () => json({ text: 'Je betaalt per volwassene.' }),
  'GET /api/info/customRegistrationQuestion': () => json({ question: 'Hoe heb je ons leren kennen?' }),
  'GET /api/User/ContactData/3': () => json(member.contactData),
  'POST /api/applicationManager/user/paged': () =>
    json({ items: [makeManagedUser()], total: 1, page: 1, rowsPerPage: 50 }),
  // The manager home's to-do list with counts (decision 092).
  'GET /api/applicationManager/Management': () =>
    json({
      todo: [
        { key: 'waitingMembers', count: 1, roundId: null },
        { key: 'emailsFailed', count: 2, roundId: null },
        { key: 'overduePayments', count: 0, roundId: null },
      ],
    }),
};

const screens: { name: string; path: string; account?: typeof member; ready: () => Promise<unknown> }[] = [
  { name: 'login', path: '/login', ready: () => screen.findByRole('button', { name: 'Aanmelden' }) },
  { name: 'register', path: '/Register', ready: () => screen.findByRole('button', { name: 'Registreren' }) },
  {
    name: 'request reset',
    path: '/request-reset',
    ready: () => screen.findByRole('button', { name: 'Stuur me een link' }),
  },
  {
    name: 'password reset',
    path: '/auth/passwordReset/abc/5',
    ready: () => screen.findByRole('button', { name: 'Wachtwoord opslaan' }),
  },
  {
    name: 'confirm e-mail (ADR 087)',
    path: '/confirm-email?token=abc',
    ready: () => screen.findByRole('button', { name: 'Mijn nieuwe e-mailadres bevestigen' }),
  },
  {
    name: 'confirm e-mail without a token',
    path: '/confirm-email',
    ready: () => screen.findByRole('alert'),
  },
  {
    name: 'account with an address waiting for confirmation',
    path: '/account',
    account: { ...member, pendingEmail: 'nieuw@example.be' },
    ready: () => screen.findByRole('button', { name: 'Wijziging annuleren' }),
  },
  {
    name: 'restricted user',
    path: '/RestrictedUserPage',
    account: waiting,
    ready: () => screen.findByRole('button', { name: 'Opnieuw controleren' }),
  },
  {
    name: 'not found (logged out)',
    path: '/bestaat-niet',
    ready: () => screen.findByRole('link', { name: 'Naar aanmelden' }),
  },
  {
    name: 'not found (member, footer tabs)',
    path: '/bestaat-niet',
    account: member,
    ready: () => screen.findByRole('link', { name: 'Naar de startpagina' }),
  },
  {
    name: 'home',
    path: '/',
    account: member,
    ready: () => screen.findByRole('heading', { name: 'Dag Lien' }),
  },
  {
    name: 'account',
    path: '/account',
    account: member,
    ready: () => screen.findByRole('button', { name: 'Afmelden' }),
  },
  {
    name: 'account edit',
    path: '/account/edit',
    account: member,
    ready: () => screen.findByRole('button', { name: 'Opslaan' }),
  },
  {
    name: 'account edit password',
    path: '/account/editpassword',
    account: member,
    ready: () => screen.findByRole('button', { name: 'Wachtwoord wijzigen' }),
  },
  {
    name: 'account data',
    path: '/account/data',
    account: member,
    ready: () => screen.findByText('Kerkstraat 5, 9000 Gent'),
  },
  {
    name: 'account privacy',
    path: '/account/privacy',
    account: member,
    ready: () => screen.findByRole('button', { name: 'Opslaan' }),
  },
  {
    name: 'manager home',
    path: '/applicationManager',
    account: admin,
    ready: () => screen.findByRole('link', { name: /Leden wachten op goedkeuring/ }),
  },
  {
    name: 'waiting list',
    path: '/applicationManager/users/waiting-list',
    account: admin,
    ready: () => screen.findByRole('button', { name: 'Wout Wachter goedkeuren' }),
  },
  {
    name: 'waiting list: the refuse dialog',
    path: '/applicationManager/users/waiting-list',
    account: admin,
    ready: async () => {
      (await screen.findByRole('button', { name: 'Wout Wachter weigeren' })).click();
      return screen.findByRole('dialog', { name: 'Registratie van Wout Wachter weigeren' });
    },
  },
  {
    name: 'experimental (impersonation)',
    path: '/applicationManager/experimental',
    account: admin,
    ready: () => screen.findByRole('button', { name: 'Werk als Wout Wachter' }),
  },
  {
    name: 'no access',
    path: '/applicationManager/users/waiting-list',
    account: member,
    ready: () => screen.findByRole('heading', { name: 'Geen toegang' }),
  },
];

describe('accessibility (axe) of every screen', () => {
  it.each(screens)('$name has no violations', async ({ path, account, ready }) => {
    renderApp({ path, account, handlers: infoHandlers });
    await ready();
    expect(await axeViolations()).toEqual([]);
    // Every screen has one page title and a main landmark.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('has no violations with errors shown on a form', async () => {
    renderApp({ path: '/Register', handlers: infoHandlers });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Registreren' }));
    await screen.findAllByText(/.+/, { selector: '.mantine-InputWrapper-error' });
    expect(await axeViolations()).toEqual([]);
  });

  it('has no violations with household members added on a phone layout', async () => {
    renderApp({ path: '/Register', handlers: infoHandlers });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Gezinslid toevoegen' }));
    const year = screen.getByLabelText('Geboortejaar');
    expect(year).toHaveAttribute('inputmode', 'numeric');
    expect(within(screen.getByRole('radiogroup', { name: 'Leeftijd' })).getAllByRole('radio')).toHaveLength(
      2,
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('fails on a screen with an unlabelled field and a nameless icon button (the check works)', async () => {
    const { container } = render(
      <main>
        <h1>Proef</h1>
        <input type="text" />
        <button type="button">
          <svg aria-hidden="true" />
        </button>
      </main>,
    );
    const violations = await axeViolations(container);
    expect(violations.map((violation) => violation.split(':')[0])).toEqual(
      expect.arrayContaining(['label', 'button-name']),
    );
  });

  it('the update screen (no server answer at start-up) has no violations', async () => {
    renderApp({
      path: '/login',
      handlers: {
        'GET /api/info': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    await screen.findByText('De app ondergaat een update. Probeer binnen enkele minuten eens opnieuw');
    expect(await axeViolations()).toEqual([]);
  });

  it('the account error screen (account cannot load) has no violations', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp({
      path: '/',
      account: member,
      handlers: { 'GET /api/User': () => apiError(500, 'INTERNAL_ERROR', 'Er ging iets mis.') },
    });
    await screen.findByRole('button', { name: 'Opnieuw proberen' });
    expect(await axeViolations()).toEqual([]);
  });
});

describe('document and motion', () => {
  const read = (file: string) => readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8');

  it('declares the page language as nl-BE and lets the page fit the phone (safe areas included)', () => {
    const html = read('../index.html');
    expect(html).toMatch(/<html lang="nl-BE">/);
    expect(html).toMatch(/viewport-fit=cover/);
    expect(html).not.toMatch(/user-scalable=no|maximum-scale=1/);
  });

  it('stills the plant animation for prefers-reduced-motion, and keeps the tabs clear of the home bar', () => {
    expect(read('../src/app/boot/plant-loader.css')).toMatch(
      /@media \(prefers-reduced-motion: reduce\)[\s\S]*animation: none/,
    );
    expect(read('../src/app/layouts/layouts.module.css')).toMatch(
      /padding-bottom: env\(safe-area-inset-bottom/,
    );
  });

  it('announces the loading text and hides the animation from screen readers', async () => {
    let answer!: () => void;
    const pending = new Promise<void>((resolve) => (answer = resolve));
    renderApp({
      path: '/login',
      handlers: {
        'GET /api/info': async () => {
          await pending;
          return json({ appId: 'plukhoeve', appName: 'De Plukhoeve', localeVariant: 'nl-be', logoUrl: null });
        },
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent('De app wordt geladen…');
    expect(document.querySelector('main svg')).toHaveAttribute('aria-hidden', 'true');
    expect(await axeViolations()).toEqual([]);
    answer();
    await screen.findByRole('button', { name: 'Aanmelden' });
  });
});
