import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { structuredReferenceFromNumber } from '@pluk/contract';
import { camt053File } from '../../packages/server/test/helpers/bank-statement-files.ts';
import { mollieApiKey } from '../support/mollie';
import { loadRoutedScreens, type RoutedScreen } from '../support/router-routes';
import { axeViolations } from '../support/axe';
import { demoPassword, logIn } from './helpers';

/**
 * WCAG 2.2 AA on every routed screen and its dialogs, at the phone viewport of the config, for the
 * role each screen is for (packages/web/docs/accessibility.md). The screens come from the router
 * itself, so a new screen is checked without anyone adding it here. Per screen: axe-core with the
 * A and AA tags of WCAG 2.0, 2.1 and 2.2; names that contain the visible text (2.5.3); the
 * document title `{screen} | {app name}` (2.4.2); at 200 % text no sideways scroll and no clipped
 * title or button label (1.4.4, 1.4.10). Dialogs, and states that only show after an action (a form
 * sent empty, a choice made), are checked the same way. On a few
 * representative screens every element reached with Tab shows a focus ring (2.4.7) and is not
 * covered by the sticky header or footer (2.4.11).
 */

const appName = 'De Plukhoeve';
const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/web/src');

type Account = 'guest' | 'wachtend1' | 'lid' | 'beheerder' | 'admin' | 'analist';

/** Who opens a screen: the role it is for; member screens also as a manager (more controls). */
function accountsFor(screen: RoutedScreen): Account[] {
  const access = screen.access;
  if (access === 'public' || access === 'guest') return ['guest'];
  // Public too (decision 091): a visitor reads it without a login.
  if (access === 'restricted') return ['wachtend1', 'guest'];
  if (access === 'member') return ['lid', 'beheerder'];
  if (access === 'admin') return ['admin'];
  // Analyst passes for Analyst and Admin only, not for an ApplicationManager
  // (docs/product/people-and-roles.md, "Roles").
  if (typeof access === 'object' && access.role === 'Analyst') return ['analist'];
  return ['beheerder'];
}

/** A screen's header title from the web app's own Dutch texts (`ns:titles.x` or common's `titles.x`). */
function screenTitle(titleKey: string): string {
  const [namespace, key] = titleKey.includes(':') ? titleKey.split(':') : ['common', titleKey];
  const texts = JSON.parse(readFileSync(path.join(webSrc, 'locales/nl-be', `${namespace}.json`), 'utf8'));
  const value = key!
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
  if (typeof value !== 'string') throw new Error(`No Dutch text for ${titleKey}`);
  return value;
}

