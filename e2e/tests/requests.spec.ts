import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

/**
 * A request with a reward, on a phone (decision 059): `lid` asks for help with a reward of 1,50 plukgeld; the
 * demo `beheerder` takes it; Lien confirms the help; the reward moves once, and both wallets show the
 * movement with the request's title.
 */
test('a request with a reward: asked, taken, confirmed, paid', async ({ browser }) => {
  const title = `Ladder lenen ${Date.now().toString(36)}`;

  // Lien asks, from the home's requests block.
  const lien = await (await browser.newContext()).newPage();
  await logIn(lien, 'lid');
  await lien.getByRole('link', { name: 'Alle verzoeken' }).click();
  await expect(lien).toHaveURL(/\/requests$/);
  await lien.getByRole('link', { name: 'Nieuw verzoek' }).click();
  await expect(lien).toHaveURL(/\/requests\/new$/);
  await lien.getByLabel(/Wat vraag je/).fill(title);
  await lien.getByLabel('Uitleg').fill('Voor de kersenboom, zaterdag.');
  await lien.getByLabel('Beloning').fill('1,5');
  await lien.getByRole('button', { name: 'Verzoek plaatsen' }).click();
  await expect(lien).toHaveURL(/\/requests\/\d+$/);
  await expect(lien.getByRole('heading', { name: title })).toBeVisible();
  await expect(lien.getByText('1,50 plukgeld beloning')).toBeVisible();
  const requestPath = new URL(lien.url()).pathname;

  // Bart finds it in the list and helps.
  const bart = await (await browser.newContext()).newPage();
  await logIn(bart, 'beheerder');
  await bart.goto('/requests');
  await bart.getByRole('link', { name: new RegExp(title) }).click();
  await expect(bart).toHaveURL(new RegExp(`${requestPath}$`));
  await bart.getByRole('button', { name: 'Ik help' }).click();
  await expect(bart.getByText(/^Jij helpt Lien/)).toBeVisible();

  // Lien confirms: the dialog says what moves to whom.
  await lien.reload();
  await expect(lien.getByText(/^Bart helpt je/)).toBeVisible();
  await lien.getByRole('button', { name: 'Bevestigen' }).click();
  const dialog = lien.getByRole('dialog', { name: 'Hulp bevestigen' });
  await expect(dialog).toContainText('1,50 plukgeld gaat naar Bart.');
  await dialog.getByRole('button', { name: 'Ja, bevestigen' }).click();
  await expect(lien.getByText('Afgerond: 1,50 plukgeld ging naar Bart.')).toBeVisible();

  // Both wallets show the one movement.
  await lien.goto('/wallet');
  const paid = lien.getByRole('listitem').filter({ hasText: title });
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText('Beloning');
  await expect(paid).toContainText('− 1,50 plukgeld');
  await expect(paid).toContainText('Aan Bart');
  await bart.goto('/wallet');
  const earned = bart.getByRole('listitem').filter({ hasText: title });
  await expect(earned).toHaveCount(1);
  await expect(earned).toContainText('+ 1,50 plukgeld');
  await expect(earned).toContainText('Van Lien');
  const noSideScroll = await bart.evaluate(
    () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
  );
  expect(noSideScroll).toBe(true);
});
