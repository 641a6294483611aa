import { expect, test, type Page } from '@playwright/test';
import { dutchMonths, logIn } from './helpers';

/**
 * Picks a day in the date-time dialog, which opens on the month of the proposed start (a week from
 * now, 14:00; the time stays), and confirms it.
 */
async function pickDay(page: Page, picker: string, day: Date): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${picker}`) }).click();
  const dialog = page.getByRole('dialog', { name: picker });
  await expect(dialog).toBeVisible();
  const proposed = new Date(Date.now() + 7 * 24 * 3_600_000);
  const monthsAhead =
    (day.getFullYear() - proposed.getFullYear()) * 12 + (day.getMonth() - proposed.getMonth());
  for (let i = 0; i < monthsAhead; i++) await dialog.getByRole('button', { name: 'Volgende maand' }).click();
  const label = `${day.getDate()} ${dutchMonths[day.getMonth()]} ${day.getFullYear()}`;
  await dialog.getByRole('button', { name: label, exact: true }).first().click();
  await dialog.getByRole('button', { name: 'Datum en tijd bevestigen' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * An event from the manager's form to the attendance sheet, on a phone: the demo `beheerder` (an
 * ApplicationManager, so an EventManager too) creates an event with places; `lid` finds it under
 * Evenementen, signs up with one guest and appears on the sheet; the manager sees her there and confirms.
 */
test('an EventManager creates an event; a member signs up with a guest and is on the attendance sheet', async ({
  browser,
}) => {
  const title = `Bessen plukken ${Date.now().toString(36)}`;
  const day = new Date(Date.now() + 9 * 24 * 3_600_000);

  // The manager creates the event from the manager home.
  const manager = await (await browser.newContext()).newPage();
  await logIn(manager, 'beheerder');
  await manager.goto('/applicationManager');
  await manager.getByRole('link', { name: /Evenementen/ }).click();
  await expect(manager).toHaveURL(/\/applicationManager\/events$/);
  await manager.getByRole('link', { name: 'Nieuw evenement' }).click();
  await expect(manager).toHaveURL(/\/applicationManager\/events\/new$/);
  await manager.getByLabel('Titel').fill(title);
  await pickDay(manager, 'Begin', day);
  // The form proposes 14:00–17:00; the end moves along with the new day.
  await expect(manager.getByRole('button', { name: /^Begin/ })).toContainText(`${day.getDate()} `);
  await expect(manager.getByRole('button', { name: /^Begin/ })).toContainText('14:00');
  await expect(manager.getByRole('button', { name: /^Einde/ })).toContainText(`${day.getDate()} `);
  await expect(manager.getByRole('button', { name: /^Einde/ })).toContainText('17:00');
  await manager.getByLabel('Locatie').fill('De bessenstruiken');
  await manager.getByLabel('Aantal plaatsen').fill('10');
  await manager.getByLabel('Beschrijving').fill('We plukken samen rode bessen. Breng een bakje mee.');
  await manager.getByRole('button', { name: 'Evenement aanmaken' }).click();
  await expect(manager).toHaveURL(/\/applicationManager\/events\/\d+$/);
  await expect(manager.getByRole('heading', { name: title })).toBeVisible();
  await expect(manager.getByText('Nog niemand heeft zich aangemeld.')).toBeVisible();
  const eventPath = new URL(manager.url()).pathname.replace('/applicationManager', '');

  // Lien finds it under Evenementen and signs up with one guest.
  const lien = await (await browser.newContext()).newPage();
  await logIn(lien, 'lid');
  await lien.getByRole('link', { name: 'Evenementen', exact: true }).click();
  await expect(lien).toHaveURL(/\/events$/);
  const card = lien.getByRole('link', { name: new RegExp(title) });
  await expect(card).toContainText('Nog 10 plaatsen vrij');
  await card.click();
  await expect(lien).toHaveURL(new RegExp(`${eventPath}$`));
  await expect(lien.getByText('We plukken samen rode bessen. Breng een bakje mee.')).toBeVisible();
  await lien.getByLabel(/Aantal gasten/).fill('1');
  await lien.getByRole('button', { name: 'Aanmelden' }).click();
  await expect(
    lien.getByText('Je bent aangemeld met 1 gast. Een beheerder bevestigt je aanmelding nog.'),
  ).toBeVisible();
  const sheet = lien.getByRole('region', { name: 'Aanwezigheidslijst' });
  await expect(sheet).toContainText('Lien Lid (jij)');
  await expect(sheet).toContainText('+ 1 gast');
  await expect(sheet).toContainText('1 lid · 1 gast · 2 plaatsen');
  await expect(lien.getByText('2 van 10 plaatsen ingenomen · Nog 8 plaatsen vrij')).toBeVisible();

  // The manager sees Lien and her guest on the sheet, and confirms.
  await manager.reload();
  await expect(manager.getByText('1 lid · 1 gast · 2 plaatsen')).toBeVisible();
  await expect(manager.getByText('Lien Lid')).toBeVisible();
  await manager.getByRole('button', { name: 'Lien Lid bevestigen' }).click();
  await expect(manager.getByText('Lien Lid is bevestigd en krijgt een melding.')).toBeVisible();

  // Lien's sign-up is confirmed.
  await lien.reload();
  await expect(lien.getByText('Je aanmelding met 1 gast is bevestigd. Tot dan!')).toBeVisible();
  await expect(lien.getByRole('region', { name: 'Aanwezigheidslijst' })).toContainText('Bevestigd');

  // No horizontal scroll on the phone screens of this journey.
  for (const page of [lien, manager]) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
});
