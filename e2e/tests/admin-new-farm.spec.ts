import { expect, test, type Browser, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { logIn, waitForMail } from './helpers';

/** The new farm's address: browsers send every `*.localhost` name to this machine. */
const newFarmURL = baseURL.replace('//localhost', '//nieuw.localhost');
const newAdmin = { username: 'eva', password: 'een-lang-nieuw-wachtwoord', email: 'eva@nieuwehoeve.be' };

/** A real 1×1 PNG. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A public call from inside the page: Node (Playwright's own requests) does not resolve `*.localhost`. */
function getJson<T = Record<string, unknown>>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => (await fetch(url)).json() as Promise<T>, path);
}

async function onNewFarm(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: newFarmURL })).newPage();
  await logIn(page, newAdmin.username, newAdmin.password);
  return page;
}

/**
 * An Admin of De Plukhoeve makes a new farm on nieuw.localhost from the administration actions; it
 * answers there at once, its first Admin gets the welcome e-mail and logs in there; then (with the
 * colours and logo screens of the settings slice) changes its colours and logo.
 */
test.describe.serial('a new farm', () => {
  test('an Admin makes a farm on its own host, and its first Admin logs in there', async ({
    page,
    browser,
  }) => {
    await logIn(page, 'admin');
    await page.goto('/applicationManager');
    await page.getByRole('link', { name: /Administratieve acties/ }).click();
    await page.getByRole('link', { name: /Nieuwe boerderij maken/ }).click();
    await expect(page).toHaveURL(/\/applicationManager\/settings\/CreateNewApp$/);

    await page.getByRole('textbox', { name: 'Naam', exact: true }).fill('De Nieuwe Hoeve');
    await page.getByRole('textbox', { name: 'App-id' }).fill('nieuw');
    await page.getByRole('textbox', { name: 'Hostnamen' }).fill('nieuw.localhost');
    await page.getByRole('textbox', { name: 'Hoofdkleur' }).fill('#1d4e89');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng });
    await expect(page.getByText('logo.png')).toBeVisible();
    await page.getByRole('textbox', { name: 'Voornaam' }).fill('Eva');
    await page.getByRole('textbox', { name: 'Achternaam' }).fill('Eerste');
    await page.getByRole('textbox', { name: 'Gebruikersnaam' }).fill(newAdmin.username);
    await page.getByRole('textbox', { name: 'E-mailadres' }).fill(newAdmin.email);
    await page.getByLabel(/^Wachtwoord/).fill(newAdmin.password);
    await page.getByRole('button', { name: 'Boerderij maken' }).click();

    await expect(page.getByText('De Nieuwe Hoeve is klaar')).toBeVisible();
    await expect(page.getByRole('link', { name: `Open ${newFarmURL}` })).toHaveAttribute('href', newFarmURL);
    const welcome = await waitForMail(newAdmin.email, (mail) => mail.subject.includes('De Nieuwe Hoeve'));
    expect(welcome.text).toContain(`${newFarmURL}/login`);

    // The new farm answers on its host at once, with its own name, and its first Admin logs in there.
    const eva = await onNewFarm(browser);
    // Staff land on their to-do list (decision 092).
    await expect(eva).toHaveTitle('Beheer | De Nieuwe Hoeve');
    const info = await getJson<{ logoUrl: string | null }>(eva, '/api/info');
    expect(info).toMatchObject({ appId: 'nieuw', appName: 'De Nieuwe Hoeve' });
    expect(info.logoUrl).not.toBeNull();
    await eva.goto('/applicationManager');
    await expect(eva.getByRole('link', { name: /Administratieve acties/ })).toBeVisible();
    // De Plukhoeve is still itself.
    await page.goto('/');
    await expect(page).toHaveTitle('Home | De Plukhoeve');
  });

  // Needs the settings slice's Colors and UpdateLogo screens: passes once both branches are merged.
  test("the new farm's first Admin changes its colours and logo", async ({ browser }) => {
    const eva = await onNewFarm(browser);
    await eva.goto('/applicationManager/settings/Colors');
    await eva.getByLabel('Hoofdkleur').fill('#aa3300');
    await eva.getByLabel('Tweede kleur').fill('#ffcc00');
    await eva.getByLabel('Achtergrondkleur').fill('#fffaf0');
    await eva.getByRole('button', { name: 'Kleuren opslaan' }).click();
    await expect
      .poll(() => getJson(eva, '/api/info/colors'))
      .toEqual({ primary: '#aa3300', secondary: '#ffcc00', background: '#fffaf0' });

    const before = (await getJson<{ logoUrl: string | null }>(eva, '/api/info')).logoUrl;
    await eva.goto('/applicationManager/settings/UpdateLogo');
    await eva
      .locator('input[type=file]')
      .setInputFiles({ name: 'nieuw-logo.png', mimeType: 'image/png', buffer: tinyPng });
    await eva.getByRole('button', { name: 'Logo opslaan' }).click();
    await expect
      .poll(async () => (await getJson<{ logoUrl: string | null }>(eva, '/api/info')).logoUrl)
      .not.toEqual(before);
    // De Plukhoeve keeps its own colours.
    const plukhoeve = await (await eva.request.get(`${baseURL}/api/info/colors`)).json();
    expect(plukhoeve.primary).toBe('#2f7d32');
  });
});
