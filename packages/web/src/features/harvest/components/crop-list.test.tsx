import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from '../../../../test/axe';
import { harvestHandlers, makeCropDetail, makeCropListItem } from '../../../../test/harvest-fixtures';
import {
  apiError,
  feedPage,
  json,
  makeAccount,
  renderApp,
  type StubRequest,
  laptopScreen,
} from '../../../../test/utils';

withoutCanvas();

const manager = makeAccount({ id: 2, roles: ['CropManager'], firstName: 'Hanne', lastName: 'Oogst' });
const beet = makeCropListItem();
const leek = makeCropListItem({ id: 8, name: 'Prei', unit: 'stuk', fields: [], pickableCount: 3 });
const chard = makeCropListItem({ id: 9, name: 'Snijbiet', isActive: false, pickableCount: 0 });

const listCalls = (calls: StubRequest[]) =>
  calls
    .filter((call) => call.path === '/api/applicationManager/Crop')
    .map((call) => Object.fromEntries(new URL(call.url, 'http://x').searchParams));

describe('the crops on a laptop (ADR 096)', () => {
  it('is a sortable table; the chosen are disabled one by one with a result per crop', async () => {
    laptopScreen();
    const user = userEvent.setup();
    const disabled: unknown[] = [];
    const { fetch } = renderApp({
      path: '/applicationManager/crops',
      account: manager,
      handlers: {
        ...harvestHandlers,
        'GET /api/applicationManager/Crop': () => json(feedPage([beet, leek, chard], { pageSize: 25 })),
        'POST /api/applicationManager/Crop/Disable': (request) => {
          disabled.push(request.body);
          return (request.body as { id: number }).id === 8
            ? apiError(404, 'NOT_FOUND', 'Dit gewas bestaat niet (meer).')
            : json(makeCropDetail({ isActive: false }));
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Gewassen' });
    expect(listCalls(fetch.calls)[0]).toMatchObject({ pageSize: '25', page: '0' });
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    const pickable = within(table).getByRole('columnheader', { name: /Plukbaar voor/ });
    await user.click(within(pickable).getByRole('button', { name: 'Plukbaar voor' }));
    expect(names()).toEqual(['Snijbiet', 'Rode biet', 'Prei']);
    expect(await axeViolations()).toEqual([]);

    await user.click(within(table).getByRole('checkbox', { name: 'Alle gewassen op deze pagina kiezen' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Acties voor de gekozen gewassen' });
    expect(within(toolbar).getByRole('button', { name: '1 activeren' })).toBeEnabled();
    await user.click(within(toolbar).getByRole('button', { name: '2 uitschakelen' }));
    const results = await screen.findByRole('list', { name: 'Resultaat per gewas' });
    await waitFor(() => expect(within(results).getAllByRole('listitem')).toHaveLength(2));
    expect(disabled).toEqual([{ id: 7 }, { id: 8 }]);
    expect(results).toHaveTextContent('Rode biet: uitgeschakeld: de leden zien het niet meer');
    expect(results).toHaveTextContent('Prei: Dit gewas bestaat niet (meer).');
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rijen per pagina' }), '50');
    await waitFor(() => expect(listCalls(fetch.calls).at(-1)).toMatchObject({ pageSize: '50' }));
  });
});

describe('the crops on a phone', () => {
  it('are cards with a checkbox each, and the chosen export as CSV', async () => {
    const user = userEvent.setup();
    let saved: Blob | null = null;
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved = blob;
        return 'blob:csv';
      },
      revokeObjectURL: () => {},
    });
    try {
      renderApp({
        path: '/applicationManager/crops',
        account: manager,
        handlers: {
          ...harvestHandlers,
          'GET /api/applicationManager/Crop': () => json(feedPage([beet, leek])),
        },
      });
      const list = await screen.findByRole('list', { name: 'Gewassen' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      await user.click(within(list).getByRole('checkbox', { name: 'Prei kiezen' }));
      await user.click(screen.getByRole('button', { name: 'Selectie exporteren (CSV)' }));
      const blob = saved as unknown as Blob;
      // The byte order mark Belgian Excel needs (a Blob's text() drops it when it decodes).
      expect([...new Uint8Array(await blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(await blob.text()).toBe(
        '"Naam";"Velden";"Eenheid";"Plukbaar voor (abonnementen)";"Actief"\r\n"Prei";"";"stuk";"3";"true"\r\n',
      );
      expect(await axeViolations()).toEqual([]);
    } finally {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });
});
