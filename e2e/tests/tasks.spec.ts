import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

/**
 * A chore from start to credits, on a phone: a manager (the demo `beheerder`, an ApplicationManager, so a
 * TaskManager too) creates a chore with one place; `lid` takes it; `jef` finds it full and is told why in
 * Dutch; the manager confirms Lien; Lien gets the notification and sees the credits on /account/credits.
 */
test('a chore with one place: taken, refused to the second member, confirmed, credited', async ({
  browser,
}) => {
  const title = `Serre opruimen ${Date.now().toString(36)}`;

  // The manager creates the chore from the manager home.
  const manager = await (await browser.newContext()).newPage();
  await logIn(manager, 'beheerder');
  await manager.goto('/applicationManager');
  await manager.getByRole('link', { name: /Klusjes/ }).click();
  await expect(manager).toHaveURL(/\/applicationManager\/tasks$/);
  await manager.getByRole('link', { name: 'Nieuw klusje' }).click();
  await expect(manager).toHaveURL(/\/applicationManager\/tasks\/new$/);
  await manager.getByLabel('Titel').fill(title);
  await manager.getByLabel('Beschrijving').fill('Potten sorteren en de tafels afwassen.');
  await manager.getByLabel('Plaats', { exact: true }).fill('Serre');
  await manager.getByLabel('Aantal plaatsen').fill('1');
  await manager.getByLabel('Werkpunten per persoon').fill('2');
  await manager.getByRole('button', { name: 'Klusje aanmaken' }).click();
  await expect(manager).toHaveURL(/\/applicationManager\/tasks\/\d+$/);
  await expect(manager.getByRole('heading', { name: title })).toBeVisible();
  await expect(manager.getByText('Nog niemand heeft zich ingeschreven.')).toBeVisible();
  const taskPath = new URL(manager.url()).pathname.replace('/applicationManager', '');

  // Lien takes the one place from the chores list.
  const lien = await (await browser.newContext()).newPage();
  await logIn(lien, 'lid');
  await lien.getByRole('link', { name: 'Klusjes', exact: true }).click();
  await expect(lien).toHaveURL(/\/tasks$/);
  await lien.getByRole('link', { name: title }).click();
  await expect(lien).toHaveURL(new RegExp(`${taskPath}$`));
  await lien.getByRole('button', { name: 'Ik help mee' }).click();
  await expect(lien.getByText('Je bent ingeschreven. Een beheerder bevestigt je hulp nog.')).toBeVisible();

  // Jef finds it full and is told why.
  const jef = await (await browser.newContext()).newPage();
  await logIn(jef, 'jef');
  await jef.goto(taskPath);
  const take = jef.getByRole('button', { name: 'Ik help mee' });
  await expect(take).toBeDisabled();
  await expect(jef.getByText('Dit klusje is volzet: alle plaatsen zijn al ingenomen.')).toBeVisible();

  // The manager confirms Lien.
  await manager.reload();
  await manager.getByRole('button', { name: 'Lien Lid bevestigen' }).click();
  await expect(manager.getByText('Lien Lid is bevestigd en krijgt een melding.')).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Lien Lid weigeren' })).toBeVisible();

  // Lien sees the notification, opens it, and finds the credits.
  await lien.goto('/notifications');
  const notice = lien.getByText(`Je hulp bij "${title}" is bevestigd`);
  await expect(notice).toBeVisible();
  await lien.goto(taskPath);
  await expect(lien.getByText('Je hulp is bevestigd. Bedankt!')).toBeVisible();
  await lien.goto('/account');
  await lien.getByRole('link', { name: 'Mijn werkpunten' }).click();
  await expect(lien).toHaveURL(/\/account\/credits$/);
  await expect(lien.getByRole('link', { name: title })).toBeVisible();
  // The demo's pruning chore gave Lien 3 credits this harvest year; this one gives 2 more.
  await expect(lien.getByTestId('credits-total')).toHaveText('5 werkpunten');

  // No horizontal scroll on the phone screens of this journey.
  for (const page of [lien, manager]) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
});
