import { structuredReferenceFromNumber } from '@pluk/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { camt053File } from '../../packages/server/test/helpers/bank-statement-files.ts';
import { mollieApiKey, mollieStandInUrl } from '../support/mollie';
import { callApi, euros, signedIn, waitForMail } from './helpers';

/**
 * The euro bank on a phone (decision 077), in the order a farm lives it: the ApplicationManager connects
 * Mollie; the BankManager (`penning`, no other role) makes next year's transactions and mails them; a
 * member pays online from the e-mail's link without logging in; and a bank statement file pays another
 * member's transaction by its structured reference.
 */

/** The farm's account in the demo (seed/demo-bank.ts): a bank file is a statement of this account. */
const farmIban = 'BE68539007547034';

/** `+++123/4567/89012+++` from the 12 digits. */
const formatted = (digits: string) => `+++${digits.slice(0, 3)}/${digits.slice(3, 7)}/${digits.slice(7)}+++`;

interface ManagedTransaction {
  id: number;
  publicId: string;
  userId: number | null;
  payerName: string;
  amountCents: number;
  status: 'open' | 'paid' | 'cancelled';
  structuredReference: string;
  harvestYear: number;
  description: string;
}

/** A BankManager's search of the bank (`applicationManager/bank/Paged`). */
async function transactions(
  request: APIRequestContext,
  query: { search?: string; harvestYear?: number; status?: 'open' | 'paid' | 'cancelled' },
): Promise<ManagedTransaction[]> {
  const page = await callApi<{ items: ManagedTransaction[] }>(
    request,
    'penning',
    'POST',
    'applicationManager/bank/Paged',
    { rowsPerPage: 50, ...query },
  );
  return page.items;
}

/** A value on a facts list (`<dt>` and its `<dd>`), as the transaction page shows it. */
const fact = (page: Page, term: string) =>
  page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

/** The BankManager opens one transaction from the bank's search: its harvest year, its structured reference. */
async function openTransaction(
  page: Page,
  harvestYear: number,
  reference: string,
  payer: string,
): Promise<void> {
  await page.goto('/applicationManager/bank');
  await expect(page.getByRole('heading', { level: 1, name: 'Bank' })).toBeVisible();
  const filters = page.getByRole('search', { name: 'Transacties filteren' });
  await filters.getByLabel('Oogstjaar', { exact: true }).selectOption(String(harvestYear));
  await filters.getByRole('searchbox', { name: 'Zoeken' }).fill(reference);
  // The list asks once the typing settled (300 ms) and writes the search to the address; a click before
  // that would be overtaken by it, as the detail screen's code is still loading.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${reference}(&|$)`));
  const card = page.getByRole('link', { name: new RegExp(payer) }).filter({ hasText: formatted(reference) });
  await expect(card).toHaveCount(1);
  await card.click();
  await expect(page).toHaveURL(/\/applicationManager\/bank\/Transactions\/detail\/\d+$/);
}

