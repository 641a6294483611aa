import { expect, test } from '@playwright/test';
import { camt053File } from '../../packages/server/test/helpers/bank-statement-files.ts';
import { callApi, euros, signedIn, waitForMail } from './helpers';

/**
 * A treasurer's bank on a laptop (issue 33): `penning` imports a statement (one of another account is
 * refused first), matches the line that is left, marks several paid at once from the table, reopens a
 * mistake with a reason, and sends reminders, which the mail stand-in receives.
 */
test.use({ viewport: { width: 1280, height: 800 } });

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

test('a treasurer imports, matches, marks several paid, reopens a mistake and sends reminders', async ({
  browser,
  request,
}) => {
  const { currentHarvestYear } = await callApi<{ currentHarvestYear: number }>(
    request,
    'lid',
    'GET',
    'User/Membership',
  );
  const { items } = await callApi<{ items: Row[] }>(request, 'penning', 'POST', 'applicationManager/bank/Paged', {
    rowsPerPage: 100,
    harvestYear: currentHarvestYear,
    status: 'open',
  });
  // Four open transactions of members with an e-mail address (seed/demo-bank.ts).
  const open = items.filter((row) => row.userEmail);
  expect(open.length, 'the demo has four open transactions').toBeGreaterThanOrEqual(4);
  const [byReference, byHand, first, second] = open as [Row, Row, Row, Row];
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
      // Paid without the reference: the treasurer matches it by hand.
      amountCents: byHand.amountCents,
      communication: `lidgeld ${byHand.payerName}`,
      name: byHand.payerName,
      iban: 'BE62510007547061',
      date: today,
      bankReference: `e2e-${stamp}-2`,
    },
  ];
  const statementNumber = Number(Date.now().toString().slice(-6));

  const page = await signedIn(browser, 'penning');
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

  // The farm's own: one line paid by its reference, one left to match.
  await page.reload();
  await upload('afschrift.xml', camt053File({ accountIban: farmIban, lines, statementNumber }));
  await expect(page.getByRole('heading', { name: 'afschrift.xml' })).toBeVisible();
  await expect(page.getByText('2 lijnen ingelezen, 1 betaald.')).toBeVisible();
  const table = page.getByRole('table', { name: '2 lijnen van het rekeningafschrift' });
  // Amounts stay on one line (issue 33: no '€ 430,0 / 0').
  const amountCell = table.getByRole('cell', { name: euros(byHand.amountCents), exact: true });
  await expect(amountCell).toBeVisible();
  const box = await amountCell.boundingBox();
  expect(box!.height, 'the amount is one line').toBeLessThan(48);
  await page.screenshot({ path: test.info().outputPath('statement-result.png') });

  await table.getByRole('button', { name: /^Koppel / }).click();
  const match = page.getByRole('dialog', { name: 'Lijn koppelen aan een transactie' });
  await match.getByRole('textbox', { name: 'Zoek een open transactie' }).fill(byHand.userEmail!);
  await match.getByRole('radio', { name: new RegExp(`^${byHand.payerName}`) }).check();
  await match.getByRole('button', { name: 'Koppelen' }).click();
  await expect(page.getByText('De lijn is gekoppeld: de transactie is betaald.')).toBeVisible();

  // The bank list as a table: two chosen, marked paid at once, a result per row.
  await page.goto('/applicationManager/bank?status=open&per=100');
  const list = page.getByRole('table', { name: 'Transacties' });
  await expect(list).toBeVisible();
  await list.getByRole('checkbox', { name: new RegExp(`^${first.payerName}: ${first.description}`) }).check();
  await list.getByRole('checkbox', { name: new RegExp(`^${second.payerName}: ${second.description}`) }).check();
  const toolbar = page.getByRole('toolbar', { name: 'Acties voor de gekozen transacties' });
  await expect(toolbar.getByText('2 gekozen')).toBeVisible();
  await toolbar.getByRole('button', { name: 'Betaald zetten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gekozen transacties betaald zetten' });
  await dialog.getByRole('radio', { name: 'Cash' }).check();
  await dialog.getByRole('button', { name: '2 betaald zetten' }).click();
  const result = page.getByRole('status').filter({ hasText: '2 gelukt, 0 niet.' });
  await expect(result).toBeVisible();
  // The dialog is gone with its frame (issue 33: no empty frame hanging after marking paid).
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.mantine-Modal-content')).toHaveCount(0);

  // One of them was a mistake: reopened with a reason.
  await page.goto('/applicationManager/bank?status=paid&per=100');
  await page
    .getByRole('table', { name: 'Transacties' })
    .getByRole('link', { name: second.payerName })
    .first()
    .click();
  await page.getByRole('button', { name: 'Betaling terugdraaien' }).click();
  const reopen = page.getByRole('dialog', { name: 'Betaling terugdraaien' });
  await reopen.getByRole('textbox', { name: /^Reden/ }).fill('Vergissing: dit lid betaalde nog niet');
  await reopen.getByRole('button', { name: 'Betaling terugdraaien' }).click();
  await expect(page.getByText(/is teruggedraaid: de transactie staat weer open/)).toBeVisible();
  const history = page.getByRole('region', { name: 'Geschiedenis' }).getByRole('listitem');
  await expect(history.filter({ hasText: 'Betaling teruggedraaid' })).toContainText(
    'Vergissing: dit lid betaalde nog niet',
  );

  // Reminders for the open ones, now, through the queue: the member gets the mail.
  await page.goto('/applicationManager/bank?status=open&per=100');
  const openList = page.getByRole('table', { name: 'Transacties' });
  await openList
    .getByRole('checkbox', { name: new RegExp(`^${second.payerName}: ${second.description}`) })
    .check();
  await page.getByRole('button', { name: 'Herinnering sturen' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `gaat naar ${second.userEmail}` }),
  ).toBeVisible();
  const mail = await waitForMail(second.userEmail!, (m) => m.subject.startsWith('Herinnering: betaling'));
  expect(mail.text).toContain(second.description);
});
