import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { callApi, logIn } from './helpers';

/**
 * "Mijn gegevens" (decision 101) on a phone: a new member asks for a copy of her data on
 * /account/privacy, the server's job prepares it, she downloads the ZIP (JSON, spreadsheet, read-me),
 * then deletes her account with her password and is signed out; her login no longer works.
 */
test('a member downloads her data and deletes her account on a phone', async ({ page, request }) => {
  // A member of our own: the demo members are needed by the other journeys.
  const suffix = Date.now().toString(36);
  const username = `gegevens${suffix}`;
  const password = 'zomer-aardbei-42';
  const registered = await request.post('/api/auth/register', {
    data: {
      username,
      email: `${username}@example.be`,
      password,
      firstName: 'Griet',
      lastName: `Gegevens ${suffix}`,
    },
  });
  expect(registered.ok()).toBe(true);
  const waiting = await callApi<{ items: { id: number; username: string }[] }>(
    request,
    'beheerder',
    'POST',
    'applicationManager/user/paged',
    { page: 1, rowsPerPage: 50, isApproved: false, filter: username },
  );
  const member = waiting.items.find((item) => item.username === username);
  expect(member, 'the new registration on the waiting list').toBeDefined();
  await callApi(request, 'beheerder', 'POST', 'applicationManager/User/Approve', { userId: member!.id });

  await logIn(page, username, password);
  await page.goto('/account/privacy');
  const card = page.getByRole('region', { name: 'Mijn gegevens' });
  await card.getByRole('button', { name: 'Download mijn gegevens' }).click();
  // The job prepares it in the background; the card looks again every few seconds.
  const zipButton = card.getByRole('button', { name: 'ZIP-bestand downloaden' });
  await expect(zipButton).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText(/Je gegevens staan klaar tot/)).toBeVisible();

  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const [download] = await Promise.all([page.waitForEvent('download'), zipButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^mijn-gegevens-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  expect(Object.keys(files).sort()).toEqual(['LEESMIJ.txt', 'mijn-gegevens.json', 'mijn-gegevens.xlsx']);
  const data = JSON.parse(strFromU8(files['mijn-gegevens.json']!)) as {
    profile: { username: string }[];
    logins: unknown[];
  };
  expect(data.profile[0]!.username).toBe(username);
  expect(data.logins.length).toBeGreaterThan(0);
  // An XLSX is itself a ZIP.
  expect(strFromU8(files['mijn-gegevens.xlsx']!.subarray(0, 2))).toBe('PK');

  // Deleting asks for the password again, then signs her out.
  await page
    .getByRole('region', { name: 'Account verwijderen' })
    .getByRole('button', { name: 'Verwijder mijn account' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Je account verwijderen?' });
  await dialog.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Account definitief verwijderen' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(/Je account is verwijderd/)).toBeVisible();
  const again = await request.post('/api/auth/login', { data: { username, password } });
  expect(again.status()).toBe(401);
});
