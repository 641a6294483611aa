import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { signedIn, waitForMail } from './helpers';

// Staff screens: a laptop (decision 097).
test.use({ viewport: { width: 1280, height: 800 } });

const headers = [
  'Voornaam',
  'Achternaam',
  'E-mail',
  'Telefoon',
  'Straat',
  'Huisnummer',
  'Postcode',
  'Gemeente',
  'Gebruikersnaam',
];

/**
 * The members' import, the crop import's twin (decision 097): from the users list the manager downloads
 * the template, sees a file's problems per row (twice in the file, already a member), imports a clean
 * file with the welcome e-mail ticked, the new member receives it, and the manager undoes the import
 * while nobody used the account.
 */
test('member template, problems per row, import with a welcome mail, undo', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const manager = await signedIn(browser, 'beheerder');
  await manager.goto('/applicationManager/users');
  await manager.getByRole('link', { name: 'Leden inlezen' }).click();
  await expect(manager.getByRole('heading', { name: 'Leden inlezen uit een rekenblad' })).toBeVisible();

  const downloading = manager.waitForEvent('download');
  await manager.getByRole('button', { name: 'Sjabloon downloaden (.xlsx)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('leden-sjabloon.xlsx');
  const template = new ExcelJS.Workbook();
  await template.xlsx.readFile(await download.path());
  expect((template.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(headers);

  const csv = (rows: string[]) => Buffer.from([headers.join(';'), ...rows].join('\n'), 'utf8');
  await manager.locator('input[type="file"]').setInputFiles({
    name: 'leden-fout.csv',
    mimeType: 'text/csv',
    buffer: csv([
      `Nele;Nieuw;nele-${stamp}@voorbeeld.be;;;;;;`,
      `Nele;Dubbel;NELE-${stamp}@voorbeeld.be;;;;;;`,
      'Lien;Lid;lid@deplukhoeve.be;;;;;;',
    ]),
  });
  await expect(manager.getByText('E-mail: Dit e-mailadres staat al op rij 2 van het bestand.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(manager.getByText('E-mail: Dit e-mailadres is al lid van deze boerderij.')).toBeVisible();
  await expect(manager.getByRole('button', { name: '3 leden inlezen' })).toBeDisabled();

  await manager.getByRole('button', { name: 'Ander bestand kiezen' }).click();
  await manager.locator('input[type="file"]').setInputFiles({
    name: 'leden.csv',
    mimeType: 'text/csv',
    buffer: csv([
      `Nele;Nieuw;nele-${stamp}@voorbeeld.be;0470 11 22 33;Kerkstraat;1;9000;Gent;`,
      `Omer;Oud;omer-${stamp}@voorbeeld.be;;;;;;`,
    ]),
  });
  await expect(manager.getByText('2 nieuwe leden.')).toBeVisible({ timeout: 30_000 });
  await manager.getByRole('checkbox', { name: /Stuur een welkomstmail/ }).check();
  await manager.getByRole('button', { name: '2 leden inlezen' }).click();
  await expect(manager.getByText(/2 leden toegevoegd\. 2 welkomstmails staan klaar/)).toBeVisible({
    timeout: 30_000,
  });
  const welcome = await waitForMail(`nele-${stamp}@voorbeeld.be`, (mail) =>
    mail.subject.startsWith('Welkom'),
  );
  expect(welcome.text).toContain('Dag Nele');

  // Nobody used the accounts yet: the undo says what goes for good and takes both away.
  await manager.getByRole('button', { name: 'Import ongedaan maken' }).click();
  const undo = manager.getByRole('dialog', { name: 'Deze import ongedaan maken?' });
  await expect(undo).toContainText('2 leden worden voorgoed verwijderd');
  await expect(undo).toContainText('een verstuurde mail kan niet teruggeroepen worden');
  await undo.getByRole('button', { name: 'Ongedaan maken' }).click();
  await expect(manager.getByText('Import ongedaan gemaakt: 2 leden verwijderd.').first()).toBeVisible({
    timeout: 30_000,
  });
});
