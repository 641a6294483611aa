import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

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

export const mailStandInUrl = `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT ?? 3198}`;

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** Waits until the mail stand-in has received a message for `to` that matches, and returns it. */
export async function waitForMail(
  to: string,
  matches: (mail: ReceivedMail) => boolean,
): Promise<ReceivedMail> {
  const until = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${mailStandInUrl}/messages?to=${encodeURIComponent(to)}`);
    const found = ((await response.json()) as ReceivedMail[]).find(matches);
    if (found) return found;
    if (Date.now() > until) throw new Error(`No matching e-mail for ${to} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The months as the date pickers name their days ("27 november 2026"). */
export const dutchMonths = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
];

/** Euros as the web app writes them ("€ 1.234,50"); Playwright reads the no-break space as a space. */
export const euros = (cents: number) =>
  `€ ${new Intl.NumberFormat('nl-BE', { maximumFractionDigits: 0 }).format(Math.floor(cents / 100))},${String(cents % 100).padStart(2, '0')}`;

/**
 * One call of the API as `username`, signed in for it alone: the journeys' access tokens live 4 s, so a
 * token is not kept between calls.
 */
export async function callApi<T>(
  request: APIRequestContext,
  username: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<T> {
  const login = await request.post('/api/auth/login', { data: { username, password: demoPassword } });
  expect(login.ok(), `log in as ${username}`).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const response = await request.fetch(`/api/${path}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A page of its own browser context, signed in as `username`. */
export async function signedIn(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, username);
  return page;
}
