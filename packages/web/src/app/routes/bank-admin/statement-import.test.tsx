import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StatementImportDetail } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import {
  bankAdminHandlers,
  bankManager,
  janFruit,
  makeImportDetail,
  transactionsPage,
} from '../../../../test/bank-admin-fixtures';
import { apiError, json, renderApp, type StubHandler } from '../../../../test/utils';

const path = '/applicationManager/bank/import';
const api = '/api/applicationManager/bank';

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

const coda = () => new File(['0000005030...'], 'afschrift-maart.cod', { type: 'text/plain' });

/** The import's lines as the server keeps them: the upload, the detail and each handled line follow one another. */
function importServer(detail: StatementImportDetail = makeImportDetail()): Record<string, StubHandler> {
  let current = detail;
  const handled = (lineId: number, change: object) => {
    current = {
      ...current,
      lines: current.lines.map((line) => (line.id === lineId ? { ...line, ...change } : line)),
    };
    return json(current.lines.find((line) => line.id === lineId));
  };
  return {
    ...bankAdminHandlers,
    [`GET ${api}/imports`]: () => json([]),
    [`POST ${api}/import`]: () => json(current),
    [`GET ${api}/imports/${detail.id}`]: () => json({ ...current, alreadyImported: false }),
    [`POST ${api}/Paged`]: () => json(transactionsPage([janFruit], { rowsPerPage: 10 })),
    [`POST ${api}/imports/lines/801/match`]: (request) =>
      handled(801, {
        outcome: 'matched-by-hand',
        transactionId: (request.body as { transactionId: number }).transactionId,
      }),
    [`POST ${api}/imports/lines/802/ignore`]: () => handled(802, { outcome: 'ignored' }),
  };
}

