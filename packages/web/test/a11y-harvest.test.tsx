import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from './axe';
import { harvestHandlers, importPreviewWithError, mailPreview, mailRound } from './harvest-fixtures';
import { appInfo, json, makeAccount, renderApp, type StubHandler } from './utils';

/** Axe check of the harvest manager screens (decision 074): crops, fields, pluk and the pluk mail. */
withoutCanvas();

const manager = makeAccount({
  id: 2,
  roles: ['CropManager', 'FieldManager', 'PlukManager'],
  firstName: 'Hanne',
  lastName: 'Oogst',
});

const handlers: Record<string, StubHandler> = {
  ...harvestHandlers,
  'GET /api/applicationManager/PlukOfTheWeekEmails': () => json([mailRound]),
  'POST /api/applicationManager/Crop/Import/Preview': () => json(importPreviewWithError),
  'POST /api/applicationManager/PlukOfTheWeekEmails/Preview': () => json(mailPreview),
};

const screens = [
  {
    name: 'manager home with the harvest tiles',
    path: '/applicationManager',
    ready: () => screen.findByRole('link', { name: /^Communicatie/ }),
  },
  { name: 'crops', path: '/applicationManager/crops', ready: () => screen.findByText('Rode biet') },
  {
    name: 'new crop',
    path: '/applicationManager/crops/new',
    ready: () => screen.findByRole('button', { name: 'Gewas toevoegen' }),
  },
  {
    name: 'edit crop',
    path: '/applicationManager/crops/7/edit',
    ready: () => screen.findByRole('button', { name: 'Opslaan' }),
  },
  {
    name: 'crop detail',
    path: '/applicationManager/crops/7',
    ready: () => screen.findByRole('button', { name: "Foto's toevoegen" }),
  },
  { name: 'fields', path: '/applicationManager/fields', ready: () => screen.findByText('Noordveld') },
  {
    name: 'new field',
    path: '/applicationManager/fields/new',
    ready: () => screen.findByRole('button', { name: 'Veld toevoegen' }),
  },
  {
    name: 'field detail',
    path: '/applicationManager/fields/3',
    ready: () => screen.findByRole('button', { name: 'Verwijderen' }),
  },
  {
    name: 'pluk',
    path: '/applicationManager/pluk',
    ready: () => screen.findByRole('switch', { name: 'Sla plukbaar voor Klein aandeel' }),
  },
  {
    name: 'pluk overview (phone)',
    path: '/applicationManager/pluk/overview',
    ready: () => screen.findByRole('region', { name: 'Sla' }),
  },
  {
    name: 'pluk of a crop',
    path: '/applicationManager/pluk/7',
    ready: () => screen.findByRole('button', { name: /^Plukbaar maken/ }),
  },
  {
    name: 'pluk edit',
    path: '/applicationManager/pluk/7/edit',
    ready: () => screen.findByRole('button', { name: 'Opslaan' }),
  },
  {
    name: 'communication',
    path: '/applicationManager/communication',
    ready: () => screen.findByRole('link', { name: /^Pluk-mail/ }),
  },
  {
    name: 'send pluk mail',
    path: '/applicationManager/communication/sendpluk',
    ready: () => screen.findByText(/Bezig met mailen/),
  },
];

describe('accessibility (axe) of the harvest manager screens', () => {
  it.each(screens)('$name has no violations', async ({ path, ready }) => {
    renderApp({ path, account: manager, handlers });
    await ready();
    expect(await axeViolations()).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('the cooperative crops screen has no violations', async () => {
    renderApp({
      path: '/applicationManager/crops',
      account: manager,
      handlers,
      info: { ...appInfo, localeVariant: 'nl-be-cooperative' },
    });
    await screen.findByRole('heading', { level: 1, name: 'Alle artikels' });
    await screen.findByText('Rode biet');
    expect(await axeViolations()).toEqual([]);
  });

  it('the import preview with a row error has no violations', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/applicationManager/crops', account: manager, handlers });
    await user.click(await screen.findByRole('button', { name: 'Inlezen uit rekenblad' }));
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['Naam\n'], 'gewassen.csv', { type: 'text/csv' }),
    );
    await screen.findByText('Naam: Vul een naam in.');
    expect(await axeViolations()).toEqual([]);
  });

  it('the pluk mail preview and a round with its recipients have no violations', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/applicationManager/communication/sendpluk', account: manager, handlers });
    await user.click(await screen.findByRole('button', { name: 'Voorbeeld bekijken' }));
    await screen.findByText('Naar 3 leden.');
    await user.click(screen.getByRole('button', { name: 'Ontvangers tonen' }));
    await screen.findByText('Tom Taker');
    expect(await axeViolations()).toEqual([]);
  });

  it('the delete dialog of a crop has no violations', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/applicationManager/crops/7', account: manager, handlers });
    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    await screen.findByRole('dialog', { name: 'Gewas verwijderen' });
    expect(await axeViolations()).toEqual([]);
  });
});
