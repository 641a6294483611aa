/**
 * The screenshots of decision 089's findings: the member screens the phone issue named, at 320 px
 * (deviceScaleFactor 1, so the files stay small), and the market and my orders at 390 px with 200 % text.
 * Against a running, built Pluk with the demo farm:
 *
 *   BASE_URL=http://localhost:3320 npx tsx support/phone-screenshots.ts ../docs/decisions/assets/089
 *
 * Not a journey: the pictures are for people to look at; e2e/tests/phone-fit.spec.ts is what checks.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';

const baseURL = process.env.BASE_URL ?? 'http://localhost:3199';
const folder = process.argv[2];
if (!folder) throw new Error('Usage: npx tsx support/phone-screenshots.ts <folder>');
mkdirSync(folder, { recursive: true });

async function api<T>(page: Page, token: string, apiPath: string): Promise<T> {
  const response = await page.request.get(`/api/${apiPath}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok()) throw new Error(`GET ${apiPath}: ${response.status()}`);
  return (await response.json()) as T;
}

/** The screen with its data: no spinner, no skeleton, fonts and images settled. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.locator('h1').first().waitFor();
  await page
    .locator('.mantine-Loader-root:visible, [data-pluk-skeleton]:visible')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({
  baseURL,
  viewport: { width: 320, height: 640 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
  locale: 'nl-BE',
});
const login = await page.request.post('/api/auth/login', {
  data: { username: 'lid', password: 'pluk-demo' },
});
const { token } = (await login.json()) as { token: string };
const week = await api<{ subscriptions: Array<{ subscriptionId: number }> }>(
  page,
  token,
  'pluk/plukoftheweek',
);
const bank = await api<Array<{ publicId: string }>>(page, token, 'Bank');

await page.goto('/login');
await page.getByLabel('Gebruikersnaam of e-mailadres').fill('lid');
await page.getByLabel('Wachtwoord', { exact: true }).fill('pluk-demo');
await page.getByRole('button', { name: 'Aanmelden' }).click();
await page.waitForURL((url) => !url.pathname.startsWith('/login'));

const shots: Array<{
  name: string;
  url: string;
  width: number;
  largeText?: boolean;
  firstScreen?: boolean;
  /** At 200 % text: the first element this selector finds, at the top of the screen. */
  scrollTo?: string;
}> = [
  { name: 'home-320', url: '/', width: 320, firstScreen: true },
  {
    name: 'pluk-subscription-320',
    url: `/pluk/subscription/${week.subscriptions[0]!.subscriptionId}`,
    width: 320,
  },
  { name: 'account-credits-320', url: '/account/credits', width: 320 },
  { name: 'market-320', url: '/market', width: 320 },
  { name: 'payment-320', url: `/account/membership/${bank[0]!.publicId}`, width: 320 },
  { name: 'market-390-200pct', url: '/market', width: 390, largeText: true, scrollTo: '[data-offer-card]' },
  { name: 'account-market-390-200pct', url: '/account/market', width: 390, largeText: true },
];
for (const shot of shots) {
  await page.setViewportSize({ width: shot.width, height: shot.largeText ? 844 : 640 });
  await page.goto(shot.url);
  await settle(page);
  if (shot.largeText)
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '200%';
    });
  await page.waitForTimeout(200);
  const file = path.join(folder, `${shot.name}.png`);
  if (shot.scrollTo)
    await page.evaluate((selector) => {
      const target = document.querySelector(selector)!;
      const header = document.querySelector('header')!.getBoundingClientRect().bottom;
      window.scrollBy(0, target.getBoundingClientRect().top - header - 8);
    }, shot.scrollTo);
  // The whole page at 320 px, in a screen as tall as the page (a whole-page picture would put the fixed
  // footer mid-page); the first screen of the home (the 'Te betalen' block above the footer's tabs) and
  // at 200 % text (very long pages).
  if (!shot.largeText && !shot.firstScreen) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: shot.width, height: Math.max(640, height) });
    await page.waitForTimeout(200);
  }
  await page.screenshot({ path: file });
  console.log(file);
}
await browser.close();
