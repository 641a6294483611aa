import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { analyst, applicationManager, makeAnalysis } from '../../../../test/analyst-fixtures';
import { json, renderApp } from '../../../../test/utils';

describe('the analyst screens', () => {
  it('the home offers every view; the manager home has the analyst tile', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/applicationManager', account: analyst });
    await user.click(await screen.findByRole('link', { name: /Analyse/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Analyse' })).toBeInTheDocument();
    for (const name of ['Overzicht', 'Plukgeld', 'Evenementen', 'Vragen', 'Klusjes', 'Aanbod'])
      expect(screen.getByRole('link', { name: new RegExp(name) })).toBeInTheDocument();
  });

  it('shows the current harvest year by default, the charts, the table and the range in the URL', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    const { router } = renderApp({
      path: '/analyst/wallet',
      account: analyst,
      handlers: {
        'GET /api/analyst/wallet': (request) => {
          const query = new URL(request.url, 'http://x').searchParams;
          asked.push(query.toString());
          return json(
            makeAnalysis(
              'wallet',
              query.get('from') ? { from: query.get('from')!, to: query.get('to')! } : {},
            ),
          );
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Plukgeld uitgegeven en verhandeld' }),
    ).toBeInTheDocument();
    expect(asked[0]).toBe('bucket=month');
    // The Dutch date pickers of the other screens, not the browser's 03/01/2025 (decision 091).
    expect(screen.getByLabelText('Van')).toHaveTextContent('za 1 maart 2025');
    expect(screen.getByLabelText('Tot en met')).toHaveTextContent('za 31 mei 2025');
    const spread = screen.getByRole('region', { name: "Spreiding van de saldo's" });
    await user.click(within(spread).getByRole('button', { name: 'Tabel' }));
    const table = within(spread).getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Mediaan' })).toBeInTheDocument();
    // The median is the 5th series: 5 × 150 cents in March.
    expect(within(table).getByRole('row', { name: /mrt\.? 2025/ })).toHaveTextContent('7,50 plukgeld');

    await user.click(screen.getByLabelText('Van'));
    const calendar = await screen.findByRole('dialog');
    expect(within(calendar).getByRole('columnheader', { name: 'ma' })).toBeInTheDocument();
    await user.click(within(calendar).getByRole('button', { name: 'Volgende maand' }));
    await user.click(within(calendar).getByRole('button', { name: '1 april 2025' }));
    expect(screen.getByLabelText('Van')).toHaveTextContent('di 1 april 2025');
    await user.selectOptions(screen.getByLabelText('Per'), 'week');
    await user.click(screen.getByRole('button', { name: 'Toon' }));
    await waitFor(() => expect(asked.at(-1)).toBe('from=2025-04-01&to=2025-05-31&bucket=week'));
    expect(router.state.location.search).toBe('?from=2025-04-01&to=2025-05-31&bucket=week');
  });

  it('refuses an end before the start with the contract’s Dutch message', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/analyst/task',
      account: analyst,
      handlers: { 'GET /api/analyst/Task': () => json(makeAnalysis('task')) },
    });
    await user.click(await screen.findByLabelText('Tot en met'));
    const calendar = await screen.findByRole('dialog');
    for (let month = 0; month < 4; month++)
      await user.click(within(calendar).getByRole('button', { name: 'Vorige maand' }));
    await user.click(within(calendar).getByRole('button', { name: '1 januari 2025' }));
    await user.click(screen.getByRole('button', { name: 'Toon' }));
    expect(await screen.findByText('De einddatum valt na de begindatum, niet ervoor.')).toBeInTheDocument();
  });

  it('an empty range shows the empty state, without table or download', async () => {
    renderApp({
      path: '/analyst/event',
      account: analyst,
      handlers: { 'GET /api/analyst/Event': () => json(makeAnalysis('event', { empty: true })) },
    });
    expect(await screen.findAllByText('Geen gegevens in deze periode')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('downloads a chart’s numbers as CSV', async () => {
    const user = userEvent.setup();
    const create = vi.fn((_blob: Blob) => 'blob:csv');
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    renderApp({
      path: '/analyst/product',
      account: analyst,
      handlers: { 'GET /api/analyst/Product': () => json(makeAnalysis('product')) },
    });
    const sales = await screen.findByRole('region', { name: 'Waarde van de verkopen' });
    await user.click(within(sales).getByRole('button', { name: 'Download CSV' }));
    const text = await create.mock.calls[0]![0].text();
    expect(text).toContain('Periode;Waarde (plukgeld)');
    expect(text).toContain('2025-03-01;4,50');
  });

  it('an ApplicationManager may not look (Analyst and Admin only)', async () => {
    renderApp({ path: '/analyst/graph', account: applicationManager });
    expect(await screen.findByRole('heading', { name: 'Geen toegang' })).toBeInTheDocument();
  });
});
