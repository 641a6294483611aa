import ExcelJS from 'exceljs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { logIn, waitForMail } from './helpers';

/** The second demo farm (a cooperative) on the same server. */
const hetVeldURL = baseURL.replace('//localhost', '//hetveld.localhost');

/** The crop sheet's columns (`cropImportColumns` of the contract), as its first row names them. */
const headers = ['Naam', 'Beschrijving', 'Hoe oogsten', 'Tip', 'Eenheid', 'Velden', 'Actief'];

async function signedIn(browser: Browser, username: string, farmURL = baseURL): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: farmURL })).newPage();
  await logIn(page, username);
  return page;
}

/** An .xlsx with the crop sheet's header row and these rows, built as a spreadsheet program would. */
async function cropSheet(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Gewassen');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The import's file input (the dropzone's, hidden), once the import is open. */
const importInput = (page: Page) => page.locator('input[type="file"]');

/**
 * The manager's harvest on a phone (decision 074): a CropManager (the demo `beheerder`, an ApplicationManager)
 * imports a crop sheet — first a .csv with a row error (the Dutch error, nothing written), then an .xlsx
 * with two new crops; a PlukManager makes them pickable for the Bloemenabonnement (one on the crop's own
 * pluk form, one in the week's grid); `lid` (who has it) sees and opens them, `jef` (only the
 * Groenteabonnement) does not; the pluk mail for the Bloemenabonnement is previewed, sent, followed,
 * and reaches lid naming both crops. At the end the two crops are disabled again, so the demo's pluk is
 * as the other journeys expect it.
 */
test('a crop sheet imported, made pickable for one subscription, seen by its members and mailed', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const chard = `Snijbiet ${stamp}`;
  const dahlia = `Dahlia ${stamp}`;

  // 1. The CropManager imports a sheet: first a .csv with an unknown field on its second row.
  const manager = await signedIn(browser, 'beheerder');
  await manager.goto('/applicationManager');
  await manager.getByRole('link', { name: /^Gewassen/ }).click();
  await expect(manager).toHaveURL(/\/applicationManager\/crops$/);
  await expect(manager.getByRole('heading', { level: 1, name: 'Alle gewassen' })).toBeVisible();
  await manager.getByRole('button', { name: 'Inlezen uit rekenblad' }).click();
  await expect(manager.getByRole('heading', { name: 'Gewassen inlezen uit een rekenblad' })).toBeVisible();
  const csv = [
    headers.join(';'),
    `${chard};Groene en rode stelen.;Snij de buitenste stelen af.;Laat het hart staan.;bos;Groot veld;ja`,
    `${dahlia};Pompondahlia's.;Knip net boven een blad.;Knip in de ochtend.;steel;Maanveld;ja`,
  ].join('\n');
  await importInput(manager).setInputFiles({
    name: 'gewassen.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await expect(manager.getByText('Bestand: gewassen.csv')).toBeVisible();
  await expect(manager.getByText('2 rijen: 2 nieuw, 0 bij te werken.')).toBeVisible();
  await expect(manager.getByRole('alert').filter({ hasText: '1 fout in het bestand' })).toBeVisible();
  // Only the rows with errors show at first, as a card per row on the phone.
  const preview = manager.getByRole('list', { name: 'Voorbeeld van 2 rijen' });
  await expect(preview.getByText(`Rij 3: ${dahlia}`)).toBeVisible();
  await expect(
    preview.getByText('Velden: Dit veld bestaat niet: Maanveld. Maak het eerst aan.', { exact: true }),
  ).toBeVisible();
  await expect(preview.getByText(`Rij 2: ${chard}`)).toHaveCount(0);
  await manager.getByRole('switch', { name: 'Alleen rijen met fouten tonen' }).uncheck({ force: true });
  await expect(preview.getByText(`Rij 2: ${chard}`)).toBeVisible();
  await expect(manager.getByRole('button', { name: '2 rijen inlezen' })).toBeDisabled();
  // Nothing was written: the list knows neither crop.
  await manager.getByLabel('Zoek een gewas').fill(stamp);
  await expect(manager.getByText('Geen gewas gevonden')).toBeVisible();

  // The corrected sheet, as an .xlsx: both crops new; confirming imports them.
  await manager.getByRole('button', { name: 'Ander bestand kiezen' }).click();
  await importInput(manager).setInputFiles({
    name: 'gewassen.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await cropSheet([
      [
        chard,
        'Groene en rode stelen.',
        'Snij de buitenste stelen af.',
        'Laat het hart staan.',
        'bos',
        'Groot veld',
      ],
      [
        dahlia,
        "Pompondahlia's.",
        'Knip net boven een blad.',
        'Knip in de ochtend.',
        'steel',
        'Bloemenstrook',
        'ja',
      ],
    ]),
  });
  await expect(manager.getByText('Bestand: gewassen.xlsx')).toBeVisible();
  await expect(manager.getByText('2 rijen: 2 nieuw, 0 bij te werken.')).toBeVisible();
  await expect(manager.getByText('Er is nog niets ingelezen. Kijk de rijen na en bevestig.')).toBeVisible();
  await expect(manager.getByText(`Rij 3: ${dahlia}`)).toBeVisible();
  await expect(manager.getByText('steel · Bloemenstrook')).toBeVisible();
  await manager.getByRole('button', { name: '2 rijen inlezen' }).click();
  await expect(manager.getByText('2 gewassen toegevoegd en 0 bijgewerkt.')).toBeVisible();
  await manager.getByRole('button', { name: 'Sluiten' }).click();
  await expect(manager.getByRole('link', { name: new RegExp(`^${chard}`) })).toBeVisible();
  await expect(manager.getByRole('link', { name: new RegExp(`^${dahlia}`) })).toBeVisible();

  // 2. The PlukManager makes them pickable for the Bloemenabonnement (lid has it, jef has not).
  // The chard from its crop page, on its own pluk form.
  await manager.getByRole('link', { name: new RegExp(`^${chard}`) }).click();
  await expect(manager).toHaveURL(/\/applicationManager\/crops\/\d+$/);
  await expect(manager.getByRole('heading', { level: 2, name: chard })).toBeVisible();
  await expect(manager.getByText('Groot veld', { exact: true })).toBeVisible();
  await manager.getByRole('link', { name: 'Pluk instellen' }).click();
  await expect(manager).toHaveURL(/\/applicationManager\/pluk\/\d+$/);
  await expect(manager.getByRole('heading', { level: 2, name: chard })).toBeVisible();
  await manager.getByRole('link', { name: 'Pluk instellen' }).click();
  await expect(manager).toHaveURL(/\/applicationManager\/pluk\/\d+\/edit$/);
  await manager.getByRole('checkbox', { name: /^Plukbaar voor Bloemenabonnement/ }).check({ force: true });
  await manager
    .getByRole('textbox', { name: /^Hoeveelheid per aandeel voor Bloemenabonnement/ })
    .fill('1 bos per week');
  await manager.getByRole('button', { name: 'Opslaan' }).click();
  await expect(manager.getByText('De pluk is opgeslagen.')).toBeVisible();
  await expect(manager).toHaveURL(/\/applicationManager\/pluk\/\d+$/);
  await expect(
    manager.getByRole('button', { name: new RegExp(`^Niet meer plukbaar: ${chard} voor Bloemenabonnement`) }),
  ).toBeVisible();
  await expect(manager.getByText('1 bos per week')).toBeVisible();

  // The dahlia in the week's grid, a card per crop on the phone.
  await manager.goto('/applicationManager/pluk');
  await expect(manager.getByRole('heading', { level: 1, name: 'Pluk' })).toBeVisible();
  await expect(
    manager.getByRole('switch', { name: `${chard} plukbaar voor Bloemenabonnement` }),
  ).toBeChecked();
  await manager.getByRole('link', { name: 'Pluk van de week instellen' }).click();
  await expect(manager).toHaveURL(/\/applicationManager\/pluk\/overview$/);
  await expect(manager.getByRole('heading', { level: 1, name: 'Pluk van de week' })).toBeVisible();
  const dahliaCard = manager.getByRole('region', { name: dahlia });
  await dahliaCard
    .getByRole('checkbox', { name: `${dahlia} plukbaar voor Bloemenabonnement` })
    .check({ force: true });
  await dahliaCard
    .getByRole('textbox', { name: `Hoeveelheid per aandeel van ${dahlia} voor Bloemenabonnement` })
    .fill('3 stelen per week');
  await expect(manager.getByText('1 wijziging', { exact: true })).toBeVisible();
  await manager.getByRole('button', { name: 'Opslaan' }).click();
  await expect(manager.getByText('1 wijziging opgeslagen.')).toBeVisible();
  await expect(manager.getByText('0 wijzigingen', { exact: true })).toBeVisible();

  // 3. Lien (Groente- and Bloemenabonnement) sees both under the Bloemenabonnement and opens one.
  const lien = await signedIn(browser, 'lid');
  await lien.goto('/pluk');
  const flowers = lien.getByRole('region', { name: 'Bloemenabonnement' });
  await expect(flowers.getByRole('link', { name: new RegExp(`^${chard}`) })).toBeVisible();
  await expect(flowers.getByText('Per aandeel: 3 stelen per week')).toBeVisible();
  await expect(
    lien.getByRole('region', { name: 'Groenteabonnement' }).getByRole('link', { name: new RegExp(stamp) }),
  ).toHaveCount(0);
  await flowers.getByRole('link', { name: new RegExp(`^${dahlia}`) }).click();
  await expect(lien).toHaveURL(/\/pluk\/detail\/\d+\/\d+$/);
  await expect(lien.getByRole('heading', { level: 2, name: dahlia })).toBeVisible();
  await expect(lien.getByText('Hoeveel per aandeel')).toBeVisible();
  await expect(lien.getByText('3 stelen per week')).toBeVisible();
  await expect(lien.getByText('Knip net boven een blad.')).toBeVisible();

  // Jef (only the Groenteabonnement) does not see them.
  const jef = await signedIn(browser, 'jef');
  await jef.goto('/pluk');
  await expect(jef.getByRole('region', { name: 'Groenteabonnement' })).toBeVisible();
  await expect(jef.getByRole('link', { name: /^Sla/ })).toBeVisible();
  await expect(jef.getByText(new RegExp(stamp))).toHaveCount(0);

  // 4. The pluk mail of the Bloemenabonnement: preview, send, progress, and it reaches Lien.
  await manager.goto('/applicationManager');
  await manager.getByRole('link', { name: /^Communicatie/ }).click();
  await manager.getByRole('link', { name: /^Pluk-mail/ }).click();
  await expect(manager).toHaveURL(/\/applicationManager\/communication\/sendpluk$/);
  await expect(manager.getByRole('heading', { level: 1, name: 'Pluk-mail versturen' })).toBeVisible();
  for (const other of ['Groenteabonnement', 'Fruitabonnement']) {
    await manager.getByRole('checkbox', { name: other }).uncheck({ force: true });
  }
  await expect(manager.getByRole('checkbox', { name: 'Bloemenabonnement' })).toBeChecked();
  await manager.getByRole('button', { name: 'Voorbeeld bekijken' }).click();
  await expect(manager.getByText('Naar 1 lid.')).toBeVisible();
  await expect(
    manager.getByText('Dit mag je nu plukken bij De Plukhoeve', { exact: false }).first(),
  ).toBeVisible();
  await expect(manager.getByText('Bloemenabonnement (1 lid)')).toBeVisible();
  await expect(manager.getByRole('listitem').filter({ hasText: `${chard}: 1 bos per week` })).toBeVisible();
  await expect(
    manager.getByRole('listitem').filter({ hasText: `${dahlia}: 3 stelen per week` }),
  ).toBeVisible();
  await manager.getByRole('button', { name: 'Versturen naar 1 lid' }).click();
  // The new round comes first, open on its recipients; its progress ends with the one e-mail sent.
  const round = manager.getByRole('status', { name: /^Pluk-mail van / }).first();
  await expect(round).toContainText('1 van 1 e-mail verzonden.', { timeout: 20_000 });
  await expect(manager.getByText('Abonnementen: Bloemenabonnement').first()).toBeVisible();
  const recipients = manager.getByRole('table', { name: 'Ontvangers en hun e-mail' });
  await expect(recipients.getByText('lid@deplukhoeve.be')).toBeVisible();
  await expect(recipients.getByText('Verzonden')).toBeVisible();
  await manager.getByRole('button', { name: 'Ontvangers verbergen' }).click();
  await expect(recipients).toHaveCount(0);
  await manager.getByRole('button', { name: 'Ontvangers tonen' }).first().click();
  await expect(recipients.getByText('Lien Lid')).toBeVisible();

  const mail = await waitForMail(
    'lid@deplukhoeve.be',
    (m) => m.subject === 'Dit mag je nu plukken bij De Plukhoeve' && m.text.includes(dahlia),
  );
  expect(mail.text).toContain('Dag Lien');
  expect(mail.text).toContain('Bloemenabonnement:');
  expect(mail.text).toContain(`- ${chard}: 1 bos per week`);
  expect(mail.text).toContain(`- ${dahlia}: 3 stelen per week`);

  // No horizontal scroll on the phone screens of this journey.
  for (const page of [manager, lien]) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  // The demo's pluk as it was: both crops disabled (members no longer see them).
  for (const name of [chard, dahlia]) {
    await manager.goto('/applicationManager/crops');
    await manager.getByLabel('Zoek een gewas').fill(name);
    await manager.getByRole('link', { name: new RegExp(`^${name}`) }).click();
    await manager.getByRole('button', { name: 'Uitschakelen' }).click();
    await expect(manager.getByText('Het gewas is uitgeschakeld: de leden zien het niet meer.')).toBeVisible();
  }
  await lien.goto('/pluk');
  await expect(lien.getByRole('region', { name: 'Bloemenabonnement' })).toBeVisible();
  await expect(lien.getByText(new RegExp(stamp))).toHaveCount(0);
});

/**
 * On the cooperative farm (Het Veld, its own `beheerder`) the same screens speak of articles and of the
 * offer ("aanbod") instead of crops and picking.
 */
test('the cooperative farm words the harvest screens as articles and offer', async ({ browser }) => {
  const koen = await signedIn(browser, 'beheerder', hetVeldURL);
  await koen.goto('/applicationManager');
  await expect(koen.getByRole('link', { name: /^Artikels/ })).toBeVisible();
  await koen.getByRole('link', { name: /^Artikels/ }).click();
  await expect(koen.getByRole('heading', { level: 1, name: 'Alle artikels' })).toBeVisible();
  await expect(koen).toHaveTitle('Alle artikels | Coöperatie Het Veld');
  await expect(koen.getByRole('link', { name: 'Nieuw artikel' })).toBeVisible();
  await expect(koen.getByLabel('Zoek een artikel')).toBeVisible();
  await expect(koen.getByRole('link', { name: /^Spinazie/ })).toContainText('in het aanbod van 1 abonnement');
  await koen.getByRole('button', { name: 'Inlezen uit rekenblad' }).click();
  await expect(koen.getByRole('heading', { name: 'Artikels inlezen uit een rekenblad' })).toBeVisible();

  await koen.goto('/applicationManager');
  await koen.getByRole('link', { name: /^Aanbod/ }).click();
  await expect(koen).toHaveURL(/\/applicationManager\/pluk$/);
  await expect(koen.getByRole('heading', { level: 1, name: 'Aanbod' })).toBeVisible();
  await expect(koen.getByRole('switch', { name: 'Spinazie in het aanbod voor Oogstaandeel' })).toBeChecked();
  await koen.getByRole('link', { name: 'Aanbod van de week instellen' }).click();
  await expect(koen.getByRole('heading', { level: 1, name: 'Aanbod van de week' })).toBeVisible();
  await expect(
    koen
      .getByRole('region', { name: 'Spinazie' })
      .getByRole('checkbox', { name: 'Spinazie in het aanbod voor Oogstaandeel' }),
  ).toBeChecked();

  await koen.goto('/applicationManager/pluk');
  await koen.getByRole('link', { name: 'Spinazie' }).click();
  await expect(
    koen.getByRole('button', { name: /^Uit het aanbod halen: Spinazie voor Oogstaandeel/ }),
  ).toBeVisible();
  await koen.getByRole('link', { name: 'Aanbod instellen' }).click();
  await expect(koen.getByRole('heading', { level: 1, name: 'Aanbod instellen' })).toBeVisible();
  await expect(koen.getByRole('checkbox', { name: /^In het aanbod voor Oogstaandeel/ })).toBeChecked();

  await koen.goto('/applicationManager/communication/sendpluk');
  await expect(koen.getByRole('heading', { level: 1, name: 'Aanbod-mail versturen' })).toBeVisible();
  await expect(koen.getByText(/wat het nu mag afhalen/)).toBeVisible();
  await expect(koen.getByRole('heading', { name: 'Verstuurde aanbod-mails' })).toBeVisible();
});
