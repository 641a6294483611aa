import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { camt053File } from '../../packages/server/test/helpers/bank-statement-files.ts';
import { callApi, euros, signedIn, waitForMail } from './helpers';

/**
 * A treasurer's bank on a laptop (decision 093): `penning` imports a statement (one of another account is
 * refused first), matches the line that is left, marks several paid at once from the table, reopens a
 * mistake with a reason, and sends reminders, which the mail stand-in receives.
 */
test.use({ viewport: { width: 1280, height: 800 } });

/** `+++123/4567/89012+++` from the 12 digits. */
const formatted = (digits: string) => `+++${digits.slice(0, 3)}/${digits.slice(3, 7)}/${digits.slice(7)}+++`;

/** The farm's account in the demo (seed/demo-bank.ts). */
const farmIban = 'BE68539007547034';

interface Row {
  id: number;
  payerName: string;
  userEmail: string | null;
  amountCents: number;
  structuredReference: string;
  description: string;
}

/** A BankManager's transactions of a harvest year with a status. */
async function rows(
  request: APIRequestContext,
  harvestYear: number,
  status: 'open' | 'paid',
): Promise<Row[]> {
  const page = await callApi<{ items: Row[] }>(request, 'penning', 'POST', 'applicationManager/bank/Paged', {
    rowsPerPage: 100,
    harvestYear,
    status,
  });
  return page.items;
}

const reopenByApi = (request: APIRequestContext, id: number, reason: string) =>
  callApi(request, 'penning', 'POST', `applicationManager/bank/reopen/${id}`, { reason });

