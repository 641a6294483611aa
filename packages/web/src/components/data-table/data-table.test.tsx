import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { laptopScreen } from '../../../test/utils';
import { axeViolations, withoutCanvas } from '../../../test/axe';
import { createI18n } from '../../lib/i18n';
import { csvText } from '../../lib/csv';
import { DataTable, PageSizeSelect, byNumber, byText, useSelection, type Column, type PageSize } from '.';

withoutCanvas();

interface Crop {
  id: number;
  name: string;
  rows: number;
}
const crops: Crop[] = [
  { id: 1, name: 'Prei', rows: 3 },
  { id: 2, name: 'ajuin', rows: 12 },
  { id: 3, name: 'Wortel', rows: 7 },
];
const columns: Column<Crop>[] = [
  { key: 'name', label: 'Naam', sort: byText((crop) => crop.name), cell: (crop) => crop.name },
  {
    key: 'rows',
    label: 'Rijen',
    numeric: true,
    sort: byNumber((crop) => crop.rows),
    cell: (crop) => crop.rows,
  },
  { key: 'note', label: 'Opmerking', cell: () => '—' },
];

function Harness({ onSize }: { onSize?: (size: PageSize) => void }) {
  const selection = useSelection<Crop>();
  const [size, setSize] = useState<PageSize>(25);
  return (
    <main>
      <p>{selection.rows.map((crop) => crop.name).join(', ') || 'niets'}</p>
      <PageSizeSelect
        value={size}
        onChange={(next) => {
          setSize(next);
          onSize?.(next);
        }}
      />
      <DataTable
        rows={crops}
        columns={columns}
        label="Gewassen"
        card={(crop) => <div>{`Kaart ${crop.name}`}</div>}
        selection={{
          selected: selection.ids,
          onSelect: selection.onSelect,
          pageLabel: 'Alle gewassen op deze pagina kiezen',
          rowLabel: (crop) => `${crop.name} kiezen`,
        }}
      />
    </main>
  );
}

function show(onSize?: (size: PageSize) => void) {
  render(
    <MantineProvider env="test">
      <I18nextProvider i18n={createI18n()}>
        <Harness onSize={onSize} />
      </I18nextProvider>
    </MantineProvider>,
  );
}

describe('DataTable on a laptop', () => {
  it('sorts by a column, up then down, and leaves a column without a sort alone', async () => {
    laptopScreen();
    const user = userEvent.setup();
    show();
    const table = screen.getByRole('table', { name: 'Gewassen' });
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(names()).toEqual(['Prei', 'ajuin', 'Wortel']);
    const name = within(table).getByRole('columnheader', { name: /Naam/ });
    await user.click(within(name).getByRole('button', { name: 'Naam' }));
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['ajuin', 'Prei', 'Wortel']);
    await user.click(within(name).getByRole('button', { name: 'Naam' }));
    expect(names()).toEqual(['Wortel', 'Prei', 'ajuin']);
    const rows = within(table).getByRole('columnheader', { name: /Rijen/ });
    await user.click(within(rows).getByRole('button', { name: 'Rijen' }));
    expect(name).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['Prei', 'Wortel', 'ajuin']);
    const note = within(table).getByRole('columnheader', { name: 'Opmerking' });
    expect(note).not.toHaveAttribute('aria-sort');
    expect(within(note).queryByRole('button')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('chooses the page at once, says "some" with an indeterminate box, and chooses none again', async () => {
    laptopScreen();
    const user = userEvent.setup();
    show();
    const page = screen.getByRole('checkbox', { name: 'Alle gewassen op deze pagina kiezen' });
    await user.click(screen.getByRole('checkbox', { name: 'Wortel kiezen' }));
    expect(page).not.toBeChecked();
    expect(page).toHaveAttribute('data-indeterminate', 'true');
    await user.click(page);
    expect(page).toBeChecked();
    expect(screen.getByText('Wortel, Prei, ajuin')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Prei kiezen' }));
    expect(screen.getByText('Wortel, ajuin')).toBeInTheDocument();
    await user.click(page);
    await user.click(page);
    expect(screen.getByText('niets')).toBeInTheDocument();
  });

  it('offers 25, 50 or 100 rows a page', async () => {
    laptopScreen();
    const user = userEvent.setup();
    const onSize = vi.fn();
    show(onSize);
    const select = screen.getByRole('combobox', { name: 'Rijen per pagina' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['25', '50', '100']);
    await user.selectOptions(select, '100');
    expect(onSize).toHaveBeenCalledWith(100);
  });
});

describe('DataTable on a phone', () => {
  it('is a card per row, each with its checkbox, and one for the page', async () => {
    const user = userEvent.setup();
    show();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Gewassen' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(list).getByRole('checkbox', { name: 'ajuin kiezen' }));
    expect(screen.getByText('ajuin')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Alle gewassen op deze pagina kiezen' }));
    expect(screen.getByText('ajuin, Prei, Wortel')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});

describe('csvText', () => {
  it('quotes every cell, keeps formulas out, and opens in Belgian Excel', () => {
    expect(
      csvText(
        ['Naam', 'Noot'],
        [
          ['=SOM(A1)', 'zei "ja"'],
          ['-5', '@x'],
        ],
      ),
    ).toBe('\uFEFF"Naam";"Noot"\r\n"\'=SOM(A1)";"zei ""ja"""\r\n"\'-5";"\'@x"\r\n');
  });
});
