import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportBatch, MemberImportPreview } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../../../test/axe';
import { json, makeAccount, renderApp, type StubRequest } from '../../../../test/utils';

// Decision 097: the members' import, the crop import's twin — template, preview with problems, the welcome
// e-mail only when ticked, progress with counts, undo.

const manager = makeAccount({ id: 1, roles: ['ApplicationManager'] });
const address = { street: '', number: '', postalCode: '', city: '' };
const previewOk: MemberImportPreview = {
  rows: [
    {
      row: 2,
      firstName: 'An',
      lastName: 'Peeters',
      email: 'an@x.be',
      phone: '',
      address,
      username: 'an',
      errors: [],
    },
    {
      row: 3,
      firstName: 'Bo',
      lastName: 'Claes',
      email: 'bo@x.be',
      phone: '',
      address,
      username: 'bo',
      errors: [],
    },
  ],
  creates: 2,
  errorCount: 0,
  canImport: true,
};
const previewWithProblems: MemberImportPreview = {
  rows: [
    {
      row: 2,
      firstName: 'Cas',
      lastName: 'Claes',
      email: '',
      phone: '',
      address,
      username: 'lid',
      errors: [{ row: 2, column: 'E-mail', message: 'Het e-mailadres ontbreekt.' }],
    },
  ],
  creates: 1,
  errorCount: 1,
  canImport: false,
};
const batch: ImportBatch = {
  id: 4,
  fileName: 'leden-2029.xlsx',
  createdAt: '2030-01-05T10:00:00.000Z',
  createdBy: 'Lies Leden',
  createdCount: 12,
  updatedCount: 0,
  undoneAt: null,
  blockedBecause:
    'Dit lid gebruikte het account al (aangemeld, ingeschreven, betaald of door een beheerder gewijzigd): An Peeters. Ongedaan maken zou dat wissen.',
};

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('member import', () => {
  it('is reachable from the users list', async () => {
    renderApp({
      path: '/applicationManager/users',
      account: manager,
      handlers: {
        'POST /api/applicationManager/user/paged': () =>
          json({ items: [], total: 0, page: 1, rowsPerPage: 25, nextCursor: null, hasMore: false }),
        'GET /api/applicationManager/subscription': () => json([]),
      },
    });
    expect(await screen.findByRole('link', { name: 'Leden inlezen' })).toHaveAttribute(
      'href',
      '/applicationManager/users/import',
    );
  });

  it('downloads the template, previews, imports with the welcome e-mail, counts progress and undoes', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const { fetch } = renderApp({
      path: '/applicationManager/users/import',
      account: manager,
      handlers: {
        'GET /api/applicationManager/User/Import/Batches': () => json([]),
        'GET /api/applicationManager/User/Import/Template': () =>
          new Response(new Blob(['xlsx']), { status: 200 }),
        'POST /api/applicationManager/User/Import/Preview': () => json(previewOk),
        'GET /api/applicationManager/User/Import/Progress': () =>
          json({ done: 1200, total: 3000, finished: false }),
        'POST /api/applicationManager/User/Import/Confirm': () =>
          new Promise<Response>((resolve) => {
            release = () => resolve(json({ created: 2, emailed: 2, batchId: 9 }));
          }),
        'POST /api/applicationManager/User/Import/Batches/9/Undo': () => json({ deleted: 2, restored: 0 }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sjabloon downloaden (.xlsx)' }));
    await waitFor(() => expect(fetch.calls.some((c) => c.path.endsWith('/User/Import/Template'))).toBe(true));
    await user.upload(
      fileInput(),
      new File(['Voornaam;Achternaam;E-mail\n'], 'leden.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('2 nieuwe leden.')).toBeInTheDocument();
    expect(fetch.calls.some((c) => c.path.endsWith('/Import/Confirm'))).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: /Stuur een welkomstmail/ }));
    await user.click(screen.getByRole('button', { name: '2 leden inlezen' }));
    expect(await screen.findByText('1.200 van 3.000 rijen opgeslagen…')).toBeInTheDocument();
    const confirm = fetch.calls.find((c: StubRequest) => c.path.endsWith('/Import/Confirm'))!;
    expect(confirm.url).toContain('sendWelcomeEmail=true');
    release();
    expect(await screen.findByText(/2 leden toegevoegd\. 2 welkomstmails staan klaar/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import ongedaan maken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deze import ongedaan maken?' });
    expect(dialog).toHaveTextContent('2 leden worden voorgoed verwijderd');
    expect(dialog).toHaveTextContent('een verstuurde mail kan niet teruggeroepen worden');
    await user.click(within(dialog).getByRole('button', { name: 'Ongedaan maken' }));
    expect(
      await screen.findByText('Import ongedaan gemaakt: 2 leden verwijderd.', { selector: '*' }),
    ).toBeInTheDocument();
  });

  it('shows the problems per row and imports nothing; an earlier import says why it cannot be undone', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: '/applicationManager/users/import',
      account: manager,
      handlers: {
        'GET /api/applicationManager/User/Import/Batches': () => json([batch]),
        'POST /api/applicationManager/User/Import/Preview': () => json(previewWithProblems),
      },
    });
    expect(await screen.findByText(/Niet meer ongedaan te maken: Dit lid gebruikte/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import ongedaan maken' })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.upload(fileInput(), new File(['x'], 'leden.csv', { type: 'text/csv' }));
    expect(await screen.findByText('E-mail: Het e-mailadres ontbreekt.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 lid inlezen' })).toBeDisabled();
    expect(await axeViolations()).toEqual([]);
    expect(fetch.calls.some((c) => c.path.endsWith('/Import/Confirm'))).toBe(false);
  });
});
