import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { analyst, makeAnalysis } from './analyst-fixtures';
import { axeViolations, withoutCanvas } from './axe';
import { json, renderApp } from './utils';

/** Axe check of the analyst's screens (decision 085): the home, a view's charts, its table and an empty view. */
withoutCanvas();

const handlers = {
  'GET /api/analyst/wallet': () => json(makeAnalysis('wallet')),
  'GET /api/analyst/overview': () => json(makeAnalysis('overview')),
  'GET /api/analyst/Event': () => json(makeAnalysis('event', { empty: true })),
};

describe('accessibility (axe) of the analyst screens', () => {
  it.each([
    { name: 'the home', path: '/analyst', ready: () => screen.findByRole('link', { name: /Plukgeld/ }) },
    {
      name: 'the overview',
      path: '/analyst/graph',
      ready: () => screen.findByRole('region', { name: 'Activiteit' }),
    },
    {
      name: 'an empty view',
      path: '/analyst/event',
      ready: () => screen.findAllByText('Geen gegevens in deze periode'),
    },
  ])('$name has no violations', async ({ path, ready }) => {
    renderApp({ path, account: analyst, handlers });
    await ready();
    expect(await axeViolations()).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('a chart as a table and the form with its errors have no violations', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/analyst/wallet', account: analyst, handlers });
    const money = await screen.findByRole('region', { name: 'Plukgeld uitgegeven en verhandeld' });
    await user.click(within(money).getByRole('button', { name: 'Tabel' }));
    // The Dutch date picker's calendar (decision 091), then an end before the start.
    await user.click(screen.getByLabelText('Tot en met'));
    const calendar = await screen.findByRole('dialog');
    expect(await axeViolations()).toEqual([]);
    for (let month = 0; month < 4; month++)
      await user.click(within(calendar).getByRole('button', { name: 'Vorige maand' }));
    await user.click(within(calendar).getByRole('button', { name: '1 januari 2025' }));
    await user.click(screen.getByRole('button', { name: 'Toon' }));
    expect(await screen.findByText('De einddatum valt na de begindatum, niet ervoor.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
