import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

/**
 * The analyst on a phone (decision 085): Arne (`analist`, an Analyst who is no manager) finds "Analyse" on the
 * manager home, opens the overview of last harvest year (the demo's history, seed/demo-history.ts), reads
 * a chart as a table and downloads its numbers; an ApplicationManager may not look.
 */
test('an analyst reads last season from the charts, as a table and as CSV', async ({ page }) => {
  await logIn(page, 'analist');
  await page.goto('/applicationManager');
  await page.getByRole('link', { name: /Analyse/ }).click();
  await expect(page).toHaveURL(/\/analyst$/);
  await page.getByRole('link', { name: /Overzicht/ }).click();
  await expect(page).toHaveURL(/\/analyst\/graph$/);

  // This harvest year first, then the last year (per week): last season's history shows.
  await expect(page.getByRole('button', { name: 'Dit oogstjaar' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Afgelopen jaar' }).click();
  await expect(page).toHaveURL(/bucket=week/);
  const activity = page.getByRole('region', { name: 'Activiteit' });
  await expect(activity.getByRole('img', { name: /^Activiteit: 53 punten/ })).toBeVisible();
  await activity.getByRole('button', { name: 'Tabel' }).click();
  const table = activity.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Klusjes bevestigd' })).toBeVisible();
  const download = page.waitForEvent('download');
  await activity.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(
    /^graph-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-activity\.csv$/,
  );

  // A month range of last harvest year, per month, in the money view: the page does not scroll sideways.
  await page.getByRole('navigation', { name: 'Onderwerpen' }).getByRole('link', { name: 'Plukgeld' }).click();
  await expect(page).toHaveURL(/\/analyst\/wallet\?/);
  const year = new Date().getFullYear() - 1;
  // The range from the address (the date fields are pickers now, decision 091; member-week-words.spec).
  await page.goto(`/analyst/wallet?from=${year - 1}-03-01&to=${year + 1}-02-28&bucket=month`);
  await expect(page.getByLabel('Van', { exact: true })).toHaveText(new RegExp(`1 maart ${year - 1}$`));
  await expect(
    page
      .getByRole('region', { name: 'Plukgeld bij de leden' })
      .getByRole('img', { name: /^Plukgeld bij de leden:/ }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('an ApplicationManager may not open the analyst screens', async ({ page }) => {
  await logIn(page, 'beheerder');
  await page.goto('/analyst/graph');
  await expect(page.getByRole('heading', { name: 'Geen toegang' })).toBeVisible();
});
