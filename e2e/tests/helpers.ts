import { expect, type Page } from '@playwright/test';

export const demoPassword = 'pluk-demo';

/** Signs in through the login screen and waits until the app has left it. */
export async function logIn(page: Page, username: string, password = demoPassword): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Gebruikersnaam of e-mailadres').fill(username);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Aanmelden' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The persisted store, as the app keeps it in local storage. */
export async function readStore(
  page: Page,
): Promise<{ auth?: { token?: string; refreshToken?: string; loggedIn?: boolean } }> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('pluk_app_store');
    if (!raw) return {};
    const parsed = JSON.parse(raw) as { state?: unknown };
    return (parsed.state ?? parsed) as never;
  });
}
