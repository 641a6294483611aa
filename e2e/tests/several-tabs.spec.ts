import { expect, test } from '@playwright/test';
import { accessTokenTtlSeconds } from '../playwright.config';
import { logIn } from './helpers';

/**
 * A member with the app open in two tabs: when the access token has expired, both tabs need a new one
 * at the same moment. Refresh tokens are single use, so the tabs must take turns (and the second must
 * take the pair the first one got) — or the server sees a reused refresh token and signs both out.
 */
test('two tabs refresh an expired token together without signing the member out', async ({ context }) => {
  const first = await context.newPage();
  await logIn(first, 'lid');
  await expect(first.getByText('Dag Lien')).toBeVisible();
  const second = await context.newPage();
  await second.goto('/account');
  await expect(second.getByRole('heading', { name: 'Lien Lid' })).toBeVisible();

  await first.waitForTimeout((accessTokenTtlSeconds + 1) * 1000);
  const refreshes: number[] = [];
  context.on('response', (response) => {
    if (/\/api\/auth\/RefreshLogin$/i.test(response.url())) refreshes.push(response.status());
  });
  // Hold each refresh a moment, so that both tabs have found their token expired before either
  // refresh is answered: the worst case, which only taking turns across tabs survives.
  await context.route(/\/api\/auth\/RefreshLogin$/i, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await Promise.all([first.reload(), second.reload()]);

  await expect(first.getByText('Dag Lien')).toBeVisible();
  await expect(second.getByRole('heading', { name: 'Lien Lid' })).toBeVisible();
  expect(refreshes).toEqual([200]);

  // Both tabs keep working with the shared, rotated pair.
  await second.getByRole('link', { name: 'Mijn contactgegevens' }).click();
  await expect(second.getByText('lid@deplukhoeve.be')).toBeVisible();
  await first.goto('/account/privacy');
  await expect(first).toHaveURL(/\/account\/privacy$/);

  // Logging out in one tab ends the session in the other too.
  await second.goto('/account');
  await second.getByRole('button', { name: 'Afmelden' }).click();
  await expect(second).toHaveURL(/\/login/);
  await first.goto('/account/data');
  await expect(first).toHaveURL(/\/login\?redirect=%2Faccount%2Fdata$/);
});
