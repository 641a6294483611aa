import { expect, test } from '@playwright/test';
import { accessTokenTtlSeconds } from '../playwright.config';
import { logIn, readStore, waitForMail } from './helpers';

/**
 * The newcomer's way in: register → waiting → approved by a manager in the waiting-list screen →
 * log in → home → a reload stays logged in → the access token expires and is refreshed unnoticed → logout.
 */
test('a newcomer registers, is approved from the waiting list and stays logged in', async ({ browser }) => {
  const suffix = Date.now().toString(36);
  const username = `nieuw${suffix}`;
  const password = 'zomer-aardbei-42';
  const firstName = 'Femke';
  const lastName = `Peeters ${suffix}`;

  const newcomer = await (await browser.newContext()).newPage();

  // Register, with the username checked while typing.
  await newcomer.goto('/Register');
  await expect(newcomer.getByText('Over het lidmaatschap')).toBeVisible();
  await newcomer.getByLabel('Gebruikersnaam').fill('lid');
  await expect(newcomer.getByText('Deze gebruikersnaam is al in gebruik.')).toBeVisible();
  await newcomer.getByLabel('Gebruikersnaam').fill(username);
  await expect(newcomer.getByText('Deze gebruikersnaam is vrij.')).toBeVisible();
  await newcomer.getByLabel('E-mailadres').fill(`${username}@example.be`);
  await newcomer.getByLabel(/^Wachtwoord/).fill(password);
  await newcomer.getByLabel('Herhaal je wachtwoord').fill(password);
  await newcomer.getByLabel('Voornaam').fill(firstName);
  await newcomer.getByLabel('Achternaam').fill(lastName);
  await newcomer.getByLabel('Gemeente').fill('Gent');
  await newcomer.getByRole('button', { name: 'Gezinslid toevoegen' }).click();
  await newcomer.getByLabel(/^Naam/).last().fill('Lotte');
  await newcomer.getByRole('button', { name: 'Registreren' }).click();
  await expect(newcomer.getByText('Kijk in je mailbox')).toBeVisible();

  // Logged in but not approved: only the restricted page.
  await logIn(newcomer, username, password);
  await expect(newcomer).toHaveURL(/\/RestrictedUserPage$/);
  await expect(newcomer.getByText('Je account wacht op goedkeuring')).toBeVisible();
  await newcomer.goto('/account');
  await expect(newcomer).toHaveURL(/\/RestrictedUserPage$/);

  // The demo admin approves the newcomer in the waiting-list screen.
  const manager = await (await browser.newContext()).newPage();
  await logIn(manager, 'admin');
  await manager.getByRole('link', { name: 'Beheer' }).click();
  await expect(manager).toHaveURL(/\/applicationManager$/);
  await manager.getByRole('link', { name: /Wachtlijst/ }).click();
  await expect(manager).toHaveURL(/\/applicationManager\/users\/waiting-list$/);
  const fullName = `${firstName} ${lastName}`;
  await expect(manager.getByText(fullName)).toBeVisible();
  await manager.getByRole('button', { name: `${fullName} goedkeuren` }).click();
  await manager.getByRole('button', { name: 'Ja, goedkeuren' }).click();
  await expect(manager.getByText(`${fullName} is goedgekeurd en krijgt een welkomstmail.`)).toBeVisible();
  await expect(manager.getByText(fullName, { exact: true })).toHaveCount(0);

  // The welcome e-mail reached the newcomer, through the farm's mail server.
  const welcome = await waitForMail(
    `${username}@example.be`,
    (m) => m.subject === 'Welkom bij De Plukhoeve!',
  );
  expect(welcome.text).toContain(`Dag ${firstName},`);
  expect(welcome.text).toContain(username);

  // The newcomer is let in and sees the home page.
  await newcomer.getByRole('button', { name: 'Opnieuw controleren' }).click();
  await expect(newcomer).toHaveURL(/\/$/);
  await expect(newcomer.getByText(`Dag ${firstName}`)).toBeVisible();

  // A reload keeps the session.
  await newcomer.reload();
  await expect(newcomer.getByText(`Dag ${firstName}`)).toBeVisible();
  const before = await readStore(newcomer);
  expect(before.auth?.loggedIn).toBe(true);

  // The access token expires; the next call refreshes it without the member noticing.
  await newcomer.waitForTimeout((accessTokenTtlSeconds + 1) * 1000);
  const refreshed = newcomer.waitForResponse(
    (response) => /\/api\/auth\/RefreshLogin$/i.test(response.url()) && response.status() === 200,
  );
  await newcomer.getByRole('link', { name: 'Mijn account' }).click();
  await expect(newcomer).toHaveURL(/\/account$/);
  await newcomer.getByRole('link', { name: 'Mijn contactgegevens' }).click();
  await refreshed;
  await expect(newcomer.getByText(`${username}@example.be`)).toBeVisible();
  await expect(newcomer).toHaveURL(/\/account\/data$/);
  const after = await readStore(newcomer);
  expect(after.auth?.token).toBeTruthy();
  expect(after.auth?.token).not.toBe(before.auth?.token);
  expect(after.auth?.refreshToken).not.toBe(before.auth?.refreshToken);

  // Logout ends the session: the app goes to /login and guards the member pages again.
  await newcomer.goto('/account');
  await newcomer.getByRole('button', { name: 'Afmelden' }).click();
  await expect(newcomer).toHaveURL(/\/login/);
  await newcomer.goto('/account/edit');
  await expect(newcomer).toHaveURL(/\/login\?redirect=%2Faccount%2Fedit$/);
  expect((await readStore(newcomer)).auth?.loggedIn).toBeFalsy();
});

test('after login the member lands on the page that was asked for', async ({ page }) => {
  await page.goto('/account/data');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Fdata$/);
  await page.getByLabel('Gebruikersnaam of e-mailadres').fill('lid');
  await page.getByLabel('Wachtwoord', { exact: true }).fill('pluk-demo');
  await page.getByRole('button', { name: 'Aanmelden' }).click();
  await expect(page).toHaveURL(/\/account\/data$/);
  // A logged-in member opening /login goes home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
});

test('a plain member sees no manager area, a manager does', async ({ browser }) => {
  const member = await (await browser.newContext()).newPage();
  await logIn(member, 'lid');
  await expect(member.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
  await expect(member.getByRole('link', { name: 'Beheer' })).toHaveCount(0);
  await member.goto('/applicationManager/users/waiting-list');
  await expect(member.getByRole('heading', { name: 'Geen toegang' })).toBeVisible();

  const manager = await (await browser.newContext()).newPage();
  await logIn(manager, 'beheerder');
  await manager.getByRole('link', { name: 'Beheer' }).click();
  await manager.getByRole('link', { name: /Wachtlijst/ }).click();
  await expect(manager.getByRole('heading', { name: 'Wachtlijst' })).toBeVisible();
  // The back button goes up one path level: the users list, an area of the manager home (no back button).
  await manager.getByRole('link', { name: 'Terug' }).click();
  await expect(manager).toHaveURL(/\/applicationManager\/users$/);
  await expect(manager.getByRole('heading', { name: 'Leden' })).toBeVisible();
  await expect(manager.getByRole('link', { name: 'Terug' })).toHaveCount(0);
});