test('a treasurer marks several paid, reopens a mistake, imports, matches and sends reminders', async ({
  browser,
  request,
}) => {
  const { currentHarvestYear: year } = await callApi<{ currentHarvestYear: number }>(
    request,
    'lid',
    'GET',
    'User/Membership',
  );
  // The demo's open transactions but Jef's (bank.spec.ts pays his by a bank file), and Marie's paid one
  // reopened through the API: three to work with. Put back as they were at the end.
  const isJef = (row: Row) => row.userEmail === 'jef@deplukhoeve.be';
  const marie = (await rows(request, year, 'paid')).find((row) => row.payerName.startsWith('Marie'));
  expect(marie, 'Marie paid this year (seed/demo.ts)').toBeDefined();
  await reopenByApi(request, marie!.id, 'e2e: even open voor de reis van de penningmeester');
  const open = (await rows(request, year, 'open')).filter((row) => !isJef(row) && row.userEmail);
  const jef = (await rows(request, year, 'open')).find(isJef);
  expect(open.length, 'three open transactions besides Jef').toBeGreaterThanOrEqual(3);
  expect(jef, 'Jef has an open transaction').toBeDefined();
  const [byReference, first, second] = open as [Row, Row, Row];

  const page = await signedIn(browser, 'penning');

  // The bank list as a table: two chosen, marked paid at once, a result per row.
  await page.goto('/applicationManager/bank?status=open&per=100');
  const list = page.getByRole('table', { name: 'Transacties' });
  await expect(list).toBeVisible();
  const choose = (row: Row) =>
    page
      .getByRole('table', { name: 'Transacties' })
      .getByRole('checkbox', { name: `${row.payerName}: ${row.description} kiezen` })
      .check();
  await choose(first);
  await choose(second);
  const toolbar = page.getByRole('toolbar', { name: 'Acties voor de gekozen transacties' });
  await expect(toolbar.getByText('2 gekozen')).toBeVisible();
  await toolbar.getByRole('button', { name: 'Betaald zetten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gekozen transacties betaald zetten' });
  await dialog.getByRole('radio', { name: 'Cash' }).check();
  await dialog.getByRole('button', { name: '2 betaald zetten' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 gelukt, 0 niet.' })).toBeVisible();
  // The dialog is gone with its frame (no empty frame hanging after marking paid).
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.mantine-Modal-content')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('bank-list.png') });

  // One of them was a mistake: reopened with a reason, open again.
  await page.goto(`/applicationManager/bank/Transactions/detail/${second.id}`);
  await page.getByRole('button', { name: 'Betaling terugdraaien' }).click();
  const reopen = page.getByRole('dialog', { name: 'Betaling terugdraaien' });
  await reopen.getByRole('textbox', { name: /^Reden/ }).fill('Vergissing: dit lid betaalde nog niet');
  await reopen.getByRole('button', { name: 'Betaling terugdraaien' }).click();
  await expect(page.getByText(/is teruggedraaid: de transactie staat weer open/)).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Geschiedenis' })
      .getByRole('listitem')
      .filter({ hasText: 'Betaling teruggedraaid' }),
  ).toContainText('Vergissing: dit lid betaalde nog niet');

  // The statement: one line pays by its reference, the other (no reference) is matched by hand.
  const stamp = Date.now().toString(36);
  const today = new Date().toISOString().slice(0, 10);
  const lines = [
    {
      amountCents: byReference.amountCents,
      structuredReference: byReference.structuredReference,
      name: byReference.payerName,
      iban: 'BE71096123456769',
      date: today,
      bankReference: `e2e-${stamp}-1`,
    },
    {
      amountCents: second.amountCents,
      communication: `lidgeld ${second.payerName}`,
      name: second.payerName,
      iban: 'BE62510007547061',
      date: today,
      bankReference: `e2e-${stamp}-2`,
    },
  ];
  const statementNumber = Number(Date.now().toString().slice(-6));
  await page.goto('/applicationManager/bank/import');
  const upload = (name: string, buffer: Buffer) =>
    page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/xml', buffer });
  // A statement of another account is refused, naming both accounts.
  await upload('spaarrekening.xml', camt053File({ accountIban: 'BE14063123456783', lines, statementNumber }));
  await expect(
    page.getByText(
      /Dit CAMT\.053-uittreksel is van rekening BE14 0631 2345 6783, niet van de rekening van de boerderij \(BE68 5390 0754 7034\)/,
    ),
  ).toBeVisible();
  await page.reload();
  await upload('afschrift.xml', camt053File({ accountIban: farmIban, lines, statementNumber }));
  await expect(page.getByRole('heading', { name: 'afschrift.xml' })).toBeVisible();
  await expect(page.getByText('2 lijnen ingelezen, 1 betaald.')).toBeVisible();
  const table = page.getByRole('table', { name: '2 lijnen van het rekeningafschrift' });
  // Amounts and headers stay on one line (decision 089: no '€ 430,0 / 0', no 'Datu m').
  const lineCount = (cell: Locator) =>
    cell.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
    });
  for (const cell of [
    table.getByRole('cell', { name: euros(second.amountCents), exact: true }),
    table.getByRole('cell', { name: euros(byReference.amountCents), exact: true }),
    table.getByRole('columnheader', { name: 'Datum', exact: true }),
    table.getByRole('cell', { name: formatted(byReference.structuredReference), exact: true }),
  ]) {
    expect(await lineCount(cell), await cell.innerText()).toBe(1);
  }
  await page.screenshot({ path: test.info().outputPath('statement-result.png') });
  await table.getByRole('button', { name: /^Koppel / }).click();
  const match = page.getByRole('dialog', { name: 'Lijn koppelen aan een transactie' });
  await match.getByLabel('Zoek een open transactie').fill(second.userEmail!);
  await match.getByRole('radio', { name: new RegExp(`^${second.payerName}`) }).check();
  await match.getByRole('button', { name: 'Koppelen' }).click();
  await expect(
    table.getByRole('row').filter({ hasText: 'lidgeld' }).getByText('Manueel gekoppeld', { exact: true }),
  ).toBeVisible();

  // A reminder for what is still open, now, through the queue: the member gets the mail.
  await page.goto('/applicationManager/bank?status=open&per=100');
  await choose(jef!);
  await page.getByRole('button', { name: 'Herinnering sturen' }).click();
  await expect(page.getByRole('status').filter({ hasText: `gaat naar ${jef!.userEmail}` })).toBeVisible();
  const mail = await waitForMail(jef!.userEmail!, (m) => m.subject.startsWith('Herinnering: betaling'));
  expect(mail.text).toContain(jef!.description);

  // As the demo was: the three open again, Marie paid.
  for (const row of [byReference, first, second])
    await reopenByApi(request, row.id, 'e2e: terug zoals het was');
  await callApi(request, 'penning', 'POST', `applicationManager/bank/markPayed/${marie!.id}`, {
    via: 'transfer',
    note: 'e2e: terug zoals het was',
  });
});
