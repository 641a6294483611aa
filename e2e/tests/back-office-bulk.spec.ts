import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { demoPassword, signedIn, waitForMail } from './helpers';

// Staff screens: a laptop (decision 096).
test.use({ viewport: { width: 1280, height: 800 } });

const headers = ['Naam', 'Beschrijving', 'Hoe oogsten', 'Tip', 'Eenheid', 'Velden', 'Actief'];

/** Removes the farm's own texts that hold "taken": the journeys share one database. */
async function resetTaken(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { username: 'admin', password: demoPassword },
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const page = (await (
    await request.get('/api/admin/translation?overridden=true&pageSize=200', { headers: auth })
  ).json()) as { items: { namespace: string; key: string; override: string | null }[] };
  for (const item of page.items.filter((i) => /taken/i.test(i.override ?? ''))) {
    await request.delete(
      `/api/admin/translation?namespace=${encodeURIComponent(item.namespace)}&key=${encodeURIComponent(item.key)}`,
      { headers: auth },
    );
  }
}

/**
 * The back office as a cockpit, on a laptop (decision 094): the manager (`beheerder`) downloads
 * the crop template, imports 3,000 crops watching '… van 3.000', and undoes the import; previews a mailing
 * for a real member, sends a test to herself and reads a toast that says what happened; changes a setting
 * by its Dutch label. The Admin replaces 'Klusjes' by 'Taken' everywhere after a preview, and a member
 * sees 'Taken' on her home.
 */
test('template, import with counts and undo; a truthful test mail; a setting by its label; a word replaced', async ({
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const manager = await signedIn(browser, 'beheerder');

  // 1. The crop template, then 3,000 crops with a count while they are written.
  await manager.goto('/applicationManager/crops');
  await manager.getByRole('button', { name: 'Inlezen uit rekenblad' }).click();
  const downloading = manager.waitForEvent('download');
  await manager.getByRole('button', { name: 'Sjabloon downloaden (.xlsx)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('gewassen-sjabloon.xlsx');
  const template = new ExcelJS.Workbook();
  await template.xlsx.readFile(await download.path());
  expect((template.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(headers);

  const rows = Array.from(
    { length: 3000 },
    (_, i) => `Proef ${stamp} ${String(i).padStart(4, '0')};;;;stuk;;ja`,
  );
  await manager.locator('input[type="file"]').setInputFiles({
    name: 'veel-gewassen.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([headers.join(';'), ...rows].join('\n'), 'utf8'),
  });
  await expect(manager.getByText('3000 rijen: 3000 nieuw, 0 bij te werken.')).toBeVisible({
    timeout: 30_000,
  });
  await manager.getByRole('button', { name: '3000 rijen inlezen' }).click();
  await expect(manager.getByText(/^[\d.]+ van 3\.000 rijen opgeslagen…$/)).toBeVisible();
  await expect(manager.getByText('3000 gewassen toegevoegd en 0 bijgewerkt.')).toBeVisible({
    timeout: 60_000,
  });

  // … and undone: the dialog says plainly what goes and that it is final.
  await manager.getByRole('button', { name: 'Import ongedaan maken' }).click();
  const undo = manager.getByRole('dialog', { name: 'Deze import ongedaan maken?' });
  await expect(undo).toContainText('3000 nieuwe gewassen worden verwijderd.');
  await expect(undo).toContainText('Dit kan je zelf niet terugdraaien');
  await undo.getByRole('button', { name: 'Ongedaan maken' }).click();
  await expect(
    manager.getByRole('status').filter({ hasText: 'Import ongedaan gemaakt' }).first(),
  ).toBeVisible({
    timeout: 30_000,
  });
  await manager.getByLabel('Zoek een gewas').fill(`Proef ${stamp}`);
  await expect(manager.getByText('Geen gewas gevonden')).toBeVisible();

  // 2. A mailing previewed for a real member and tested on myself; the toast says where it went.
  await manager.goto('/applicationManager/communication');
  await manager.getByRole('textbox', { name: 'Onderwerp' }).fill(`Test ${stamp}`);
  const editor = manager.getByRole('textbox', { name: 'Bericht' });
  await editor.click();
  await editor.pressSequentially('Morgen is er oogstdag.');
  await manager.getByRole('button', { name: 'Voorbeeld bekijken' }).click();
  await expect(manager.getByRole('heading', { name: /^Zo leest .+ het$/ })).toBeVisible();
  await expect(manager.getByText(/^Dag /).first()).toBeVisible();
  await manager.getByRole('button', { name: 'Stuur een test naar mij' }).click();
  const toast = manager.getByText(/^Een test is onderweg naar .+@.+\.$/);
  await expect(toast).toBeVisible();
  const to = (await toast.textContent())!.replace(/^Een test is onderweg naar /, '').replace(/\.$/, '');
  const mail = await waitForMail(to, (m) => m.subject === `Test ${stamp}`);
  expect(mail.text).toContain('Morgen is er oogstdag.');

  // 3. A setting by its Dutch label, never its key.
  await manager.goto('/applicationManager/settings');
  const weather = manager.getByRole('region', { name: 'Weer op de startpagina' });
  await expect(weather.getByText('Plaatsnaam bij het weer', { exact: true })).toBeVisible();
  await expect(manager.getByText('weather.locationName')).toHaveCount(0);
  await weather.getByRole('button', { name: 'Plaatsnaam bij het weer wijzigen' }).click();
  const dialog = manager.getByRole('dialog', { name: 'Plaatsnaam bij het weer wijzigen' });
  const field = dialog.getByRole('textbox', { name: /Plaatsnaam bij het weer/ });
  const before = await field.inputValue();
  await field.fill(`Gent ${stamp}`);
  await dialog.getByRole('button', { name: 'Instelling opslaan' }).click();
  await expect(manager.getByText('De instelling is opgeslagen.')).toBeVisible();
  await field.fill(before);
  await dialog.getByRole('button', { name: 'Instelling opslaan' }).click();
  await manager.keyboard.press('Escape');

  // 4. The Admin replaces 'Klusjes' by 'Taken' everywhere, after a preview; a member sees it on her home.
  const admin = await signedIn(browser, 'admin');
  try {
    await admin.goto('/applicationManager/translations');
    await admin.getByRole('textbox', { name: 'Woord' }).fill('Klusjes');
    await admin.getByRole('textbox', { name: 'Wordt' }).fill('Taken');
    await admin.getByRole('button', { name: 'Voorbeeld tonen' }).click();
    const changes = admin.getByRole('list', { name: 'Teksten voor en na' });
    await expect(changes.getByText('→ Open taken')).toBeVisible();
    const confirm = admin.getByRole('button', { name: /^Vervang in \d+ teksten$/ });
    await confirm.click();
    await expect(admin.getByText(/^“Klusjes” is “Taken” geworden in \d+ teksten\.$/)).toBeVisible();

    const lien = await signedIn(browser, 'lid');
    await expect(lien.getByRole('heading', { name: 'Open taken' })).toBeVisible();
    await expect(lien.getByRole('heading', { name: 'Open klusjes' })).toHaveCount(0);
  } finally {
    await resetTaken(request);
  }
});
