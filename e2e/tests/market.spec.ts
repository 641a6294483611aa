import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { logIn } from './helpers';

const photo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/aardbeienveld.png');

/** A figure on /wallet in cents, as the screen shows it ("25,00 plukgeld" under "Saldo"). */
async function walletFigure(page: Page, label: 'Saldo' | 'Gereserveerd'): Promise<number> {
  const figure = page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(figure).toHaveText(/^\d[\d.]*,\d\d plukgeld$/);
  const text = (await figure.textContent()) ?? '';
  return Math.round(Number(text.replace(' plukgeld', '').replace(/\./g, '').replace(',', '.')) * 100);
}

/** The balance on /wallet, in cents. */
async function walletBalance(page: Page): Promise<number> {
  await page.goto('/wallet');
  return walletFigure(page, 'Saldo');
}

/** "12,50 plukgeld", as the web app writes an amount. */
function plukgeld(cents: number): string {
  const amount = new Intl.NumberFormat('nl-BE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${amount.format(cents / 100)} plukgeld`;
}

/**
 * The market on a phone (decision 061): `jef` puts up jam for 2,25 plukgeld a pot, with a photo; `marie`
 * (the demo gave every member 25,00) buys two; nothing moves until Jef confirms on the confirm-paid
 * screen; then 4,50 moves once, Marie's wallet shows − and Jef's +, with the balances to match.
 */
test('an offer with a photo: put up, bought twice over, confirmed paid, in both wallets', async ({
  browser,
}) => {
  const title = `Rabarberconfituur ${Date.now().toString(36)}`;

  const jef = await (await browser.newContext()).newPage();
  await logIn(jef, 'jef');
  const jefBefore = await walletBalance(jef);
  const marie = await (await browser.newContext()).newPage();
  await logIn(marie, 'marie');
  const marieBefore = await walletBalance(marie);
  const marieReservedBefore = await walletFigure(marie, 'Gereserveerd');
  expect(marieBefore - marieReservedBefore).toBeGreaterThanOrEqual(450);

  // Jef puts up the offer from the market list, with a photo through the dropzone's file input.
  await jef.goto('/market');
  await jef.getByRole('link', { name: 'Nieuw aanbod' }).first().click();
  await expect(jef).toHaveURL(/\/market\/new$/);
  await jef.getByLabel(/^Titel/).fill(title);
  await jef
    .getByLabel('Beschrijving', { exact: true })
    .fill('Met rabarber van perceel 7, zonder bewaarmiddelen.');
  await jef.getByRole('switch', { name: 'Gratis' }).uncheck({ force: true });
  await jef.getByLabel('Prijs per eenheid (plukgeld)').fill('2,25');
  await jef.getByLabel(/^Hoeveelheid/).fill('5');
  await jef.getByLabel('Eenheid', { exact: true }).fill('potten');
  await jef.getByLabel('Afhaalinformatie', { exact: true }).fill('Aan de schuur, op zaterdag.');
  await jef.locator('input[type="file"]').setInputFiles(photo);
  await expect(jef.getByRole('img', { name: 'aardbeienveld.png' })).toBeVisible();
  await expect(jef.getByText("1 van 6 foto's")).toBeVisible();
  await jef.getByRole('button', { name: 'Aanbod plaatsen' }).click();
  await expect(jef).toHaveURL(/\/market\/offer\/\d+$/);
  await expect(jef.getByRole('heading', { name: title })).toBeVisible();
  await expect(jef.getByRole('img', { name: `${title} foto 1` })).toBeVisible();
  await expect(jef.getByText('Nog niemand heeft iets gereserveerd.')).toBeVisible();
  const offerPath = new URL(jef.url()).pathname;

  // Marie finds it on the market and buys two pots.
  await marie.goto('/market');
  await marie
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  await expect(marie).toHaveURL(new RegExp(`${offerPath}$`));
  await expect(marie.getByRole('img', { name: `${title} foto 1` })).toBeVisible();
  await marie.getByLabel('Hoeveel?').fill('2');
  await expect(marie.getByText('Samen: 4,50 plukgeld')).toBeVisible();
  await marie.getByRole('button', { name: 'Kopen voor 4,50 plukgeld' }).click();
  await expect(
    marie.getByText('Gereserveerd: 2 potten voor 4,50 plukgeld. Spreek af met Jef om af te halen.'),
  ).toBeVisible();
  // Promised, not paid: the balance stands, the 4,50 is reserved on top of what was.
  expect(await walletBalance(marie)).toBe(marieBefore);
  expect(await walletFigure(marie, 'Gereserveerd')).toBe(marieReservedBefore + 450);

  // Jef opens the offer, goes to the confirm-paid screen and confirms.
  await jef.reload();
  const reservations = jef.getByRole('region', { name: 'Reservaties' });
  await expect(reservations).toContainText('Marie Maes');
  await expect(reservations).toContainText('2 potten · 4,50 plukgeld');
  await reservations.getByRole('link', { name: 'Betaald bevestigen: Marie Maes' }).click();
  await expect(jef).toHaveURL(new RegExp(`${offerPath}/confirm-paid/\\d+$`));
  await expect(jef.getByText('4,50 plukgeld gaat van Marie Maes naar jou.')).toBeVisible();
  await jef.getByRole('button', { name: 'Bevestig betaald' }).click();
  await expect(jef.getByText('Betaling bevestigd: 4,50 plukgeld staat op je portefeuille.')).toBeVisible();
  await expect(jef).toHaveURL(new RegExp(`${offerPath}$`));
  await expect(jef.getByRole('region', { name: 'Reservaties' })).toContainText('Betaald');

  // Both wallets show the one movement, and the balances moved by exactly 4,50.
  expect(await walletBalance(marie)).toBe(marieBefore - 450);
  expect(await walletFigure(marie, 'Gereserveerd')).toBe(marieReservedBefore);
  const bought = marie.getByRole('listitem').filter({ hasText: title });
  await expect(bought).toHaveCount(1);
  await expect(bought).toContainText('Aankoop');
  await expect(bought).toContainText('− 4,50 plukgeld');
  await expect(bought).toContainText('Aan Jef');
  await expect(marie.getByText(plukgeld(marieBefore - 450), { exact: true }).first()).toBeVisible();

  expect(await walletBalance(jef)).toBe(jefBefore + 450);
  const sold = jef.getByRole('listitem').filter({ hasText: title });
  await expect(sold).toHaveCount(1);
  await expect(sold).toContainText('Verkoop');
  await expect(sold).toContainText('+ 4,50 plukgeld');
  await expect(sold).toContainText('Van Marie');
  await sold.getByRole('link', { name: 'Naar de aanbieding' }).click();
  await expect(jef).toHaveURL(new RegExp(`${offerPath}$`));

  // No sideways scroll on the phone screens of this journey.
  for (const page of [jef, marie]) {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
});