describe('bank statement import', () => {
  it('posts the file and shows what became of every line', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({ path, account: bankManager, handlers: importServer() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bankbestand inlezen' })).toBeInTheDocument();
    expect(await screen.findByText('Nog geen bestanden')).toBeInTheDocument();
    await user.upload(fileInput(), coda());

    expect(await screen.findByRole('heading', { level: 3, name: 'afschrift-maart.cod' })).toBeInTheDocument();
    const sent = fetch.calls.find((call) => call.method === 'POST' && call.path.endsWith('/bank/import'))!;
    expect((sent.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((sent.body as FormData).get('file') as File).name).toBe('afschrift-maart.cod');
    expect(
      screen.getByText(/^CODA · rekening BE68 5390 0754 7034 · ingelezen .* door Bert Bank$/),
    ).toBeInTheDocument();
    expect(screen.getByText('Te controleren').nextElementSibling).toHaveTextContent('1');
    expect(screen.getByText('Lijnen').nextElementSibling).toHaveTextContent('4');
    expect(
      screen.queryByText('Dit bestand was al ingelezen: er is niets veranderd.'),
    ).not.toBeInTheDocument();

    const lines = within(
      screen.getByRole('list', { name: '4 lijnen van het rekeningafschrift' }),
    ).getAllByRole('listitem');
    expect(within(lines[0]!).getByText('Betaald')).toBeInTheDocument();
    expect(within(lines[0]!).getByText('+++000/0000/04097+++')).toBeInTheDocument();
    expect(
      within(lines[0]!).getByText('Transactie: Lien Lid · Groenten 2030 · € 302,50'),
    ).toBeInTheDocument();
    expect(within(lines[1]!).getByText('Te weinig')).toBeInTheDocument();
    expect(within(lines[2]!).getByText('Niet gevonden')).toBeInTheDocument();
    expect(within(lines[3]!).getByText('Uitgaand')).toBeInTheDocument();
    expect(within(lines[3]!).getByText('−€ 45,00 van Zaadhandel')).toBeInTheDocument();
    // Only the flagged and the unmatched line of money in can be matched or set aside.
    expect(screen.getAllByRole('button', { name: /^Koppel / })).toHaveLength(2);
    expect(within(lines[0]!).queryByRole('button', { name: /^Koppel/ })).not.toBeInTheDocument();
    expect(within(lines[3]!).queryByRole('button', { name: /^Negeer/ })).not.toBeInTheDocument();
  });

  it('says so when the same file was read before', async () => {
    const user = userEvent.setup();
    renderApp({
      path,
      account: bankManager,
      handlers: importServer(makeImportDetail({ alreadyImported: true })),
    });
    await screen.findByText('Nog geen bestanden');
    await user.upload(fileInput(), coda());
    expect(
      await screen.findByText('Dit bestand was al ingelezen: er is niets veranderd.', {
        selector: '[role="status"] *',
      }),
    ).toBeInTheDocument();
  });

  it('matches a flagged line to an open transaction found by its reference', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({ path, account: bankManager, handlers: importServer() });
    await screen.findByText('Nog geen bestanden');
    await user.upload(fileInput(), coda());
    await user.click(
      await screen.findByRole('button', { name: 'Koppel de lijn van €\u00a0100,00 van Jan Peeters' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Lijn koppelen aan een transactie' });
    expect(within(dialog).getByRole('searchbox', { name: /Zoek een open transactie/ })).toHaveValue(
      '000000005198',
    );
    await user.click(await within(dialog).findByRole('radio', { name: 'Jan Peeters · €\u00a0240,00' }));
    const paged = fetch.calls.find((call) => call.path.endsWith('/bank/Paged'));
    expect(paged?.body).toEqual({ page: 1, rowsPerPage: 10, status: 'open', search: '000000005198' });
    await user.click(within(dialog).getByRole('button', { name: 'Koppelen' }));

    expect(await screen.findByText('De lijn is gekoppeld: de transactie is betaald.')).toBeInTheDocument();
    const match = fetch.calls.find((call) => call.path.endsWith('/imports/lines/801/match'));
    expect(match?.method).toBe('POST');
    expect(match?.body).toEqual({ transactionId: 41 });
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Koppel / })).toHaveLength(1));
    expect(screen.getByText('Manueel gekoppeld')).toBeInTheDocument();
  });

  it('prefills the search with the payer of a line without a reference, and sets a line aside after a confirmation', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({ path, account: bankManager, handlers: importServer() });
    await screen.findByText('Nog geen bestanden');
    await user.upload(fileInput(), coda());
    await user.click(
      await screen.findByRole('button', { name: 'Koppel de lijn van €\u00a0120,00 van An Onbekend' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Lijn koppelen aan een transactie' });
    expect(within(dialog).getByRole('searchbox', { name: /Zoek een open transactie/ })).toHaveValue(
      'An Onbekend',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));

    await user.click(
      screen.getByRole('button', { name: 'Negeer de lijn van €\u00a0120,00 van An Onbekend' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Lijn negeren?' });
    expect(fetch.calls.some((call) => call.path.endsWith('/ignore'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Negeer' }));
    expect(await screen.findByText('De lijn is genegeerd.')).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.path.endsWith('/imports/lines/802/ignore'))?.method).toBe('POST');
    expect(await screen.findByText('Genegeerd')).toBeInTheDocument();
  });

  it('refuses a file of another kind before sending it, and shows the server’s reason for a bad one', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { fetch } = renderApp({
      path,
      account: bankManager,
      handlers: {
        ...importServer(),
        [`POST ${api}/import`]: () =>
          apiError(
            400,
            'BANK_FILE_INVALID',
            'Dit bestand is geen CODA- of CAMT.053-rekeningafschrift dat we kunnen lezen.',
          ),
      },
    });
    await screen.findByText('Nog geen bestanden');
    await user.upload(fileInput(), new File(['%PDF'], 'afschrift.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(/afschrift.pdf is geen rekeningafschrift/)).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.path.endsWith('/bank/import'))).toBe(false);

    await user.upload(fileInput(), coda());
    expect(
      await screen.findByText('Dit bestand is geen CODA- of CAMT.053-rekeningafschrift dat we kunnen lezen.'),
    ).toBeInTheDocument();
  });

  it('lists the earlier imports and opens one', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({
      path,
      account: bankManager,
      handlers: { ...importServer(), [`GET ${api}/imports`]: () => json([makeImportDetail()]) },
    });
    const card = await screen.findByRole('link', { name: /afschrift-maart\.cod/ });
    expect(
      within(card).getByText('4 lijnen: 1 betaald, 1 te controleren, 1 niet gevonden'),
    ).toBeInTheDocument();
    await user.click(card);
    await waitFor(() => expect(router.state.location.search).toBe('?inlezing=9'));
    expect(await screen.findByRole('heading', { level: 2, name: 'afschrift-maart.cod' })).toBeInTheDocument();
    expect(screen.getAllByText('Niet gevonden').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Bankbestand inlezen' })).toHaveAttribute('href', path);
  });
});
