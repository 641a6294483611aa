import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, appInfo, json, makeAccount, renderApp, type StubRequest } from '../../../../test/utils';
import {
  harvestHandlers,
  importPreviewOk,
  importPreviewWithError,
  mailPreview,
  mailRound,
  makeCropDetail,
  cropPluk,
  makeField,
  overview,
} from '../../../../test/harvest-fixtures';

const manager = makeAccount({
  id: 2,
  roles: ['CropManager', 'FieldManager', 'PlukManager'],
  firstName: 'Hanne',
  lastName: 'Oogst',
});
const cooperative = { ...appInfo, localeVariant: 'nl-be-cooperative' as const };

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('manager home', () => {
  it('shows the harvest tiles for the roles the manager has', async () => {
    renderApp({
      path: '/applicationManager',
      account: makeAccount({ id: 2, roles: ['CropManager'] }),
      handlers: harvestHandlers,
    });
    expect(await screen.findByRole('link', { name: /^Gewassen/ })).toHaveAttribute(
      'href',
      '/applicationManager/crops',
    );
    expect(screen.queryByRole('link', { name: /^Velden/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Communicatie/ })).not.toBeInTheDocument();
  });

  it('words the tiles as articles and offers on a cooperative farm', async () => {
    renderApp({
      path: '/applicationManager',
      account: manager,
      info: cooperative,
      handlers: harvestHandlers,
    });
    expect(await screen.findByRole('link', { name: /^Artikels/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Aanbod/ })).toHaveAttribute('href', '/applicationManager/pluk');
  });
});

