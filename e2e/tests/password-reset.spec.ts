import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { logIn, waitForMail } from './helpers';

/**
 * A member who forgot the password asks for a link, receives it by e-mail (a real SMTP stand-in),
 * chooses a new password, and logs in with it. The link works once.
 */
test('a member resets a forgotten password through the e-mailed link', async ({ page }) => {
  const email = 'analist@deplukhoeve.be';
  const newPassword = 'herfst-pompoen-77';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await expect(page).toHaveURL(/\/request-reset$/);
  await page.getByLabel('Gebruikersnaam of e-mailadres').fill('analist');
  await page.getByRole('button', { name: 'Stuur me een link' }).click();
  await expect(page.getByText('Kijk in je mailbox')).toBeVisible();

  const mail = await waitForMail(email, (m) => m.subject === 'Nieuw wachtwoord voor De Plukhoeve');
  const link = /https?:\/\/\S+\/auth\/passwordReset\/\S+\/\d+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  expect(link!.startsWith(`${baseURL}/auth/passwordReset/`)).toBe(true);

  await page.goto(link!);
  await page.getByLabel(/^Nieuw wachtwoord/).fill(newPassword);
  await page.getByLabel(/^Herhaal je nieuwe wachtwoord/).fill(newPassword);
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText('Je wachtwoord is gewijzigd.', { exact: false })).toBeVisible();

  // The old password no longer works; the new one does.
  await page.goto('/login');
  await page.getByLabel('Gebruikersnaam of e-mailadres').fill('analist');
  await page.getByLabel('Wachtwoord', { exact: true }).fill('pluk-demo');
  await page.getByRole('button', { name: 'Aanmelden' }).click();
  await expect(page.getByText('Gebruikersnaam of wachtwoord is onjuist.')).toBeVisible();
  await logIn(page, 'analist', newPassword);
  // Staff (an Analyst too) land on their to-do list (decision 092).
  await expect(page).toHaveTitle('Beheer | De Plukhoeve');

  // The link was for one use only.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(link!);
  await page.getByLabel(/^Nieuw wachtwoord/).fill('nog-een-wachtwoord');
  await page.getByLabel(/^Herhaal je nieuwe wachtwoord/).fill('nog-een-wachtwoord');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText('Deze link is ongeldig of verlopen.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Vraag een nieuwe link aan' })).toBeVisible();
});
