import { expect, test, type Page } from '@playwright/test';
import { logIn } from './helpers';

/**
 * A member's week on a phone, the words of it (decision 091), at 390 and
 * 320 px: Lien (`lid`) taps a notification and lands on its subject; her chore sign-up reads the same on
 * the home and on /tasks; buying on the market empties the quantity and says what was reserved; a visitor
 * opens /RestrictedUserPage without a login; Arne (`analist`) reads a chart whose axis speaks Dutch
 * numbers and ends today.
 */

const widths = [390, 320];

/** The words of the status badge (a `data-color` pill) inside `holder`. */
const badgeOf = (page: Page, holder: ReturnType<Page['locator']>) =>
  holder.locator('[data-color]').first().innerText();

for (const width of widths) {
  test(`Lien's week at ${width} px: notification, chore status, buying`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await logIn(page, 'lid');

    // The home counts who is online (Lien herself, at least).
    await expect(page.getByText(/^\d+ (lid is|leden zijn) nu online$/)).toBeVisible();

    // The chore she signed up for: one word on the home and on /tasks.
    const homeCard = page.getByRole('link', { name: /Aardbeien uitplanten/ }).first();
    await expect(homeCard).toBeVisible();
    const onHome = await badgeOf(page, homeCard);
    await page.goto('/tasks');
    const tasksCard = page.getByRole('link', { name: /Aardbeien uitplanten/ }).first();
    await expect(tasksCard).toBeVisible();
    const onTasks = await badgeOf(page, tasksCard);
    expect(onHome.toLowerCase()).toBe('wacht op bevestiging');
    expect(onTasks).toBe(onHome);

    // A notification opens its subject: the confirmed chore's opens that chore.
    await page.goto('/notifications');
    const chore = page.locator('a[href^="/tasks/"]').first();
    await expect(chore).toContainText('Openen');
    await chore.click();
    await expect(page).toHaveURL(/\/tasks\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The crop news opens what may be picked now.
    await page.goto('/notifications');
    await page.getByRole('link', { name: /Nieuw op het veld/ }).click();
    await expect(page).toHaveURL(/\/pluk$/);

    // Buying: the quantity empties, the confirmation says what was reserved, a second tap buys nothing.
    await page.goto('/market');
    await page
      .getByRole('link', { name: /Verse eieren/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/market\/offer\/\d+$/);
    await page.getByLabel('Hoeveel?').fill('1');
    await page.getByRole('button', { name: 'Kopen voor 0,30 plukgeld' }).click();
    await expect(page.getByText(/^Gereserveerd: 1 .*voor 0,30 plukgeld\./)).toBeInViewport();
    await expect(page.getByLabel('Hoeveel?')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Kopen', exact: true })).toBeDisabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}

test('a visitor opens /RestrictedUserPage without a login, at 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/RestrictedUserPage');
  await expect(page).toHaveURL(/\/RestrictedUserPage$/);
  await expect(page.getByRole('heading', { name: 'Je account wacht op goedkeuring' })).toBeVisible();
  await page.getByRole('link', { name: 'Naar aanmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

for (const width of widths) {
  test(`Arne's chart at ${width} px: Dutch whole numbers on the axis, ending today`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await logIn(page, 'analist');
    await page.goto('/analyst/task');
    // This harvest year by default: it runs past today, the chart stops at this month.
    const chart = page
      .getByRole('region')
      .filter({ has: page.locator('.recharts-surface') })
      .first();
    await expect(chart.locator('.recharts-surface')).toBeVisible();
    const month = new Intl.DateTimeFormat('nl-BE', { month: 'short', year: 'numeric' }).format(new Date());
    await expect(chart.getByRole('img', { name: new RegExp(`tot ${month}\\.$`) })).toBeVisible();

    const yTicks = await chart
      .locator('.recharts-yAxis .recharts-cartesian-axis-tick-value')
      .allTextContents();
    expect(yTicks.length).toBeGreaterThan(1);
    // Counts: whole numbers with a thousands point, never 0.45 or 1,35.
    for (const tick of yTicks) expect(tick.trim()).toMatch(/^\d{1,3}(\.\d{3})*$/);
    const xTicks = await chart
      .locator('.recharts-xAxis .recharts-cartesian-axis-tick-value')
      .allTextContents();
    expect(xTicks.at(-1)?.trim()).toBe(month);

    // The date fields are the Dutch pickers of the other screens.
    await expect(page.getByLabel('Van', { exact: true })).toHaveText(
      /^(ma|di|wo|do|vr|za|zo) \d{1,2} [a-z]+ \d{4}$/,
    );
  });
}
