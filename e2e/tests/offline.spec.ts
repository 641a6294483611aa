import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { callApi, logIn } from './helpers';

/**
 * Offline reading on a phone (issue 36 point 3, decision 102): Lien (`lid`) reads her home, the harvest,
 * her subscription, her membership with a payment's page, her chores and the events; the network goes;
 * each screen still shows what she read, under a bar that says she is offline and since when; taking a
 * chore is refused with a clear message; after logging out nothing she read is kept.
 */
test.use({ serviceWorkers: 'allow' });

interface ChoreSummary {
  id: number;
  title: string;
  myStatus: string | null;
  isFull: boolean;
  isClosed: boolean;
  hasStarted: boolean;
}

const keptKey = 'pluk_offline_cache';
const offlineBar = (page: Page) => page.getByRole('status').filter({ hasText: 'Je bent offline.' });

test('Lien reads her screens without network, cannot change anything, and logging out forgets them', async ({
  page,
  request,
}) => {
  // Every screen twice, a build's worth of files cached by the service worker: more than the default.
  test.setTimeout(180_000);
  const { id } = await callApi<{ id: number }>(request, 'lid', 'GET', 'User');
  const transactions = await callApi<Array<{ publicId: string; status: string }>>(
    request,
    'lid',
    'GET',
    'Bank',
  );
  const payment = transactions.find((transaction) => transaction.status === 'open') ?? transactions[0];
  expect(payment, 'the demo has a payment of lid').toBeDefined();
  // A chore Lien can still take (the write tried offline).
  const chores = await callApi<{ items: Array<ChoreSummary> }>(
    request,
    'lid',
    'GET',
    'task?isCompleted=false&hasEnded=false&page=0&pageSize=50',
  );
  const chore = chores.items.find((c) => c.myStatus === null && !c.isFull && !c.isClosed && !c.hasStarted);
  expect(chore, 'an open chore for lid').toBeDefined();

  await logIn(page, 'lid');
  // The start-up questionnaire stays away ('Later', as its own button stores it).
  await page.evaluate(
    (userId) => localStorage.setItem(`pluk.startupQuestions.later.${userId}`, String(Date.now())),
    id,
  );

  // Online: every listed screen once.
  await page.goto('/pluk');
  await expect(page.getByRole('heading', { level: 1, name: 'Oogst van het moment' })).toBeVisible();
  const subscriptionLink = page.getByRole('link', { name: /^Bekijk je abonnement / }).first();
  const subscriptionPath = new URL((await subscriptionLink.getAttribute('href'))!, page.url()).pathname;
  await page.goto(subscriptionPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn abonnement' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Inhoud', selected: true })).toBeVisible();
  await page.goto('/account/membership');
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn lidmaatschap' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mijn abonnementen' })).toBeVisible();
  await page.goto(`/account/membership/${payment!.publicId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Betaling' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kopiëren: Rekeningnummer (IBAN)' })).toBeVisible();
  await page.goto('/account/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn klusjes' })).toBeVisible();
  await expect(page.getByRole('main').locator('a[href^="/tasks/"]').first()).toBeVisible();
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Evenementen' })).toBeVisible();
  const firstEvent = page.getByRole('main').getByRole('link').first();
  await expect(firstEvent).toBeVisible();
  const eventTitle = (await firstEvent.innerText()).split('\n')[0]!.trim();
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Te betalen' })).toBeVisible();
  await page.goto(`/tasks/${chore!.id}`);
  const choreTitle = chore!.title;
  await expect(page.getByRole('heading', { name: choreTitle })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ik help mee' })).toBeEnabled();

  // The app's files are in the service worker's cache, and the answers kept.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction((key) => localStorage.getItem(key)?.includes('"bank","public"'), keptKey);

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: choreTitle })).toBeVisible();
  await expect(offlineBar(page)).toHaveText(/^Je bent offline\. Je ziet de gegevens van .+, \d\d:\d\d\.$/);
  await expectNoAxeViolations(page, 'a chore offline');
  await page.getByRole('button', { name: 'Ik help mee' }).click();
  await expect(page.getByText(/^Je bent offline: dit is niet verstuurd en niet bewaard\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ik help mee' })).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Te betalen' })).toBeVisible();
  await expect(offlineBar(page)).toBeVisible();
  await expectNoAxeViolations(page, 'the home offline');
  await page.goto('/pluk');
  await expect(page.getByRole('heading', { level: 1, name: 'Oogst van het moment' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Bekijk je abonnement / }).first()).toBeVisible();
  await page.goto(subscriptionPath);
  await expect(page.getByRole('tab', { name: 'Inhoud', selected: true })).toBeVisible();
  await page.goto('/account/membership');
  await expect(page.getByRole('region', { name: 'Mijn abonnementen' })).toBeVisible();
  await page.goto(`/account/membership/${payment!.publicId}`);
  await expect(page.getByRole('button', { name: 'Kopiëren: Rekeningnummer (IBAN)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kopiëren: Gestructureerde mededeling' })).toBeVisible();
  await page.getByRole('button', { name: 'Betalen vanaf een ander toestel' }).click();
  await expect(page.getByRole('img', { name: 'QR-code om te betalen met je bankapp' })).toBeVisible();
  await page.goto('/account/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn klusjes' })).toBeVisible();
  await expect(page.getByRole('main').locator('a[href^="/tasks/"]').first()).toBeVisible();
  await expect(offlineBar(page)).toBeVisible();
  await page.goto('/events');
  await expect(page.getByRole('main').getByText(eventTitle).first()).toBeVisible();

  // Logging out, even offline, forgets what was kept.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Afmelden' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate((key) => localStorage.getItem(key), keptKey)).toBeNull();
  // Offline, with nothing kept, the app cannot start: none of what she read shows.
  await page.goto('/pluk');
  await expect(page.getByText(/De app ondergaat een update/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oogst van het moment' })).toHaveCount(0);
  await page.context().setOffline(false);
  await page.goto('/pluk');
  await expect(page).toHaveURL(/\/login/);
});