describe('crops', () => {
  it('lists the crops, titled "Alle gewassen", or "Alle artikels" on a cooperative farm', async () => {
    const view = renderApp({
      path: '/applicationManager/crops',
      account: manager,
      handlers: harvestHandlers,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alle gewassen' })).toBeInTheDocument();
    const card = (await screen.findByText('Rode biet')).closest('a')!;
    expect(card).toHaveAttribute('href', '/applicationManager/crops/7');
    expect(within(card).getByText(/Velden: Noordveld/)).toBeInTheDocument();
    view.unmount();

    renderApp({
      path: '/applicationManager/crops',
      account: manager,
      info: cooperative,
      handlers: harvestHandlers,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alle artikels' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Nieuw artikel' })).toBeInTheDocument();
  });

  it('imports a spreadsheet only after a preview without errors and a confirmation', async () => {
    const user = userEvent.setup();
    let previews = 0;
    const { fetch } = renderApp({
      path: '/applicationManager/crops',
      account: manager,
      handlers: {
        ...harvestHandlers,
        'POST /api/applicationManager/Crop/Import/Preview': () =>
          json(previews++ === 0 ? importPreviewWithError : importPreviewOk),
        'POST /api/applicationManager/Crop/Import/Confirm': () =>
          json({ created: 1, updated: 1, batchId: 12 }),
        'GET /api/applicationManager/Crop/Import/Progress': () =>
          json({ done: 1, total: 2, finished: false }),
        'GET /api/applicationManager/Crop/Import/Batches': () => json([]),
        'POST /api/applicationManager/Crop/Import/Batches/12/Undo': () => json({ deleted: 1, restored: 1 }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Inlezen uit rekenblad' }));
    const csv = new File(['Naam,Eenheid\nSla,krop\n,kg\n'], 'gewassen.csv', { type: 'text/csv' });
    await user.upload(fileInput(), csv);

    // The preview names the row's error in Dutch and nothing can be imported.
    expect(await screen.findByText('Naam: Vul een naam in.')).toBeInTheDocument();
    expect(screen.getByText('1 fout in het bestand')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2 rijen inlezen' })).toBeDisabled();
    expect(fetch.calls.some((call) => call.path.endsWith('/Import/Confirm'))).toBe(false);
    const sent = fetch.calls.find((call) => call.path.endsWith('/Import/Preview'))!.body as FormData;
    expect((sent.get('file') as File).name).toBe('gewassen.csv');

    // Another file, without errors: all its rows show, and confirming imports it.
    await user.click(screen.getByRole('button', { name: 'Ander bestand kiezen' }));
    await user.upload(fileInput(), csv);
    expect(await screen.findByText('2 rijen: 1 nieuw, 1 bij te werken.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Voorbeeld van 2 rijen' })).toBeInTheDocument();
    expect(screen.getByText('Rij 3: Rode biet')).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.path.endsWith('/Import/Confirm'))).toBe(false);
    await user.click(screen.getByRole('button', { name: '2 rijen inlezen' }));
    expect(await screen.findByText('1 gewassen toegevoegd en 1 bijgewerkt.')).toBeInTheDocument();
    const confirms = fetch.calls.filter((call) => call.path.endsWith('/Import/Confirm'));
    expect(confirms).toHaveLength(1);
    // The confirm carries the key its progress is asked by (decision 094).
    expect(new URL(confirms[0]!.url, 'http://x').searchParams.get('progressKey')).toMatch(
      /^[A-Za-z0-9_-]{8,}$/,
    );

    // Undo says plainly what goes and what comes back, and that the undo itself is final.
    await user.click(screen.getByRole('button', { name: 'Import ongedaan maken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deze import ongedaan maken?' });
    expect(dialog).toHaveTextContent('1 nieuw gewas wordt verwijderd.');
    expect(dialog).toHaveTextContent('1 bijgewerkt gewas krijgt zijn vorige gegevens en velden terug.');
    expect(dialog).toHaveTextContent('Dit kan je zelf niet terugdraaien');
    await user.click(within(dialog).getByRole('button', { name: 'Ongedaan maken' }));
    expect(await screen.findByText('Import ongedaan gemaakt', { selector: '*' })).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.path.endsWith('/Import/Batches/12/Undo'))).toBe(true);
  });

  it('counts the rows while the import writes, and offers the template', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const { fetch } = renderApp({
      path: '/applicationManager/crops',
      account: manager,
      handlers: {
        ...harvestHandlers,
        'GET /api/applicationManager/Crop/Import/Batches': () => json([]),
        'GET /api/applicationManager/Crop/Import/Template': () =>
          new Response(new Blob(['xlsx']), { status: 200 }),
        'POST /api/applicationManager/Crop/Import/Preview': () => json(importPreviewOk),
        'GET /api/applicationManager/Crop/Import/Progress': () =>
          json({ done: 1200, total: 3000, finished: false }),
        'POST /api/applicationManager/Crop/Import/Confirm': () =>
          new Promise<Response>((resolve) => {
            release = () => resolve(json({ created: 2, updated: 0, batchId: 3 }));
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Inlezen uit rekenblad' }));
    await user.click(screen.getByRole('button', { name: 'Sjabloon downloaden (.xlsx)' }));
    await waitFor(() =>
      expect(fetch.calls.some((call) => call.path.endsWith('/Crop/Import/Template'))).toBe(true),
    );
    await user.upload(fileInput(), new File(['Naam\nSla\n'], 'gewassen.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: '2 rijen inlezen' }));
    expect(await screen.findByText('1.200 van 3.000 rijen opgeslagen…')).toBeInTheDocument();
    release();
    expect(await screen.findByText('2 gewassen toegevoegd en 0 bijgewerkt.')).toBeInTheDocument();
  });

  it('shows why the server refuses a file', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/applicationManager/crops',
      account: manager,
      handlers: {
        ...harvestHandlers,
        'POST /api/applicationManager/Crop/Import/Preview': () =>
          apiError(400, 'IMPORT_FILE_REFUSED', 'Dit bestand kan niet ingelezen worden.'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Inlezen uit rekenblad' }));
    await user.upload(fileInput(), new File(['x'], 'gewassen.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Dit bestand kan niet ingelezen worden.')).toBeInTheDocument();
  });

  it('creates a crop with its fields and opens its page', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderApp({
      path: '/applicationManager/crops/new',
      account: manager,
      handlers: {
        ...harvestHandlers,
        'POST /api/applicationManager/Crop/Create': () => json(makeCropDetail({ id: 9, name: 'Sla' })),
        'GET /api/applicationManager/Crop/9': () => json(makeCropDetail({ id: 9, name: 'Sla' })),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Gewas toevoegen' }));
    expect(await screen.findByText('Vul een naam in.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Naam/ }), 'Sla');
    await user.type(screen.getByRole('textbox', { name: /^Eenheid/ }), 'krop');
    await user.click(screen.getByRole('textbox', { name: /^Velden/ }));
    await user.click(await screen.findByRole('option', { name: 'Noordveld' }));
    await user.click(screen.getByRole('button', { name: 'Gewas toevoegen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/applicationManager/crops/9'));
    const body = fetch.calls.find((call) => call.path.endsWith('/Crop/Create'))!.body;
    expect(body).toMatchObject({ name: 'Sla', unit: 'krop', fieldIds: [3], isActive: true });
  });

  it('disables a crop and deletes it after a confirmation', async () => {
    const user = userEvent.setup();
    let isActive = true;
    const { fetch, router } = renderApp({
      path: '/applicationManager/crops/7',
      account: manager,
      handlers: {
        ...harvestHandlers,
        'GET /api/applicationManager/Crop/7': () => json(makeCropDetail({ isActive })),
        'POST /api/applicationManager/Crop/Disable': () => {
          isActive = false;
          return json(makeCropDetail({ isActive }));
        },
        'DELETE /api/applicationManager/Crop/7': () => new Response(null, { status: 204 }),
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Rode biet' })).toBeInTheDocument();
    expect(screen.getByText('Groot aandeel (2026)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Uitschakelen' }));
    expect(await screen.findByRole('button', { name: 'Activeren' })).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.path.endsWith('/Crop/Disable'))!.body).toEqual({ id: 7 });

    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gewas verwijderen' });
    // The same three parts as every delete dialog (decision 097), with switching off as the way back.
    expect(dialog).toHaveTextContent('Voorgoed weg: het gewas, zijn pluk per abonnement');
    expect(dialog).toHaveTextContent('Blijft bewaard: wat leden al plukten en de verstuurde plukmails.');
    expect(dialog).toHaveTextContent('Liever terug te draaien? Schakel het gewas uit');
    await user.click(within(dialog).getByRole('button', { name: 'Ja, verwijderen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/applicationManager/crops'));
  });
});

describe('crop photos', () => {
  it("adds a photo and saves the crop's photos in one multipart request", async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: '/applicationManager/crops/7',
      account: manager,
      handlers: {
        ...harvestHandlers,
        'GET /api/applicationManager/Crop/7': () => json(makeCropDetail({ photoIds: [50] })),
        'GET /api/Media/50': () => new Response(new Blob(['x'], { type: 'image/png' })),
        'GET /api/Media/51': () => new Response(new Blob(['x'], { type: 'image/png' })),
        'POST /api/applicationManager/Crop/UpdateMedia': () => json(makeCropDetail({ photoIds: [51] })),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Foto 1 van Rode biet verwijderen' }));
    await user.upload(fileInput(), new File(['png'], 'biet.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: "Foto's opslaan" }));
    expect(await screen.findByText("De foto's zijn opgeslagen.")).toBeInTheDocument();
    const body = fetch.calls.find((call) => call.path.endsWith('/Crop/UpdateMedia'))!.body as FormData;
    expect(body.get('id')).toBe('7');
    expect(body.getAll('keepPhotoIds')).toEqual(['']);
    expect((body.get('photos') as File).name).toBe('biet.png');
  });
});

describe('fields', () => {
  it('shows the Dutch reason when a crop still grows on the field', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/applicationManager/fields/3',
      account: manager,
      handlers: {
        ...harvestHandlers,
        'DELETE /api/applicationManager/Field/DeleteRow': () =>
          apiError(
            409,
            'FIELD_IN_USE',
            'Op dit veld staan nog gewassen. Haal het eerst bij die gewassen weg.',
          ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Veld verwijderen' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, verwijderen' }));
    expect(
      await within(dialog).findByText('Op dit veld staan nog gewassen. Haal het eerst bij die gewassen weg.'),
    ).toBeInTheDocument();
  });

  it('adds a field', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderApp({
      path: '/applicationManager/fields/new',
      account: manager,
      handlers: {
        ...harvestHandlers,
        'POST /api/applicationManager/Field/Create': () => json(makeField({ id: 5, name: 'Zuidveld' })),
        'GET /api/applicationManager/Field/5': () => json(makeField({ id: 5, name: 'Zuidveld' })),
      },
    });
    await user.type(await screen.findByRole('textbox', { name: /^Naam/ }), 'Zuidveld');
    await user.click(screen.getByRole('button', { name: 'Veld toevoegen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/applicationManager/fields/5'));
    expect(fetch.calls.find((call) => call.path.endsWith('/Field/Create'))!.body).toMatchObject({
      name: 'Zuidveld',
      position: 0,
    });
  });
});

describe('pluk', () => {
  it('toggles whether a crop may be picked for a subscription', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: '/applicationManager/pluk',
      account: manager,
      handlers: {
        ...harvestHandlers,
        'POST /api/applicationManager/pluk/toggle': () => json(makeCropDetail().availability[0]),
      },
    });
    const sla = await screen.findByRole('switch', { name: 'Sla plukbaar voor Klein aandeel' });
    expect(sla).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Rode biet plukbaar voor Groot aandeel' })).toBeChecked();
    await user.click(sla);
    await waitFor(() =>
      expect(fetch.calls.find((call) => call.path.endsWith('/pluk/toggle'))?.body).toEqual({
        cropId: 8,
        subscriptionId: 2,
      }),
    );
  });

  it('sets the week in the grid (a card per crop on a phone) and sends only the changed cells', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: '/applicationManager/pluk/overview',
      account: manager,
      handlers: {
        ...harvestHandlers,
        'POST /api/Crop/UpdateAvailability': ({ body }: StubRequest) =>
          json({ ...makeCropDetail().availability[0], ...(body as object) }),
      },
    });
    const card = await screen.findByRole('region', { name: 'Sla' });
    await user.click(within(card).getByRole('checkbox', { name: 'Sla plukbaar voor Groot aandeel' }));
    await user.type(
      within(card).getByRole('textbox', { name: 'Hoeveelheid per aandeel van Sla voor Groot aandeel' }),
      '2 kroppen per week',
    );
    expect(screen.getByText('1 wijziging')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('1 wijziging opgeslagen.')).toBeInTheDocument();
    const calls = fetch.calls.filter((call) => call.path.endsWith('/Crop/UpdateAvailability'));
    expect(calls.map((call) => call.body)).toEqual([
      { cropId: 8, subscriptionId: 1, isPickable: true, amountPerShare: '2 kroppen per week' },
    ]);
  });

  it('keeps the grid and its changes when a refetch brings a new crop or subscription', async () => {
    const user = userEvent.setup();
    let answer = overview;
    const { queryClient } = renderApp({
      path: '/applicationManager/pluk/overview',
      account: manager,
      handlers: { ...harvestHandlers, 'GET /api/applicationManager/pluk/overview': () => json(answer) },
    });
    const card = await screen.findByRole('region', { name: 'Sla' });
    await user.click(within(card).getByRole('checkbox', { name: 'Sla plukbaar voor Groot aandeel' }));
    expect(screen.getByText('1 wijziging')).toBeInTheDocument();

    // Meanwhile another manager added a crop and a subscription; the grid is fetched again (focus).
    answer = {
      ...overview,
      subscriptions: [...overview.subscriptions, { id: 3, name: 'Bloemen', isActive: true }],
      crops: [...overview.crops, { id: 9, name: 'Wortel', unit: 'bos' }],
    };
    await queryClient.invalidateQueries({ queryKey: ['harvest', 'pluk', 'overview'] });
    const carrots = await screen.findByRole('region', { name: 'Wortel' });
    expect(within(carrots).getByRole('checkbox', { name: 'Wortel plukbaar voor Bloemen' })).not.toBeChecked();
    expect(within(card).getByRole('checkbox', { name: 'Sla plukbaar voor Groot aandeel' })).toBeChecked();
    expect(screen.getByText('1 wijziging')).toBeInTheDocument();
    await user.click(within(carrots).getByRole('checkbox', { name: 'Wortel plukbaar voor Bloemen' }));
    expect(screen.getByText('2 wijzigingen')).toBeInTheDocument();
  });

  it("sends no change for a row a refetch moved in one crop's pluk form", async () => {
    const user = userEvent.setup();
    let answer = cropPluk;
    const { fetch, queryClient } = renderApp({
      path: '/applicationManager/pluk/7/edit',
      account: manager,
      handlers: {
        ...harvestHandlers,
        'GET /api/applicationManager/pluk/7': () => json(answer),
        'POST /api/Crop/UpdateAvailability': ({ body }: StubRequest) =>
          json({ ...makeCropDetail().availability[0], ...(body as object) }),
      },
    });
    await screen.findByRole('checkbox', { name: 'Plukbaar voor Klein aandeel (2026)' });
    // Another manager added a subscription, sorted first; the crop's pluk is fetched again.
    const added = { ...cropPluk.availability[1]!, subscriptionId: 5, subscriptionName: 'Aardbeien' };
    answer = { ...cropPluk, availability: [added, ...cropPluk.availability] };
    await queryClient.invalidateQueries({ queryKey: ['harvest', 'pluk', 'crop', 7] });
    await waitFor(() =>
      expect(fetch.calls.filter((call) => call.path.endsWith('/pluk/7')).length).toBeGreaterThan(1),
    );
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De pluk is opgeslagen.')).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.path.endsWith('/Crop/UpdateAvailability'))).toHaveLength(0);
  });

  it("edits one crop's pluk per subscription", async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: '/applicationManager/pluk/7/edit',
      account: manager,
      handlers: {
        ...harvestHandlers,
        'POST /api/Crop/UpdateAvailability': ({ body }: StubRequest) =>
          json({ ...makeCropDetail().availability[0], ...(body as object) }),
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Plukbaar voor Klein aandeel (2026)' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(fetch.calls.filter((call) => call.path.endsWith('/Crop/UpdateAvailability'))).toHaveLength(1),
    );
    expect(fetch.calls.find((call) => call.path.endsWith('/Crop/UpdateAvailability'))!.body).toEqual({
      cropId: 7,
      subscriptionId: 2,
      isPickable: true,
      amountPerShare: '',
    });
  });
});

describe('pluk mail', () => {
  it('previews the mail for the chosen subscriptions, sends it once and follows the round', async () => {
    const user = userEvent.setup();
    let rounds: unknown[] = [];
    const { fetch } = renderApp({
      path: '/applicationManager/communication/sendpluk',
      account: manager,
      handlers: {
        ...harvestHandlers,
        'GET /api/applicationManager/PlukOfTheWeekEmails': () => json(rounds),
        'POST /api/applicationManager/PlukOfTheWeekEmails/Preview': () => json(mailPreview),
        'POST /api/applicationManager/Management/GeneratePlukOfTheWeekEmails': () => {
          rounds = [mailRound];
          return json(mailRound);
        },
      },
    });
    expect(await screen.findByText('Er is nog geen pluk-mail verstuurd.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Klein aandeel' }));
    await user.click(screen.getByRole('button', { name: 'Voorbeeld bekijken' }));
    expect(await screen.findByText('Naar 3 leden.')).toBeInTheDocument();
    expect(screen.getByText(/Deze week mag je plukken/)).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.path.endsWith('/Preview'))!.body).toEqual({
      subscriptionIds: [1],
    });

    await user.click(screen.getByRole('button', { name: 'Versturen naar 3 leden' }));
    expect(
      await screen.findByText('Bezig met mailen: 1 van 3 e-mails verzonden, nog 2 te gaan.'),
    ).toBeInTheDocument();
    const body = fetch.calls.find((call) => call.path.endsWith('/GeneratePlukOfTheWeekEmails'))!.body as {
      subscriptionIds: number[];
      idempotencyKey: string;
    };
    expect(body.subscriptionIds).toEqual([1]);
    expect(body.idempotencyKey).toMatch(/^[A-Za-z0-9_:.-]{8,100}$/);
    // The round opens with every recipient's state.
    expect(await screen.findByText('Tom Taker')).toBeInTheDocument();
    expect(screen.getByText('Wacht')).toBeInTheDocument();
  });

  it('links the communication page to the pluk mail', async () => {
    renderApp({ path: '/applicationManager/communication', account: manager, handlers: harvestHandlers });
    expect(await screen.findByRole('link', { name: /^Pluk-mail/ })).toHaveAttribute(
      'href',
      '/applicationManager/communication/sendpluk',
    );
  });
});