test.describe.serial('the yearly payments, mailed and paid online', () => {
  const stamp = Date.now().toString(36);
  const subscriptionName = `Wintergroenten ${stamp}`;
  let nextYear = 0;
  /** What lid and jef pay for the new subscription, for their households (the server's price). */
  const price = { lid: 0, jef: 0 };

  test('the ApplicationManager connects Mollie; next year has a subscription for lid and jef', async ({
    browser,
    request,
  }) => {
    // Bart enters the stand-in's test key on the Mollie page: connected, in test mode.
    const bart = await signedIn(browser, 'beheerder');
    await bart.goto('/applicationManager');
    await bart.getByRole('link', { name: /^Mollie/ }).click();
    await expect(bart).toHaveURL(/\/applicationManager\/mollie$/);
    await expect(bart.getByText('Mollie is niet ingesteld')).toBeVisible();
    await bart.getByLabel(/^API-sleutel van Mollie/).fill(mollieApiKey);
    await bart.getByRole('button', { name: 'Sleutel opslaan' }).click();
    await expect(bart.getByText('De sleutel is opgeslagen: Mollie aanvaardt hem.')).toBeVisible();
    await expect(bart.getByText('Verbonden in testmodus')).toBeVisible();
    await expect(bart.getByText('In testmodus wordt er niet echt betaald.')).toBeVisible();
    await expect(bart.getByText(/^test_•+/)).toBeVisible(); // masked, never the whole key
    await expect(bart.getByText(mollieApiKey)).toHaveCount(0);
    await expect(bart.getByLabel(/^API-sleutel van Mollie|^Nieuwe API-sleutel van Mollie/)).toHaveValue('');

    // Setup that the subscription screens of decision 074 do: next year's subscription, for lid and jef.
    const { currentHarvestYear } = await callApi<{ currentHarvestYear: number }>(
      request,
      'lid',
      'GET',
      'User/Membership',
    );
    nextYear = currentHarvestYear + 1;
    const subscription = await callApi<{ id: number }>(
      request,
      'beheerder',
      'POST',
      'applicationManager/subscription/Create',
      {
        name: subscriptionName,
        description: 'Prei, kolen en pompoenen van november tot maart.',
        harvestYear: nextYear,
        adultPriceCents: 9_000,
        childPriceCents: 3_500,
        requiredCredits: 2,
        isActive: true,
        isOpenForRegistration: true,
      },
    );
    for (const username of ['lid', 'jef'] as const) {
      const { id: userId } = await callApi<{ id: number }>(request, username, 'GET', 'User');
      const member = await callApi<{ priceCents: number }>(
        request,
        'beheerder',
        'POST',
        'applicationManager/User/AddSubscription',
        { userId, subscriptionId: subscription.id },
      );
      price[username] = member.priceCents;
    }
    expect(price.lid).toBeGreaterThan(0);
    expect(price.jef).toBeGreaterThan(0);
  });

  test('the BankManager makes next year’s transactions, then reviews and sends the payment mails', async ({
    browser,
  }) => {
    const total = price.lid + price.jef;
    const paula = await signedIn(browser, 'penning');

    // The yearly run, from the bank's actions: next year, the preview, confirmed, the result.
    await paula.goto('/applicationManager/bank');
    await paula
      .getByRole('navigation', { name: 'Acties van de bank' })
      .getByRole('link', { name: 'Jaarlijkse transacties maken' })
      .click();
    await expect(paula).toHaveURL(
      /\/applicationManager\/administration-actions\/create-yearly-transactions$/,
    );
    await expect(paula.getByRole('heading', { level: 1, name: 'Jaarlijkse transacties' })).toBeVisible();
    await paula.getByLabel('Oogstjaar', { exact: true }).selectOption(String(nextYear));
    await expect(paula.getByLabel('Oogstjaar', { exact: true })).toHaveValue(String(nextYear));
    await expect(paula.getByRole('heading', { name: `Wat er gemaakt wordt in ${nextYear}` })).toBeVisible();
    const figure = (label: string) =>
      paula.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
    await expect(figure('Te maken transacties')).toHaveText('2');
    await expect(figure('Samen')).toHaveText(euros(total));
    const perSubscription = paula.getByRole('list', { name: `Per abonnement in ${nextYear}` });
    await expect(perSubscription.getByRole('listitem')).toHaveCount(1);
    await expect(perSubscription.getByRole('listitem')).toContainText(subscriptionName);
    await expect(perSubscription.getByRole('listitem')).toContainText(`2 transacties · ${euros(total)}`);
    await paula.getByRole('button', { name: 'Maak 2 transacties' }).click();
    const confirm = paula.getByRole('dialog', { name: 'Transacties maken?' });
    await expect(confirm).toContainText(`Er worden 2 transacties gemaakt voor oogstjaar ${nextYear}`);
    await confirm.getByRole('button', { name: 'Maak 2 transacties' }).click();
    await expect(confirm).toBeHidden();
    await expect(
      paula
        .getByRole('status')
        .filter({ hasText: `2 transacties gemaakt, samen ${euros(total)}.` })
        .first(),
    ).toBeVisible();

    // A second look: nothing left to make for that year.
    await paula.reload();
    await paula.getByLabel('Oogstjaar', { exact: true }).selectOption(String(nextYear));
    await expect(figure('Te maken transacties')).toHaveText('0');
    await expect(paula.getByText(`Elk abonnement van ${nextYear} heeft al een transactie.`)).toBeVisible();
    await expect(paula.getByRole('button', { name: /^Maak \d+ transacties?$/ })).toHaveCount(0);

    // The payment mails of that year: made, read, sent after a confirmation.
    await paula.goto('/applicationManager/bank');
    await paula
      .getByRole('navigation', { name: 'Acties van de bank' })
      .getByRole('link', { name: 'Betaalmails' })
      .click();
    await expect(paula).toHaveURL(/\/applicationManager\/bank\/emails$/);
    await expect(paula.getByRole('tab', { name: 'Betaling nodig' })).toHaveAttribute('aria-selected', 'true');
    await expect(paula.getByText('Er wachten geen mails')).toBeVisible();
    await paula.getByLabel('Oogstjaar', { exact: true }).selectOption(String(nextYear));
    await paula.getByRole('button', { name: `Maak mails voor ${nextYear}` }).click();
    await expect(paula.getByText('2 nieuwe mails klaar om na te lezen.')).toBeVisible();
    const waiting = paula.getByRole('list', { name: 'Mails die wachten' });
    await expect(waiting.getByRole('listitem')).toHaveCount(2);
    await expect(paula.getByText('2 mails wachten')).toBeVisible();
    const lienMail = waiting.getByRole('listitem').filter({ hasText: 'lid@deplukhoeve.be' });
    await expect(lienMail).toContainText(
      `Betaling: Abonnement ${subscriptionName} ${nextYear} – De Plukhoeve`,
    );
    await expect(lienMail).toContainText(euros(price.lid));
    await expect(waiting.getByRole('listitem').filter({ hasText: 'jef@deplukhoeve.be' })).toContainText(
      euros(price.jef),
    );
    // Reading Lien's mail before it goes.
    await lienMail.getByRole('button', { name: 'Tekst tonen' }).click();
    await expect(lienMail.getByText(/Bekijk en betaal \(ook online\):/)).toBeVisible();
    await expect(lienMail.getByText(/\/account\/membership\/[A-Za-z0-9_-]{32}/)).toBeVisible();
    await lienMail.getByRole('button', { name: 'Tekst verbergen' }).click();

    await paula.getByRole('button', { name: 'Verstuur 2 mails' }).click();
    const send = paula.getByRole('dialog', { name: 'Mails versturen?' });
    await expect(send).toContainText('Alle 2 mails die wachten worden verstuurd.');
    await send.getByRole('button', { name: 'Verstuur 2 mails' }).click();
    await expect(send).toBeHidden();
    await expect(
      paula.getByRole('status').filter({ hasText: '2 mails in de wachtrij.' }).first(),
    ).toBeVisible();
    await expect(paula.getByText('Er wachten geen mails')).toBeVisible();
  });

  test('the member pays online from the e-mail’s link, without logging in; the bank shows it paid', async ({
    browser,
  }) => {
    // Lien's mail, with the link to her payment page.
    const mail = await waitForMail('lid@deplukhoeve.be', (m) => m.subject.includes(subscriptionName));
    expect(mail.subject).toBe(`Betaling: Abonnement ${subscriptionName} ${nextYear} – De Plukhoeve`);
    const link = /(https?:\/\/\S+\/account\/membership\/([A-Za-z0-9_-]{32}))/.exec(mail.text);
    expect(link, 'the payment link in the mail').not.toBeNull();
    const [, url, publicId] = link!;
    const reference = /Gestructureerde mededeling: (\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+)/.exec(mail.text)?.[1];
    expect(reference).toBeDefined();

    // Opened on another device: a fresh browser, nobody signed in.
    const lien = await (await browser.newContext()).newPage();
    await lien.goto(url!);
    await expect(lien).toHaveURL(new RegExp(`/account/membership/${publicId}$`));
    await expect(lien.getByRole('heading', { level: 1, name: 'Betaling' })).toBeVisible();
    await expect(lien.getByText('Aan De Plukhoeve')).toBeVisible();
    await expect(
      lien.getByRole('heading', { level: 2, name: `Abonnement ${subscriptionName} ${nextYear}` }),
    ).toBeVisible();
    await expect(lien.getByText(euros(price.lid), { exact: true }).first()).toBeVisible();
    await expect(lien.getByText(reference!, { exact: true })).toBeVisible();
    // On a phone the QR code is behind its button (decision 090).
    await lien.getByRole('button', { name: 'Betalen vanaf een ander toestel' }).click();
    await expect(lien.getByRole('img', { name: 'QR-code om te betalen met je bankapp' })).toBeVisible();
    await expect(lien.getByText('BE68 5390 0754 7034')).toBeVisible();

    // Online: to Mollie's checkout (the stand-in), paid, and back on the return page.
    await expect(lien.getByRole('heading', { name: 'Online betalen' })).toBeVisible();
    await lien.getByRole('button', { name: 'Online betalen' }).click();
    await expect(lien).toHaveURL(new RegExp(`^${mollieStandInUrl}/checkout/tr_`));
    await lien.getByRole('button', { name: 'Betalen' }).click();
    await expect(lien).toHaveURL(new RegExp(`/paymentReturn/${publicId}$`));
    await expect(lien.getByRole('heading', { level: 1, name: 'Je betaling' })).toBeVisible();
    await expect(
      lien.getByRole('status').filter({ hasText: 'Bedankt, je betaling is gelukt' }),
    ).toBeVisible();
    await expect(
      lien.getByText(`De Plukhoeve heeft ${euros(price.lid)} ontvangen voor Abonnement ${subscriptionName}`),
    ).toBeVisible();
    await lien.getByRole('link', { name: 'Naar de betaalpagina' }).click();
    await expect(
      lien.getByText('Bedankt! Deze betaling is in orde: je hoeft niets meer te doen.'),
    ).toBeVisible();
    await expect(lien.getByRole('button', { name: 'Online betalen' })).toHaveCount(0);

    // Paula sees it paid, online, with the audit trail.
    const paula = await signedIn(browser, 'penning');
    await openTransaction(paula, nextYear, reference!.replace(/\D/g, ''), 'Lien Lid');
    await expect(
      paula.getByRole('heading', { level: 2, name: `Abonnement ${subscriptionName} ${nextYear}` }),
    ).toBeVisible();
    await expect(fact(paula, 'Status')).toHaveText('Betaald');
    await expect(fact(paula, 'Betaald via')).toHaveText('Online');
    await expect(fact(paula, 'Betaling bij Mollie')).toHaveText(/^tr_/);
    // Paid online: undone only by a refund through Mollie (decision 093).
    await expect(
      paula.getByText(
        'Deze transactie is online betaald. Moet het lid het geld terugkrijgen? Betaal het dan terug via Mollie.',
      ),
    ).toBeVisible();
    await expect(paula.getByRole('button', { name: 'Terugbetalen via Mollie' })).toBeVisible();
    await expect(paula.getByRole('button', { name: 'Betaald zetten' })).toHaveCount(0);
    const history = paula.getByRole('region', { name: 'Geschiedenis' }).getByRole('listitem');
    await expect(history.filter({ hasText: 'Online betaling gestart' })).toHaveCount(1);
    const paid = history.filter({ hasText: 'Status: van Open naar Betaald' });
    await expect(paid).toHaveCount(1);
    await expect(paid).toContainText('Betaald via: Online');
    await expect(paid).toContainText('Door: Pluk (automatisch)');
  });
});