/** A GET of the API as `account` (signed in through the API, apart from the browser's session). */
async function apiGet(browserPage: Page, account: Account, apiPath: string): Promise<unknown> {
  const login = await browserPage.request.post('/api/auth/login', {
    data: { username: account, password: demoPassword },
  });
  expect(login.ok(), `log in as ${account}`).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const response = await browserPage.request.get(apiPath, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET ${apiPath}`).toBe(true);
  return response.json();
}

/** A POST (or DELETE) to the API as `account`, to put the demo farm in a state a screen needs. */
async function apiPost(
  browserPage: Page,
  account: Account,
  apiPath: string,
  data: unknown,
  method: 'POST' | 'PUT' | 'DELETE' = 'POST',
): Promise<unknown> {
  const login = await browserPage.request.post('/api/auth/login', {
    data: { username: account, password: demoPassword },
  });
  expect(login.ok(), `log in as ${account}`).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const response = await browserPage.request.fetch(apiPath, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), `${method} ${apiPath}: ${await response.text()}`).toBe(true);
  return response.status() === 204 ? null : response.json();
}

/** Ids from the demo farm's data, read from the API as the account that opens the screen. */
async function firstId(browserPage: Page, account: Account, apiPath: string): Promise<number> {
  const find = (node: unknown): number | undefined => {
    if (Array.isArray(node)) {
      for (const item of node) {
        const found = find(item);
        if (found !== undefined) return found;
      }
    } else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (typeof record.id === 'number') return record.id;
      for (const value of Object.values(record)) {
        const found = find(value);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  const id = find(await apiGet(browserPage, account, apiPath));
  if (id === undefined) throw new Error(`The demo farm has nothing at ${apiPath}`);
  return id;
}

interface OrderLike {
  reservation: { id: number; status: string };
  offer: { id: number };
}

/**
 * The account's own offer with a reservation still waiting (the owner's view with its reservations,
 * edit and confirm-paid need the owner): the offer's id and the reservation's (`:takerId`).
 */
async function ownOfferWithWaitingReservation(
  page: Page,
  account: Account,
): Promise<{ id: number; takerId: number }> {
  const orders = (await apiGet(page, account, '/api/user/productreservations')) as {
    fromOthers: OrderLike[];
  };
  const waiting = orders.fromOthers.find((order) => order.reservation.status === 'reserved');
  if (!waiting)
    throw new Error(
      `The demo farm has no offer of ${account} with a waiting reservation (seed/demo-market.ts)`,
    );
  return { id: waiting.offer.id, takerId: waiting.reservation.id };
}

/** An open offer of someone else (the buyer's view: quantity and the buy button). */
async function othersOffer(page: Page, account: Account): Promise<number> {
  const list = (await apiGet(page, account, '/api/product')) as {
    items: Array<{ id: number; isMine: boolean; isClosed: boolean; isSoldOut: boolean }>;
  };
  const offer = list.items.find((item) => !item.isMine && !item.isClosed && !item.isSoldOut);
  if (!offer) throw new Error(`The demo farm has no offer of someone else than ${account}`);
  return offer.id;
}

interface MyRequestsLike {
  asked: Array<{ id: number; status: string }>;
}

/** The account's own request that someone took (the requester's view with confirm and refuse). */
async function ownTakenRequest(page: Page, account: Account): Promise<number> {
  const { asked } = (await apiGet(page, account, '/api/user/requests')) as MyRequestsLike;
  const taken = asked.find((request) => request.status === 'taken');
  if (!taken) throw new Error(`The demo farm has no request of ${account} that someone took`);
  return taken.id;
}

/**
 * A bank statement with one payment that matches nothing (a reference no transaction has), read as the
 * BankManager reads one: the import screen then lists it, and the line has its match dialog.
 */
async function importBankStatement(page: Page): Promise<void> {
  const login = await page.request.post('/api/auth/login', {
    data: { username: 'beheerder', password: demoPassword },
  });
  const { token } = (await login.json()) as { token: string };
  const stamp = Date.now().toString(36);
  const response = await page.request.post('/api/applicationManager/bank/import', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      file: {
        name: `afschrift-toegankelijkheid-${stamp}.xml`,
        mimeType: 'application/xml',
        buffer: camt053File({
          accountIban: 'BE68539007547034', // the demo farm's account (seed/demo-bank.ts)
          lines: [
            {
              amountCents: 4_250,
              structuredReference: structuredReferenceFromNumber(987_654_320),
              name: 'Onbekende Betaler',
              iban: 'BE62510007547061',
              date: new Date().toISOString().slice(0, 10),
              bankReference: `a11y-${stamp}-1`,
            },
          ],
        }),
      },
    },
  });
  expect(response.ok(), `POST applicationManager/bank/import: ${await response.text()}`).toBe(true);
}

/**
 * Before the walk: someone (the demo `beheerder`) takes Lien's open request, so that her request
 * screen shows the confirm and refuse dialogs of decision 065; the farm gets the Mollie stand-in's key, so
 * that the payment page offers "Online betalen" and the Mollie page shows a connection and its remove
 * dialog; and a bank statement is read, with a line to match by hand (decision 076). The `afterAll` takes
 * the key away again, as the bank's journey expects Mollie not set up yet.
 */
let mollieKeyGiven = false;
async function prepareDemoFarm(page: Page): Promise<void> {
  await apiPost(page, 'beheerder', '/api/applicationManager/mollie', { apiKey: mollieApiKey });
  mollieKeyGiven = true;
  await importBankStatement(page);
  await openReenrolmentRound(page);
  const { asked } = (await apiGet(page, 'lid', '/api/user/requests')) as MyRequestsLike;
  if (asked.some((request) => request.status === 'taken')) return;
  const open = asked.find((request) => request.status === 'open');
  if (!open) throw new Error('The demo farm has no open request of lid');
  await apiPost(page, 'beheerder', '/api/request/take', { requestId: open.id });
}

/**
 * A re-enrolment round for next year (decision 079) with a questionnaire for every member, answered by the
 * accounts of the walk (Lien continues, the managers stop), so that the round's follow-up shows answers and
 * the thanks page has a questionnaire, while no walked screen is covered by the start-up dialog (it asks
 * only who has not answered; the dialog itself is checked in reenrolment.spec.ts). The `afterAll` deletes the
 * round: the re-enrolment journey starts from a farm without one.
 */
let reenrolmentPolicyId: number | null = null;
async function openReenrolmentRound(page: Page): Promise<void> {
  const { currentHarvestYear } = (await apiGet(page, 'lid', '/api/User/Membership')) as {
    currentHarvestYear: number;
  };
  const deadline = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const policy = (await apiPost(page, 'beheerder', '/api/applicationManager/IntentionPolicy', {
    harvestYear: currentHarvestYear + 1,
    title: 'Doe je volgend jaar mee?',
    explanation: '<p>Kies je abonnement voor volgend oogstjaar.</p>',
    deadline,
    offers: [
      { name: 'Groot', description: 'Voor een gezin', adultPriceCents: 12_000, childPriceCents: 6_000 },
    ],
  })) as { id: number; offers: Array<{ id: number }> };
  reenrolmentPolicyId = policy.id;
  await apiPost(
    page,
    'beheerder',
    '/api/applicationManager/administration-actions/createQuestionsForNextYear',
    {
      policyId: policy.id,
    },
  );
  for (const account of ['lid', 'beheerder', 'admin'] as const) {
    const { questionnaire } = (await apiGet(page, account, '/api/QuestionsForNextYear')) as {
      questionnaire: { id: number } | null;
    };
    // Staff without a subscription get none (decision 090): nothing of theirs to answer.
    if (!questionnaire && account !== 'lid') continue;
    if (!questionnaire) throw new Error(`No questionnaire for ${account}`);
    const answer =
      account === 'lid' ? { choice: 'continue', offerIds: [policy.offers[0]!.id] } : { choice: 'stop' };
    await apiPost(page, account, `/api/QuestionsForNextYear/${questionnaire.id}`, answer, 'PUT');
  }
}

/** After the walk, whatever became of it: Mollie as the demo farm starts (not configured), no round. */
test.afterAll(async ({ browser }) => {
  if (!mollieKeyGiven && reenrolmentPolicyId === null) return;
  const page = await (await newPhoneContext(browser)).newPage();
  if (mollieKeyGiven) {
    await apiPost(page, 'beheerder', '/api/applicationManager/mollie', undefined, 'DELETE');
    mollieKeyGiven = false;
  }
  if (reenrolmentPolicyId !== null) {
    await apiPost(
      page,
      'beheerder',
      `/api/applicationManager/IntentionPolicy/${reenrolmentPolicyId}`,
      undefined,
      'DELETE',
    );
    reenrolmentPolicyId = null;
  }
  await page.context().close();
});

interface BankTransactionLike {
  id: number;
  publicId: string;
  userId: number | null;
  status: string;
}

/** Lien's first transaction, as she sees her own (`GET Bank`): its public id opens the payment pages. */
async function lienTransaction(page: Page): Promise<BankTransactionLike> {
  const mine = (await apiGet(page, 'lid', '/api/Bank')) as BankTransactionLike[];
  const first = mine[0];
  if (!first) throw new Error('The demo farm has no transaction of lid (seed/demo-bank.ts)');
  return first;
}

/**
 * Lien's open transaction in the bank, as a BankManager finds it (`applicationManager/bank/Paged`):
 * open, so that its page has every action and dialog; its `userId` is hers.
 */
async function lienOpenTransactionInBank(page: Page): Promise<BankTransactionLike> {
  const paged = (await apiPost(page, 'beheerder', '/api/applicationManager/bank/Paged', {
    search: 'lid@deplukhoeve.be',
    status: 'open',
  })) as { items: BankTransactionLike[] };
  const open = paged.items[0];
  if (!open) throw new Error('The demo farm has no open transaction of lid (seed/demo-bank.ts)');
  return open;
}

/** Where the id of a `:id` screen comes from (member lists as the member, manager lists as a manager). */
const idSources: Array<{ prefix: string; api: string }> = [
  { prefix: '/tasks/', api: '/api/Task/true' },
  { prefix: '/events/', api: '/api/event' },
  { prefix: '/posts/', api: '/api/post' },
  { prefix: '/requests/', api: '/api/request' },
  { prefix: '/applicationManager/tasks/', api: '/api/applicationManager/Task' },
  { prefix: '/applicationManager/events/', api: '/api/applicationManager/Event' },
  { prefix: '/applicationManager/posts/', api: '/api/applicationManager/Post' },
  { prefix: '/applicationManager/product/', api: '/api/applicationManager/product' },
  { prefix: '/applicationManager/crops/', api: '/api/applicationManager/Crop' },
  { prefix: '/applicationManager/fields/', api: '/api/applicationManager/Field' },
  { prefix: '/applicationManager/pluk/', api: '/api/applicationManager/Crop' },
  { prefix: '/pluk/subscription/', api: '/api/User/subscriptions' },
  { prefix: '/applicationManager/subscription/', api: '/api/applicationManager/subscription' },
  {
    prefix: '/applicationManager/administration-actions/IntentionPolicy/',
    api: '/api/applicationManager/IntentionPolicy',
  },
  // The thanks page: the account's own questionnaire (`{ questionnaire: { id, … } }`).
  { prefix: '/questionsfornextyear/', api: '/api/QuestionsForNextYear' },
];

/** A crop the account may pick now, with its subscription: the first of `pluk/plukoftheweek` that has one. */
async function pickableCrop(
  browserPage: Page,
  account: Account,
): Promise<{ cropId: number; subscriptionId: number }> {
  const week = (await apiGet(browserPage, account, '/api/pluk/plukoftheweek')) as {
    subscriptions: Array<{ subscriptionId: number; crops: Array<{ cropId: number }> }>;
  };
  for (const subscription of week.subscriptions) {
    const crop = subscription.crops[0];
    if (crop) return { cropId: crop.cropId, subscriptionId: subscription.subscriptionId };
  }
  throw new Error(`The demo farm has nothing to pick now for ${account}`);
}

async function urlOf(page: Page, screen: RoutedScreen, account: Account): Promise<string> {
  if (screen.path === '*') return '/bestaat-niet';
  let url = screen.path;
  if (url.startsWith('/applicationManager/bank/')) {
    // A transaction's pages and a member's payments: Lien's open transaction, and Lien.
    if (url.includes(':id') || url.includes(':userId')) {
      const transaction = await lienOpenTransactionInBank(page);
      url = url.replace(':id', String(transaction.id)).replace(':userId', String(transaction.userId));
    }
  } else if (url.includes(':publicId')) {
    // The payment page and the return page open without a login, by the transaction's public id.
    url = url.replace(':publicId', (await lienTransaction(page)).publicId);
  }
  url = url.replace(':token', 'e2e-ongeldige-sleutel').replace(':userId', '1').replace(':productId', ':id');
  const asAccount = account === 'guest' ? 'lid' : account;
  if (url.startsWith('/market/offer/:id')) {
    // Lien's offer detail as its owner (reservations, close and delete); Bart's as a buyer. Edit and
    // confirm-paid are for the owner: an own offer with a waiting reservation (its id is `:takerId`).
    if (url === '/market/offer/:id' && asAccount === 'beheerder') {
      url = url.replace(':id', String(await othersOffer(page, asAccount)));
    } else {
      const own = await ownOfferWithWaitingReservation(page, asAccount);
      url = url.replace(':id', String(own.id)).replace(':takerId', String(own.takerId));
    }
  } else if (url === '/pluk/detail/:id/:subscriptionId') {
    // The demo gives subscriptions to members only: a manager sees Lien's crop as "not pickable for me".
    const crop = await pickableCrop(page, 'lid');
    url = `/pluk/detail/${crop.cropId}/${crop.subscriptionId}`;
  } else if (url.startsWith('/applicationManager/users/') && url.includes(':id')) {
    // Lien, a member: a manager may act on her account (delete dialog and all), not on the Admin's
    // (decision 086), who comes first by name.
    url = url.replace(':id', String((await lienOpenTransactionInBank(page)).userId));
  } else if (url === '/requests/:id' && asAccount === 'lid') {
    url = url.replace(':id', String(await ownTakenRequest(page, asAccount)));
  } else if (url.includes(':id')) {
    const source = idSources.find((s) => url.startsWith(s.prefix));
    if (!source) throw new Error(`accessibility.spec.ts: say where the :id of ${screen.path} comes from`);
    // My subscription likewise: Lien's, which a manager without one sees as "not found"; and Lien's
    // questionnaire, as staff without a subscription get none (decision 090).
    const idAccount =
      url.startsWith('/pluk/') || url.startsWith('/questionsfornextyear/') ? 'lid' : asAccount;
    url = url.replace(':id', String(await firstId(page, idAccount, source.api)));
  }
  if (url.includes(':')) throw new Error(`accessibility.spec.ts: fill the parameters of ${screen.path}`);
  return url;
}

/** Dialogs opened on a screen (the button that opens each), checked like the screen itself. */
const dialogs: Array<{ path: string; account: Account; button: string | RegExp }> = [
  { path: '/applicationManager/users/waiting-list', account: 'beheerder', button: /goedkeuren/i },
  // translations (Admin)
  { path: '/applicationManager/translations', account: 'admin', button: /^Aanpassen: / },
  { path: '/applicationManager/users/:id', account: 'beheerder', button: 'Verwijderen' },
  { path: '/applicationManager/posts/:id', account: 'beheerder', button: 'Mailen naar de leden' },
  { path: '/applicationManager/posts/:id', account: 'beheerder', button: 'Verwijderen' },
  { path: '/applicationManager/tasks/:id', account: 'beheerder', button: 'Afsluiten' },
  { path: '/applicationManager/tasks/:id', account: 'beheerder', button: 'Verwijderen' },
  { path: '/applicationManager/events/:id', account: 'beheerder', button: 'Sluiten' },
  { path: '/applicationManager/events/:id', account: 'beheerder', button: 'Verwijderen' },
  { path: '/applicationManager/crops/:id', account: 'beheerder', button: 'Verwijderen' },
  { path: '/applicationManager/fields/:id', account: 'beheerder', button: 'Verwijderen' },
  { path: '/market/offer/:id', account: 'lid', button: 'Sluiten' },
  { path: '/market/offer/:id', account: 'lid', button: 'Verwijderen' },
  { path: '/market/offer/:id', account: 'lid', button: /^Weigeren: / },
  { path: '/market/offer/:id/confirm-paid/:takerId', account: 'beheerder', button: 'Weigeren' },
  { path: '/requests/:id', account: 'lid', button: 'Bevestigen' },
  { path: '/requests/:id', account: 'lid', button: 'Weigeren' },
  { path: '/applicationManager/subscription/:id', account: 'beheerder', button: 'Verwijderen' },
  { path: '/applicationManager/bank', account: 'beheerder', button: 'Nieuwe transactie' },
  {
    path: '/applicationManager/bank/Transactions/detail/:id',
    account: 'beheerder',
    button: 'Betaald zetten',
  },
  {
    path: '/applicationManager/bank/Transactions/detail/:id',
    account: 'beheerder',
    button: 'Transactie annuleren',
  },
  { path: '/applicationManager/bank/Transactions/detail/:id', account: 'beheerder', button: 'Verwijderen' },
  { path: '/applicationManager/mollie', account: 'beheerder', button: 'Sleutel verwijderen' },
  {
    path: '/applicationManager/administration-actions/IntentionPolicy/:id',
    account: 'beheerder',
    button: 'Herinnering sturen',
  },
  {
    path: '/applicationManager/administration-actions/IntentionPolicy/:id',
    account: 'beheerder',
    button: 'Verwijderen',
  },
  // admin actions
  { path: '/applicationManager/settings/Actions', account: 'admin', button: 'Welkomstmails opnieuw sturen' },
  { path: '/applicationManager/settings/Actions', account: 'admin', button: 'Deze boerderij verwijderen' },
  // settings
  { path: '/applicationManager/settings', account: 'beheerder', button: 'Nieuwe instelling' },
  {
    path: '/applicationManager/settings',
    account: 'beheerder',
    button: /^Plaatsnaam bij het weer wijzigen$/,
  },
  {
    path: '/applicationManager/settings/advanced',
    account: 'admin',
    button: /^Plaatsnaam bij het weer verwijderen$/,
  },
];

/**
 * States of a screen that only show after an action (a form's errors, a choice made), checked like the
 * screen itself; `act` brings the screen there without sending anything.
 */
const states: Array<{ path: string; account: Account; name: string; act: (page: Page) => Promise<void> }> = [
  {
    path: '/market/new',
    account: 'lid',
    name: 'priced, sent empty',
    act: async (page) => {
      await page.getByRole('switch', { name: 'Gratis' }).uncheck({ force: true });
      await page.getByRole('button', { name: 'Aanbod plaatsen' }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
  {
    path: '/applicationManager/internalbank',
    account: 'beheerder',
    name: 'donate form sent empty',
    act: async (page) => {
      await page.getByRole('button', { name: 'Schenken' }).click();
      await expect(page.getByText('Vul een bedrag in plukgeld in, bijvoorbeeld 5 of 2,50.')).toBeVisible();
    },
  },
  {
    path: '/applicationManager/internalbank',
    account: 'beheerder',
    name: 'donate form with a member picked',
    act: async (page) => {
      await page.getByRole('checkbox').first().check();
      await page.getByLabel(/^Bedrag per lid/).fill('2,50');
      await expect(page.getByText('1 lid krijgt 2,50 plukgeld.')).toBeVisible();
    },
  },
  {
    path: '/applicationManager/bank/import',
    account: 'beheerder',
    name: 'an earlier import opened, a line to match',
    act: async (page) => {
      await page
        .getByRole('link', { name: /^afschrift-toegankelijkheid-/ })
        .first()
        .click();
      await expect(page.getByRole('button', { name: /^Koppel / })).toBeVisible();
    },
  },
  {
    path: '/applicationManager/bank/import',
    account: 'beheerder',
    name: 'the match dialog of a line',
    act: async (page) => {
      await page
        .getByRole('link', { name: /^afschrift-toegankelijkheid-/ })
        .first()
        .click();
      await page
        .getByRole('button', { name: /^Koppel / })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Lijn koppelen aan een transactie' });
      // It searches for the line's reference, which no transaction has: a name shows candidates.
      await dialog.getByRole('searchbox', { name: 'Zoek een open transactie' }).fill('Lien');
      await expect(dialog.getByRole('radiogroup', { name: /^Open transacties/ })).toBeVisible();
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300))); // the opening transition
    },
  },
  {
    path: '/applicationManager/bank/settings',
    account: 'beheerder',
    name: 'no name and a wrong IBAN, sent',
    act: async (page) => {
      await page.getByLabel(/^Naam van de rekeninghouder/).fill('');
      await page.getByLabel(/^IBAN-rekeningnummer/).fill('BE00 1234');
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(2);
    },
  },
  {
    path: '/applicationManager/mollie',
    account: 'beheerder',
    name: 'a key of the wrong form, sent',
    act: async (page) => {
      await page.getByLabel(/API-sleutel van Mollie/).fill('sleutel');
      await page.getByRole('button', { name: 'Sleutel opslaan' }).click();
      await expect(page.getByText(/^Een Mollie-sleutel begint met test_ of live_/)).toBeVisible();
    },
  },
];

/** Screens where every element reached with Tab is checked for a focus ring and for being in view. */
const keyboardScreens: Array<{ path: string; account: Account }> = [
  { path: '/login', account: 'guest' },
  { path: '/', account: 'lid' },
  { path: '/tasks', account: 'lid' },
  { path: '/events', account: 'lid' },
  { path: '/notifications', account: 'lid' },
  { path: '/account/edit', account: 'lid' },
  { path: '/applicationManager/tasks', account: 'beheerder' },
  { path: '/applicationManager/tasks/new', account: 'beheerder' },
  { path: '/market', account: 'lid' },
  { path: '/market/new', account: 'lid' },
  { path: '/wallet', account: 'lid' },
  { path: '/applicationManager/internalbank', account: 'beheerder' },
  { path: '/account/membership/:publicId', account: 'guest' },
  { path: '/applicationManager/bank/Transactions/detail/:id', account: 'beheerder' },
];

interface Findings {
  axe: string[];
  names: string[];
  titles: string[];
  overflow: string[];
  clipped: string[];
  focusRing: string[];
  covered: string[];
}

async function newPhoneContext(browser: Browser): Promise<BrowserContext> {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    deviceScaleFactor: use.deviceScaleFactor,
    locale: use.locale,
    serviceWorkers: use.serviceWorkers,
  });
  // The config's action and navigation timeouts, which a context made by hand does not inherit.
  context.setDefaultTimeout(use.actionTimeout || 20_000);
  context.setDefaultNavigationTimeout(use.navigationTimeout || 30_000);
  return context;
}

/** Waits until the screen has loaded its data: the heading is there, no loader spins, no list skeleton waits. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root:visible, [data-pluk-skeleton]:visible')).toHaveCount(0);
}

/**
 * WCAG 2.5.3, stricter than axe (which leaves long texts to a person): a link or button with an
 * `aria-label` and visible text has that whole text in its name, so "say what you see" works.
 */
async function nameMismatches(page: Page, where: string, within = 'body'): Promise<string[]> {
  const found = await page.evaluate((scope) => {
    const normal = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
    const mismatches: string[] = [];
    const controls = document
      .querySelector(scope)!
      .querySelectorAll<HTMLElement>(
        'a[aria-label], button[aria-label], [role="button"][aria-label], [role="link"][aria-label]',
      );
    for (const control of Array.from(controls)) {
      const visible = normal(control.innerText ?? '');
      const name = normal(control.getAttribute('aria-label') ?? '');
      if (visible && !name.includes(visible))
        mismatches.push(`"${name}" does not contain "${visible.slice(0, 60)}"`);
    }
    return mismatches;
  }, within);
  return found.map((text) => `${where}: ${text}`);
}

/** At 200 % text: how far the page scrolls sideways, and which titles and labels are cut off. */
async function largeText(page: Page, within = 'body'): Promise<{ sideways: number; clipped: string[] }> {
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '200%';
  });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const result = await page.evaluate((scope) => {
    const root = document.documentElement;
    const clipped: string[] = [];
    const candidates = document
      .querySelector(scope)!
      .querySelectorAll<HTMLElement>(
        'header *, footer *, h1, h2, h3, button, button *, a, a *, label, .mantine-Badge-root, .mantine-Badge-root *',
      );
    for (const element of Array.from(candidates)) {
      const text = element.textContent?.trim();
      if (!text) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width <= 2 || rect.height <= 2) continue; // visually hidden text for screen readers
      const style = getComputedStyle(element);
      const cuts = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      if (cuts && element.scrollWidth > element.clientWidth + 1)
        clipped.push(`${element.tagName.toLowerCase()}.${element.className} "${text.slice(0, 40)}"`);
    }
    return { sideways: root.scrollWidth - root.clientWidth, clipped };
  }, within);
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '';
  });
  return result;
}

/** Tabs through a screen: each focused element shows a ring and is not under the sticky bars. */
async function keyboardWalk(page: Page, where: string, findings: Findings): Promise<number> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const seen = new Set<string>();
  let count = 0;
  for (let step = 0; step < 60; step++) {
    await page.keyboard.press('Tab');
    const state = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const ring =
        (style.outlineStyle !== 'none' &&
          parseFloat(style.outlineWidth) >= 1 &&
          !style.outlineColor.endsWith(', 0)')) ||
        (style.boxShadow !== 'none' && style.boxShadow !== '');
      const rect = element.getBoundingClientRect();
      const bars = Array.from(document.querySelectorAll<HTMLElement>('header, footer')).filter((bar) =>
        ['sticky', 'fixed'].includes(getComputedStyle(bar).position),
      );
      let covered = '';
      for (const bar of bars) {
        if (bar.contains(element)) continue;
        const barRect = bar.getBoundingClientRect();
        const overlap = Math.min(rect.bottom, barRect.bottom) - Math.max(rect.top, barRect.top);
        if (overlap > 1)
          covered = `${bar.tagName.toLowerCase()} covers ${Math.round(overlap)} of ${Math.round(rect.height)} px`;
      }
      const name =
        element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
      return { key: `${element.tagName}|${name}|${Math.round(rect.top + scrollY)}`, name, ring, covered };
    });
    if (!state) continue;
    if (seen.has(state.key)) break; // back at the start
    seen.add(state.key);
    count++;
    if (!state.ring) findings.focusRing.push(`${where}: no focus ring on "${state.name}"`);
    if (state.covered) findings.covered.push(`${where}: "${state.name}": ${state.covered}`);
  }
  return count;
}

test('every routed screen and dialog meets WCAG 2.2 AA on a phone (axe, title, 200 % text, focus)', async ({
  browser,
}) => {
  test.setTimeout(25 * 60_000);
  const screens = await loadRoutedScreens();
  // The router has the screens it says it has: member, manager and public ones.
  expect(screens.length).toBeGreaterThanOrEqual(37);

  const contexts = new Map<Account, Page>();
  const setup = await (await newPhoneContext(browser)).newPage();
  await prepareDemoFarm(setup);
  await setup.context().close();

  const pageFor = async (account: Account): Promise<Page> => {
    let page = contexts.get(account);
    if (!page) {
      page = await (await newPhoneContext(browser)).newPage();
      if (account !== 'guest') await logIn(page, account);
      contexts.set(account, page);
    }
    return page;
  };

  const findings: Findings = {
    axe: [],
    names: [],
    titles: [],
    overflow: [],
    clipped: [],
    focusRing: [],
    covered: [],
  };
  let checked = 0;
  let dialogsChecked = 0;
  let focusChecked = 0;
  let statesChecked = 0;
  for (const screen of screens) {
    for (const account of accountsFor(screen)) {
      const page = await pageFor(account);
      const url = await urlOf(page, screen, account);
      const where = `${url} (${account})`;
      await test.step(where, async () => {
        await page.goto(url);
        await settle(page);
        checked++;

        findings.axe.push(...(await axeViolations(page, where)));
        findings.names.push(...(await nameMismatches(page, where)));

        const expectedTitle = `${screenTitle(screen.titleKey ?? 'productName')} | ${appName}`;
        const title = await page.title();
        if (title !== expectedTitle)
          findings.titles.push(`${where}: "${title}", expected "${expectedTitle}"`);

        const large = await largeText(page);
        if (large.sideways > 0) findings.overflow.push(`${where}: scrolls ${large.sideways} px sideways`);
        findings.clipped.push(...large.clipped.map((label) => `${where}: ${label}`));

        for (const dialog of dialogs.filter((d) => d.path === screen.path && d.account === account)) {
          const trigger = page
            .getByRole('button', { name: dialog.button, exact: typeof dialog.button === 'string' })
            .first();
          await trigger.click();
          const opened = page.getByRole('dialog');
          await expect(opened).toBeVisible();
          await page.evaluate(
            () => new Promise((resolve) => setTimeout(resolve, 300)), // Mantine's opening transition
          );
          findings.axe.push(...(await axeViolations(page, `${where} dialog "${dialog.button}"`)));
          findings.names.push(...(await nameMismatches(page, `${where} dialog`, '[role="dialog"]')));
          const large = await largeText(page, '[role="dialog"]');
          if (large.sideways > 0)
            findings.overflow.push(`${where} dialog: scrolls ${large.sideways} px sideways`);
          findings.clipped.push(...large.clipped.map((label) => `${where} dialog: ${label}`));
          await page.keyboard.press('Escape');
          await expect(opened).toBeHidden();
          dialogsChecked++;
        }

        for (const state of states.filter((d) => d.path === screen.path && d.account === account)) {
          await page.goto(url);
          await settle(page);
          await state.act(page);
          const here = `${where} (${state.name})`;
          findings.axe.push(...(await axeViolations(page, here)));
          findings.names.push(...(await nameMismatches(page, here)));
          const large = await largeText(page);
          if (large.sideways > 0) findings.overflow.push(`${here}: scrolls ${large.sideways} px sideways`);
          findings.clipped.push(...large.clipped.map((label) => `${here}: ${label}`));
          statesChecked++;
          await page.goto(url);
          await settle(page);
        }

        if (keyboardScreens.some((k) => k.path === screen.path && k.account === account))
          focusChecked += await keyboardWalk(page, where, findings);
      });
    }
  }

  const summary = Object.entries(findings)
    .map(([kind, list]) => `${kind}: ${list.length}`)
    .join(', ');
  console.log(
    `accessibility: ${checked} screen checks, ${dialogsChecked} dialogs, ${statesChecked} states, ${focusChecked} focus stops; ${summary}`,
  );
  for (const [kind, list] of Object.entries(findings))
    if (list.length) console.log(`${kind}:\n  ${list.join('\n  ')}`);

  expect(dialogsChecked).toBe(dialogs.length);
  expect(statesChecked).toBe(states.length);
  expect(focusChecked).toBeGreaterThan(20);
  expect(findings).toEqual({
    axe: [],
    names: [],
    titles: [],
    overflow: [],
    clipped: [],
    focusRing: [],
    covered: [],
  });
});
