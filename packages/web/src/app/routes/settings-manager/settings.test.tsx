import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppColors, ManagedSetting, SettingsOverview } from '@pluk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { applicationManager } from '../../../../test/bank-admin-fixtures';
import { apiError, json, makeAccount, renderApp, resetNotifications } from '../../../../test/utils';
import { contrastWarnings } from '../../../features/settings/components/colors-form';

const admin = makeAccount({ id: 3, roles: ['Admin'], firstName: 'Ada', lastName: 'Admin' });
const colors: AppColors = { primary: '#2f7d32', secondary: '#8bc34a', background: '#f3f8ee' };

afterEach(() => resetNotifications());

describe('settings home', () => {
  const settings: ManagedSetting[] = [
    { key: 'contactEmail', value: 'info@plukhoeve.be', isPublic: true, overrideCount: 2 },
  ];

  it('links the ApplicationManager to its screens, not the Admin’s, and lists its keys', async () => {
    renderApp({
      path: '/applicationManager/settings',
      account: applicationManager,
      handlers: { 'GET /api/applicationManager/Setting': () => json(settings) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Instellingen' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Instellingen' });
    for (const name of [/^Overzicht/, /^Kleuren/, /^Logo/, /^Lidmaatschap/, /^E-mails/]) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: /^Kleuren/ })).toHaveAttribute(
      'href',
      '/applicationManager/settings/Colors',
    );
    for (const name of [/^Mailserver/, /^Vertalingen/, /^Geavanceerde/, /^Acties/, /^Nieuwe app/]) {
      expect(within(nav).queryByRole('link', { name })).not.toBeInTheDocument();
    }
    expect(await screen.findByText('contactEmail')).toBeInTheDocument();
    expect(screen.getByText('2 eigen waarden')).toBeInTheDocument();
  });

  it('shows each known setting by its Dutch label with a fitting input, and checks an IBAN', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: '/applicationManager/settings',
      account: applicationManager,
      handlers: {
        'GET /api/applicationManager/Setting': () =>
          json([
            { key: 'bank.iban', value: 'BE68539007547034', isPublic: false, overrideCount: 0 },
            { key: 'bank.dueDays', value: '30', isPublic: false, overrideCount: 0 },
            { key: 'weather.latitude', value: '51.05', isPublic: false, overrideCount: 0 },
            { key: 'weather.longitude', value: '3.72', isPublic: false, overrideCount: 0 },
            {
              key: 'wallet.membersMayToggleTransactionable',
              value: 'false',
              isPublic: false,
              overrideCount: 0,
            },
          ]),
        'POST /api/applicationManager/Setting/Update': (request) =>
          json({ ...(request.body as object), overrideCount: 0 }),
        'GET /api/applicationManager/Setting/bank.iban': () =>
          json({
            key: 'bank.iban',
            value: 'BE68539007547034',
            isPublic: false,
            overrideCount: 0,
            overrides: [],
          }),
        'GET /api/applicationManager/Setting/weather.latitude': () =>
          json({ key: 'weather.latitude', value: '51.05', isPublic: false, overrideCount: 0, overrides: [] }),
      },
    });
    expect(await screen.findByRole('region', { name: 'Bank en betalingen' })).toBeInTheDocument();
    expect(screen.getByText('Rekeningnummer (IBAN)')).toBeInTheDocument();
    expect(screen.getByText('Betalen binnen (dagen)')).toBeInTheDocument();
    expect(screen.getByText('51,05')).toBeInTheDocument();
    for (const raw of ['bank.iban', 'bank.dueDays', 'weather.latitude'])
      expect(screen.queryByText(raw)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Rekeningnummer (IBAN) wijzigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rekeningnummer (IBAN) wijzigen' });
    expect(within(dialog).queryByRole('textbox', { name: /Sleutel/ })).toBeNull();
    const iban = within(dialog).getByRole('textbox', { name: /Rekeningnummer \(IBAN\)/ });
    await user.clear(iban);
    await user.type(iban, 'BE68 5390 0754 7035');
    await user.click(within(dialog).getByRole('button', { name: 'Instelling opslaan' }));
    expect(await within(dialog).findByText(/Dit IBAN klopt niet/)).toBeInTheDocument();
    expect(fetch.calls.some((c) => c.path.endsWith('/Setting/Update'))).toBe(false);
    await user.clear(iban);
    await user.type(iban, 'BE68 5390 0754 7034');
    await user.click(within(dialog).getByRole('button', { name: 'Instelling opslaan' }));
    await waitFor(() =>
      expect(fetch.calls.find((c) => c.path.endsWith('/Setting/Update'))?.body).toMatchObject({
        key: 'bank.iban',
        value: 'BE68 5390 0754 7034',
      }),
    );
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Breedtegraad van de boerderij wijzigen' }));
    const weather = await screen.findByRole('dialog', { name: 'Breedtegraad van de boerderij wijzigen' });
    expect(within(weather).getByRole('textbox', { name: /Breedtegraad/ })).toHaveValue('51,05');
    expect(within(weather).getByRole('link', { name: /Toon dit punt op een kaart/ })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=51.05&mlon=3.72#map=14/51.05/3.72',
    );
  });

  it('shows an Admin every link', async () => {
    renderApp({
      path: '/applicationManager/settings',
      account: admin,
      handlers: { 'GET /api/applicationManager/Setting': () => json([]) },
    });
    const nav = await screen.findByRole('navigation', { name: 'Instellingen' });
    expect(within(nav).getByRole('link', { name: /^Mailserver/ })).toHaveAttribute(
      'href',
      '/applicationManager/settings/smtp',
    );
    expect(within(nav).getByRole('link', { name: /^Vertalingen/ })).toHaveAttribute(
      'href',
      '/applicationManager/translations',
    );
    expect(within(nav).getByRole('link', { name: /^Acties/ })).toHaveAttribute(
      'href',
      '/applicationManager/settings/Actions',
    );
    expect(within(nav).getByRole('link', { name: /^Nieuwe app/ })).toHaveAttribute(
      'href',
      '/applicationManager/settings/CreateNewApp',
    );
    expect(await screen.findByText('Nog geen instellingen')).toBeInTheDocument();
  });

  it('adds a key, shows the server’s refusal of a secret under the key, and deletes after asking', async () => {
    const user = userEvent.setup();
    let list = [...settings];
    const { fetch } = renderApp({
      path: '/applicationManager/settings',
      account: applicationManager,
      handlers: {
        'GET /api/applicationManager/Setting': () => json(list),
        'POST /api/applicationManager/Setting/Add': (request) => {
          const body = request.body as ManagedSetting;
          if (body.key === 'smtp.password')
            return apiError(400, 'VALIDATION_ERROR', 'Geheim.', { key: 'Deze sleutel bewaart een geheim.' });
          const added = { ...body, overrideCount: 0 };
          list = [...list, added];
          return json(added);
        },
        'DELETE /api/applicationManager/Setting/welkom': () => {
          list = list.filter((s) => s.key !== 'welkom');
          return new Response(null, { status: 204 });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Nieuwe instelling' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe instelling' });
    await user.click(within(dialog).getByRole('button', { name: 'Instelling opslaan' }));
    expect(await within(dialog).findByText('Vul de sleutel in.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Sleutel/ }), 'smtp.password');
    await user.click(within(dialog).getByRole('button', { name: 'Instelling opslaan' }));
    expect(await within(dialog).findByText('Deze sleutel bewaart een geheim.')).toBeInTheDocument();

    const key = within(dialog).getByRole('textbox', { name: /^Sleutel/ });
    await user.clear(key);
    await user.type(key, 'welkom');
    await user.type(within(dialog).getByRole('textbox', { name: /^Waarde/ }), 'Dag allemaal');
    await user.click(within(dialog).getByRole('switch', { name: /^Openbaar/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Instelling opslaan' }));
    expect(await screen.findByText('De instelling is opgeslagen.')).toBeInTheDocument();
    expect(fetch.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      key: 'welkom',
      value: 'Dag allemaal',
      isPublic: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nieuwe instelling' })).toBeNull());

    await user.click(await screen.findByRole('button', { name: 'welkom verwijderen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Instelling verwijderen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(screen.queryByText('welkom')).toBeNull());
  });
});

describe('colours', () => {
  it('previews typed colours, warns about low contrast and saves; the theme follows at once', async () => {
    const user = userEvent.setup();
    const { fetch, queryClient } = renderApp({
      path: '/applicationManager/settings/Colors',
      account: applicationManager,
      handlers: {
        'GET /api/admin/colors': () => json(colors),
        'PUT /api/admin/colors': (request) => json(request.body),
      },
    });
    const primary = await screen.findByRole('textbox', { name: /^Hoofdkleur/ });
    expect(primary).toHaveValue('#2f7d32');
    expect(screen.getByRole('textbox', { name: /^Tweede kleur/ })).toBeInTheDocument();
    await user.clear(primary);
    await user.type(primary, '#eeeeee');
    expect(await screen.findByText('Let op het contrast')).toBeInTheDocument();
    await user.clear(primary);
    await user.type(primary, '#1b5e20');
    const background = screen.getByRole('textbox', { name: /^Achtergrondkleur/ });
    await user.clear(background);
    await user.type(background, '#ffffff');
    await user.click(screen.getByRole('button', { name: 'Kleuren opslaan' }));
    expect(await screen.findByText('De kleuren zijn opgeslagen.')).toBeInTheDocument();
    const saved = { primary: '#1b5e20', secondary: '#8bc34a', background: '#ffffff' };
    expect(fetch.calls.find((c) => c.method === 'PUT')?.body).toEqual(saved);
    expect(queryClient.getQueryData(['info', 'colors'])).toEqual(saved);
  });

  it('refuses what is no hex colour before sending', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: '/applicationManager/settings/Colors',
      account: applicationManager,
      handlers: { 'GET /api/admin/colors': () => json(colors) },
    });
    const secondary = await screen.findByRole('textbox', { name: /^Tweede kleur/ });
    await user.clear(secondary);
    await user.type(secondary, 'groen');
    await user.click(screen.getByRole('button', { name: 'Kleuren opslaan' }));
    expect(await screen.findByText('Een kleur is een hexcode zoals #2f7d32.')).toBeInTheDocument();
    expect(fetch.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('computes the contrast warnings', () => {
    expect(contrastWarnings(colors)).toEqual([
      { field: 'secondary', on: 'background', ratio: expect.any(Number) },
      { field: 'secondary', on: 'white', ratio: expect.any(Number) },
    ]);
    expect(contrastWarnings({ primary: '#000000', secondary: '#000000', background: '#ffffff' })).toEqual([]);
    expect(contrastWarnings({ primary: '#zzz', secondary: '#000000', background: '#ffffff' })).toEqual([]);
  });
});

describe('logo', () => {
  it('uploads the chosen image and the header’s app info points at the new logo', async () => {
    const user = userEvent.setup();
    const { fetch, queryClient } = renderApp({
      path: '/applicationManager/settings/UpdateLogo',
      account: applicationManager,
      handlers: {
        'POST /api/applicationManager/media/UploadLogo': () =>
          json({ logoUrl: '/api/info/logo?v=2', logoVersion: '2' }),
      },
    });
    expect(await screen.findByText('De app heeft nog geen logo.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logo opslaan' }));
    expect(await screen.findByText('Kies eerst een afbeelding.')).toBeInTheDocument();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('button', { name: /^Gekozen: logo.png/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logo opslaan' }));
    expect(await screen.findByText('Het logo is opgeslagen.')).toBeInTheDocument();
    const body = fetch.calls.find((c) => c.method === 'POST')?.body as FormData;
    expect((body.get('file') as File).name).toBe('logo.png');
    expect(queryClient.getQueryData(['info'])).toMatchObject({ logoUrl: '/api/info/logo?v=2' });
    expect(await screen.findByRole('img', { name: 'Logo van De Plukhoeve' })).toHaveAttribute(
      'src',
      '/api/info/logo?v=2',
    );
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/applicationManager/settings/UpdateLogo',
      account: applicationManager,
      handlers: {
        'POST /api/applicationManager/media/UploadLogo': () =>
          apiError(415, 'FILE_TYPE_NOT_ALLOWED', 'Kies een afbeelding (PNG, JPEG, WebP of GIF) als logo.'),
      },
    });
    await screen.findByRole('button', { name: 'Logo opslaan' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['x'], 'logo.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Logo opslaan' }));
    expect(
      await screen.findByText('Kies een afbeelding (PNG, JPEG, WebP of GIF) als logo.'),
    ).toBeInTheDocument();
  });
});

describe('overview', () => {
  const overview: SettingsOverview = {
    appName: 'De Plukhoeve',
    harvestYearStartMonth: 3,
    harvestYearStartDay: 1,
  };

  it('refuses 29 February and saves the name and start; the app info takes the new name', async () => {
    const user = userEvent.setup();
    const { fetch, queryClient } = renderApp({
      path: '/applicationManager/settings/Overview',
      account: applicationManager,
      handlers: {
        'GET /api/admin/Settings/overview': () => json(overview),
        'POST /api/admin/Settings/overview': (request) => json(request.body),
      },
    });
    const name = await screen.findByRole('textbox', { name: /^Naam van de app/ });
    await user.selectOptions(screen.getByRole('combobox', { name: /^van de maand/ }), '2');
    const day = screen.getByRole('textbox', { name: /^Het oogstjaar begint op dag/ });
    await user.clear(day);
    await user.type(day, '29');
    await user.click(screen.getByRole('button', { name: 'Overzicht opslaan' }));
    expect(await screen.findByText('Deze maand heeft hoogstens 28 dagen (elk jaar).')).toBeInTheDocument();
    await user.clear(day);
    await user.type(day, '15');
    await user.clear(name);
    await user.type(name, 'De Nieuwe Hoeve');
    await user.click(screen.getByRole('button', { name: 'Overzicht opslaan' }));
    expect(await screen.findByText('Het overzicht is opgeslagen.')).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.method === 'POST')?.body).toEqual({
      appName: 'De Nieuwe Hoeve',
      harvestYearStartMonth: 2,
      harvestYearStartDay: 15,
    });
    expect(queryClient.getQueryData(['info'])).toMatchObject({ appName: 'De Nieuwe Hoeve' });
  });
});

describe('membership', () => {
  it('saves the three texts', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: '/applicationManager/settings/membership',
      account: applicationManager,
      handlers: {
        'GET /api/admin/settings/membership': () =>
          json({ membershipExplanation: 'Welkom.', customRegistrationQuestion: '', pricesNote: '' }),
        'POST /api/admin/settings/membership': (request) => json(request.body),
      },
    });
    const question = await screen.findByRole('textbox', { name: /^Eigen vraag bij het registreren/ });
    await user.type(question, 'Hoe ken je ons?');
    await user.type(screen.getByRole('textbox', { name: /^Toelichting bij de prijzen/ }), 'Per oogstjaar.');
    await user.click(screen.getByRole('button', { name: 'Lidmaatschap opslaan' }));
    expect(await screen.findByText('De teksten van het lidmaatschap zijn opgeslagen.')).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.method === 'POST')?.body).toEqual({
      membershipExplanation: 'Welkom.',
      customRegistrationQuestion: 'Hoe ken je ons?',
      pricesNote: 'Per oogstjaar.',
    });
  });
});

describe('advanced', () => {
  it('is the Admin’s: an ApplicationManager has no access', async () => {
    renderApp({ path: '/applicationManager/settings/advanced', account: applicationManager });
    expect((await screen.findAllByText(/geen toegang/i)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Nieuwe instelling' })).toBeNull();
  });

  it('lists every key but the secrets for an Admin and deletes with ?key=', async () => {
    const user = userEvent.setup();
    let list: ManagedSetting[] = [
      { key: 'smtp.host', value: 'mail.test', isPublic: false, overrideCount: 0 },
    ];
    const { fetch } = renderApp({
      path: '/applicationManager/settings/advanced',
      account: admin,
      handlers: {
        'GET /api/admin/Settings': () => json(list),
        'DELETE /api/admin/Settings': () => {
          list = [];
          return new Response(null, { status: 204 });
        },
      },
    });
    // A known key by its Dutch label, in its group; never the raw key (decision 094).
    expect(await screen.findByText('Mailserver')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'E-mailserver' })).toBeInTheDocument();
    expect(screen.queryByText('smtp.host')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mailserver verwijderen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Instelling verwijderen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(screen.queryByText('Mailserver')).toBeNull());
    expect(fetch.calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/admin/Settings?key=smtp.host');
  });
});
