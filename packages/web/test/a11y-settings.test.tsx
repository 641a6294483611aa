import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from './axe';
import { applicationManager } from './bank-admin-fixtures';
import { json, makeAccount, renderApp, type StubHandler } from './utils';

/** Axe check of the settings screens (decision 081) and their dialogs. */
withoutCanvas();

const admin = makeAccount({ id: 3, roles: ['Admin'] });
const setting = { key: 'contactEmail', value: 'info@plukhoeve.be', isPublic: true, overrideCount: 1 };
const handlers: Record<string, StubHandler> = {
  'GET /api/applicationManager/Setting': () =>
    json([
      setting,
      { key: 'weather.latitude', value: '51.05', isPublic: false, overrideCount: 0 },
      { key: 'weather.longitude', value: '3.72', isPublic: false, overrideCount: 0 },
      { key: 'wallet.membersMayToggleTransactionable', value: 'true', isPublic: false, overrideCount: 0 },
    ]),
  'GET /api/applicationManager/Setting/weather.latitude': () =>
    json({ key: 'weather.latitude', value: '51.05', isPublic: false, overrideCount: 0, overrides: [] }),
  'GET /api/applicationManager/Setting/wallet.membersMayToggleTransactionable': () =>
    json({
      key: 'wallet.membersMayToggleTransactionable',
      value: 'true',
      isPublic: false,
      overrideCount: 0,
      overrides: [],
    }),
  'GET /api/applicationManager/Setting/contactEmail': () =>
    json({ ...setting, overrides: [{ userId: 5, name: 'Lien Lid', value: 'lien@example.be' }] }),
  'POST /api/applicationManager/bank/members': () => json([]),
  'GET /api/admin/Settings': () => json([{ ...setting, key: 'smtp.host', overrideCount: 0 }]),
  'GET /api/admin/Settings/overview': () =>
    json({ appName: 'De Plukhoeve', harvestYearStartMonth: 3, harvestYearStartDay: 1 }),
  'GET /api/admin/colors': () => json({ primary: '#2f7d32', secondary: '#8bc34a', background: '#f3f8ee' }),
  'GET /api/admin/settings/membership': () =>
    json({ membershipExplanation: 'Welkom.', customRegistrationQuestion: '', pricesNote: '' }),
};

const screens = [
  {
    name: 'settings home',
    path: '/applicationManager/settings',
    ready: () => screen.findByText('contactEmail'),
    dialog: { button: 'contactEmail wijzigen', name: 'contactEmail wijzigen' },
  },
  {
    name: 'settings home: coordinates with a map link',
    path: '/applicationManager/settings',
    ready: () => screen.findByText('Breedtegraad van de boerderij'),
    dialog: {
      button: 'Breedtegraad van de boerderij wijzigen',
      name: 'Breedtegraad van de boerderij wijzigen',
    },
  },
  {
    name: 'settings home: an on/off setting',
    path: '/applicationManager/settings',
    ready: () => screen.findByText('Weer op de startpagina'),
    dialog: {
      button: 'Leden mogen handel met virtueel geld zelf aan- of uitzetten wijzigen',
      name: 'Leden mogen handel met virtueel geld zelf aan- of uitzetten wijzigen',
    },
  },
  {
    name: 'overview',
    path: '/applicationManager/settings/Overview',
    ready: () => screen.findByRole('textbox', { name: /^Naam van de app/ }),
  },
  {
    name: 'colours',
    path: '/applicationManager/settings/Colors',
    ready: () => screen.findByRole('textbox', { name: /^Hoofdkleur/ }),
  },
  {
    name: 'logo',
    path: '/applicationManager/settings/UpdateLogo',
    ready: () => screen.findByRole('button', { name: 'Logo opslaan' }),
  },
  {
    name: 'membership',
    path: '/applicationManager/settings/membership',
    ready: () => screen.findByRole('textbox', { name: /^Eigen vraag/ }),
  },
  {
    name: 'advanced',
    path: '/applicationManager/settings/advanced',
    ready: () => screen.findByText('Mailserver', { exact: true }),
    dialog: { button: 'Mailserver verwijderen', name: 'Instelling verwijderen?' },
  },
];

describe('accessibility (axe) of the settings screens', () => {
  it.each(screens)('$name has no violations', async ({ path, ready, dialog }) => {
    renderApp({ path, account: path.endsWith('advanced') ? admin : applicationManager, handlers });
    await ready();
    expect(await axeViolations()).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    if (!dialog) return;
    await userEvent.setup().click(screen.getByRole('button', { name: dialog.button }));
    const opened = await screen.findByRole('dialog', { name: dialog.name });
    await within(opened).findAllByRole('button');
    expect(await axeViolations()).toEqual([]);
  });
});