test('a bank statement file pays a member’s transaction by its structured reference', async ({
  browser,
  request,
}) => {
  // Jef's open transaction of this year: the reference and amount he transfers with.
  const { currentHarvestYear } = await callApi<{ currentHarvestYear: number }>(
    request,
    'lid',
    'GET',
    'User/Membership',
  );
  const [jef] = await transactions(request, {
    search: 'jef@deplukhoeve.be',
    harvestYear: currentHarvestYear,
    status: 'open',
  });
  expect(jef, 'jef has an open transaction this year (seed/demo-bank.ts)').toBeDefined();
  const stamp = Date.now().toString(36);
  // A reference of the right form that no transaction has (references come from the ids).
  const unknownReference = structuredReferenceFromNumber(987_654_321);
  const today = new Date().toISOString().slice(0, 10);
  const file = camt053File({
    accountIban: farmIban,
    statementNumber: Number(Date.now().toString().slice(-6)),
    lines: [
      {
        amountCents: jef!.amountCents,
        structuredReference: jef!.structuredReference,
        name: 'Jef Janssens',
        iban: 'BE71096123456769',
        date: today,
        bankReference: `e2e-${stamp}-1`,
      },
      {
        amountCents: 2_500,
        structuredReference: unknownReference,
        name: 'Onbekende Betaler',
        iban: 'BE62510007547061',
        date: today,
        bankReference: `e2e-${stamp}-2`,
      },
    ],
  });

  // Paula reads the file on the import page: one line paid, one not found.
  const paula = await signedIn(browser, 'penning');
  await paula.goto('/applicationManager/bank');
  await paula
    .getByRole('navigation', { name: 'Acties van de bank' })
    .getByRole('link', { name: 'Bankbestand inlezen' })
    .click();
  await expect(paula).toHaveURL(/\/applicationManager\/bank\/import$/);
  const upload = () =>
    paula.locator('input[type="file"]').setInputFiles({
      name: 'afschrift.xml',
      mimeType: 'application/xml',
      buffer: file,
    });
  await upload();
  await expect(paula.getByRole('heading', { name: 'afschrift.xml' })).toBeVisible();
  await expect(paula.getByText('2 lijnen ingelezen, 1 betaald.')).toBeVisible();
  const lines = paula.getByRole('list', { name: '2 lijnen van het rekeningafschrift' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  const jefLine = lines.filter({ hasText: 'Jef Janssens' });
  await expect(jefLine).toContainText(`${euros(jef!.amountCents)} van Jef Janssens`);
  await expect(jefLine).toContainText(formatted(jef!.structuredReference));
  await expect(jefLine.getByText('Betaald', { exact: true })).toBeVisible();
  const unknownLine = lines.filter({ hasText: 'Onbekende Betaler' });
  await expect(unknownLine.getByText('Niet gevonden', { exact: true })).toBeVisible();
  await expect(unknownLine.getByRole('button', { name: /^Koppel / })).toBeVisible();

  // The same file again changes nothing.
  await paula.getByRole('button', { name: 'Nog een bestand inlezen' }).click();
  await upload();
  await expect(
    paula.getByRole('status').filter({ hasText: 'Dit bestand was al ingelezen: er is niets veranderd.' }),
  ).toBeVisible();

  // Jef's transaction is paid, by transfer.
  await openTransaction(paula, currentHarvestYear, jef!.structuredReference, 'Jef Janssens');
  await expect(fact(paula, 'Status')).toHaveText('Betaald');
  await expect(fact(paula, 'Betaald via')).toHaveText('Overschrijving');
  const paid = paula
    .getByRole('region', { name: 'Geschiedenis' })
    .getByRole('listitem')
    .filter({ hasText: 'Status: van Open naar Betaald' });
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText('Betaald via: Overschrijving');
});
