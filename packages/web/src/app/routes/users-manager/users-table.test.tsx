import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagedUser } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from '../../../../test/axe';
import { makeMembership } from '../../../../test/harvest-member-fixtures';
import {
  json,
  makeAccount,
  makeManagedUser,
  renderApp,
  type StubRequest,
  laptopScreen,
} from '../../../../test/utils';

withoutCanvas();

const manager = makeAccount({ id: 1, roles: ['ApplicationManager'] });
const an = makeManagedUser({ id: 21, firstName: 'An', lastName: 'Aerts', username: 'an', email: '=an@x.be' });
const bo = makeManagedUser({ id: 22, firstName: 'Bo', lastName: 'Claes', username: 'bo', email: 'bo@x.be' });

function handlers(bodies: unknown[], items: ManagedUser[] = [an, bo]) {
  return {
    'GET /api/User/Membership': () => json(makeMembership({ currentHarvestYear: 2030 })),
    'GET /api/applicationManager/subscription': () => json([]),
    'POST /api/applicationManager/user/paged': (request: StubRequest) => {
      bodies.push(request.body);
      return json({ items, total: items.length, page: 1, rowsPerPage: 25, nextCursor: null, hasMore: false });
    },
  };
}

describe('the users table on a laptop (ADR 096)', () => {
  it('asks the server for the order of a column and for 25, 50 or 100 a page', async () => {
    laptopScreen();
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    renderApp({ path: '/applicationManager/users', account: manager, handlers: handlers(bodies) });
    const table = await screen.findByRole('table', { name: 'Leden' });
    const name = within(table).getByRole('columnheader', { name: /^Naam/ });
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(name).getByRole('button', { name: 'Naam' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ sort: 'name', direction: 'desc', page: 1 }));
    const lastSeen = within(table).getByRole('columnheader', { name: /Laatst gezien/ });
    await user.click(within(lastSeen).getByRole('button', { name: 'Laatst gezien' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ sort: 'lastSeen', direction: 'asc' }));
    expect(lastSeen).toHaveAttribute('aria-sort', 'ascending');
    // The column without a server order is no button.
    expect(
      within(within(table).getByRole('columnheader', { name: 'Gebruikersnaam' })).queryByRole('button'),
    ).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rijen per pagina' }), '100');
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ rowsPerPage: 100, sort: 'lastSeen' }));
    expect(await axeViolations()).toEqual([]);
  });

  it('exports the chosen members as a formula-safe CSV from the users list', async () => {
    laptopScreen();
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
      renderApp({ path: '/applicationManager/users', account: manager, handlers: handlers([]) });
      const table = await screen.findByRole('table', { name: 'Leden' });
      await user.click(within(table).getByRole('checkbox', { name: 'An Aerts selecteren' }));
      const page = within(table).getByRole('checkbox', { name: 'Alle leden op deze pagina selecteren' });
      expect(page).toHaveAttribute('data-indeterminate', 'true');
      const toolbar = screen.getByRole('toolbar', { name: 'Acties voor de gekozen leden' });
      await user.click(within(toolbar).getByRole('button', { name: 'Selectie exporteren (CSV)' }));
      const text = await (saved as unknown as Blob).text();
      expect(text.split('\r\n')[1]).toBe('"An";"Aerts";"an";"\'=an@x.be";"0470 00 00 00";"";"false";"false"');
      expect(text).not.toContain('Claes');
    } finally {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });
});
