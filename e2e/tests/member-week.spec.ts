import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { mollieApiKey, mollieStandInUrl } from '../support/mollie';
import { callApi, demoPassword, euros, logIn, waitForMail } from './helpers';

/**
 * A member's week on a phone (decision 090), as Lien (`lid`) lives it at 320 and
 * 390 px: what she owes is on her home with 'Betalen', one tap from its payment page; that page leads with
 * 'Online betalen', copies the IBAN and the reference, and keeps the QR code behind 'Betalen vanaf een
 * ander toestel'; the payment-due notification is in her inbox; paying online through the Mollie stand-in
 * brings a 'Betaling ontvangen' notification and a receipt e-mail. The re-enrolment prompt: 'Later' keeps
 * it away on reload; the analyst (`analist`, staff only) never meets it.
 */

interface MemberTransaction {
  publicId: string;
  description: string;
  amountCents: number;
  status: 'open' | 'paid' | 'cancelled';
  dueDate: string;
}

async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target).join(', ')}`),
    `axe on ${where}`,
  ).toEqual([]);
}

/** Lien's open transactions, the first due first (what her home lists). */
async function openOfLid(request: APIRequestContext): Promise<MemberTransaction[]> {
  const all = await callApi<MemberTransaction[]>(request, 'lid', 'GET', 'Bank');
  return all
    .filter((t) => t.status === 'open')
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.publicId.localeCompare(b.publicId));
}

/** A phone of `width` × 844, signed in, allowed to use the clipboard (the copy buttons). */
async function phone(browser: Browser, username: string, width: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 844 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await logIn(page, username);
  return page;
}

/** The farm takes online payments through the Mollie stand-in (the ApplicationManager's key). */
async function connectMollie(request: APIRequestContext): Promise<void> {
  await callApi(request, 'beheerder', 'POST', 'applicationManager/mollie', { apiKey: mollieApiKey });
}

/**
 * The start-up dialog stays away in the payment journeys (the re-enrolment journey may have given Lien a
 * questionnaire): 'Later' stored for her on this browser, as the dialog's own button stores it.
 */
async function putOffStartupDialog(page: Page, request: APIRequestContext): Promise<void> {
  const { id } = await callApi<{ id: number }>(request, 'lid', 'GET', 'User');
  await page.evaluate((userId) => {
    localStorage.setItem(`pluk.startupQuestions.later.${userId}`, String(Date.now()));
  }, id);
}

test.describe.serial('what Lien owes, on her phone', () => {
  for (const width of [320, 390]) {
    test(`at ${width} px: the home shows it, one tap to its page, copy buttons, the QR behind its button`, async ({
      browser,
      request,
    }) => {
      await connectMollie(request);
      const open = await openOfLid(request);
      expect(open.length, 'the demo has lid owing').toBeGreaterThan(0);
      const first = open[0]!;
      const lien = await phone(browser, 'lid', width);
      await putOffStartupDialog(lien, request);
      await lien.goto('/');

      const owed = lien.getByRole('region', { name: 'Te betalen' });
      await expect(owed).toBeVisible();
      const card = owed.getByRole('listitem').first();
      await expect(card).toContainText(first.description);
      await expect(card).toContainText(euros(first.amountCents));
      await expect(card).toContainText(/De vervaldatum was|Te betalen uiterlijk/);
      // Nothing sideways on a phone.
      expect(await lien.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(lien, `the home at ${width} px`);

      // One tap: 'Betalen'.
      await card.getByRole('link', { name: /^Betalen/ }).click();
      await expect(lien).toHaveURL(new RegExp(`/account/membership/${first.publicId}$`));
      const online = lien.getByRole('button', { name: 'Online betalen' });
      await expect(online).toBeVisible();
      const copyIban = lien.getByRole('button', { name: 'Kopiëren: Rekeningnummer (IBAN)' });
      const copyReference = lien.getByRole('button', { name: 'Kopiëren: Gestructureerde mededeling' });
      const otherDevice = lien.getByRole('button', { name: 'Betalen vanaf een ander toestel' });
      // Online first, the copy buttons next, the QR code's button last.
      const top = async (locator: typeof online) => (await locator.boundingBox())!.y;
      expect(await top(online)).toBeLessThan(await top(copyIban));
      expect(await top(copyReference)).toBeLessThan(await top(otherDevice));
      await expect(lien.getByRole('img', { name: 'QR-code om te betalen met je bankapp' })).toHaveCount(0);

      await copyIban.click();
      await expect(lien.getByRole('button', { name: 'Gekopieerd: Rekeningnummer (IBAN)' })).toBeVisible();
      await expect(lien.getByRole('button', { name: 'Gekopieerd: Rekeningnummer (IBAN)' })).toHaveText(
        'Gekopieerd',
      );
      expect(await lien.evaluate(() => navigator.clipboard.readText())).toMatch(/^BE\d{14}$/);
      await copyReference.click();
      await expect(
        lien.getByRole('button', { name: 'Gekopieerd: Gestructureerde mededeling' }),
      ).toBeVisible();
      expect(await lien.evaluate(() => navigator.clipboard.readText())).toMatch(
        /^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/,
      );

      await expect(otherDevice).toHaveAttribute('aria-expanded', 'false');
      await otherDevice.click();
      await expect(otherDevice).toHaveAttribute('aria-expanded', 'true');
      await expect(lien.getByRole('img', { name: 'QR-code om te betalen met je bankapp' })).toBeVisible();
      expect(await lien.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(lien, `the payment page at ${width} px`);

      // The payment-due job told her when it fell due: one notification per transaction, to its page.
      await lien.goto('/notifications');
      const due = lien
        .getByText(`${first.description}: ${euros(first.amountCents)}`, { exact: false })
        .first();
      await expect(due).toBeVisible();
      await expect(lien.getByText(/Je betaling (is vervallen|vervalt vandaag)/).first()).toBeVisible();
      await lien.context().close();
    });
  }

  test('paying online through the Mollie stand-in brings a notification and a receipt e-mail', async ({
    browser,
    request,
  }) => {
    await connectMollie(request);
    const [first] = await openOfLid(request);
    expect(first).toBeDefined();
    const lien = await phone(browser, 'lid', 390);
    await putOffStartupDialog(lien, request);
    await lien.goto(`/account/membership/${first!.publicId}`);
    await lien.getByRole('button', { name: 'Online betalen' }).click();
    await expect(lien).toHaveURL(new RegExp(`^${mollieStandInUrl}/checkout/tr_`));
    await lien.getByRole('button', { name: 'Betalen' }).click();
    await expect(lien).toHaveURL(new RegExp(`/paymentReturn/${first!.publicId}$`));
    await expect(
      lien.getByRole('status').filter({ hasText: 'Bedankt, je betaling is gelukt' }),
    ).toBeVisible();

    const receipt = await waitForMail('lid@deplukhoeve.be', (mail) =>
      mail.subject.startsWith(`Betaling ontvangen: ${first!.description}`),
    );
    expect(receipt.text.replace(/\u00a0/g, ' ')).toContain(`Bedrag: ${euros(first!.amountCents)}`);
    expect(receipt.text).toContain(`/account/membership/${first!.publicId}`);

    await lien.goto('/notifications');
    await expect(lien.getByText('Betaling ontvangen').first()).toBeVisible();
    const thisReceipt = lien.getByText(
      `${first!.description}: ${euros(first!.amountCents)}, online betaald. Bedankt!`,
    );
    await expect(thisReceipt).toBeVisible();
    // Once for this payment: the webhook and the return page both saw it paid. (Other journeys may have
    // paid another of Lien's transactions online before this one.)
    await expect(thisReceipt).toHaveCount(1);

    // The home no longer lists it.
    await lien.goto('/');
    await expect(lien.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      lien.getByRole('region', { name: 'Te betalen' }).getByText(first!.description, { exact: true }),
    ).toHaveCount(0);
    await lien.context().close();
  });
});

test.describe.serial('the re-enrolment prompt respects people', () => {
  let policyId = 0;

  test.beforeAll(async ({ request }) => {
    const membership = await callApi<{ currentHarvestYear: number }>(
      request,
      'lid',
      'GET',
      'User/Membership',
    );
    // Two years ahead: the re-enrolment journey keeps next year's round for itself (one per year).
    const harvestYear = membership.currentHarvestYear + 2;
    const deadline = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const policy = await callApi<{ id: number }>(
      request,
      'beheerder',
      'POST',
      'applicationManager/IntentionPolicy',
      {
        harvestYear,
        title: `Doe je mee in ${harvestYear}?`,
        explanation: '<p>Kies je abonnementen.</p>',
        deadline,
        offers: [{ name: 'Groenteabonnement', adultPriceCents: 10_000, childPriceCents: 4_000 }],
      },
    );
    policyId = policy.id;
    const given = await callApi<{ created: number }>(
      request,
      'beheerder',
      'POST',
      'applicationManager/administration-actions/createQuestionsForNextYear',
      { policyId },
    );
    expect(given.created).toBeGreaterThan(0);
  });

  test.afterAll(async ({ request }) => {
    if (!policyId) return;
    // The round goes again, so the re-enrolment journey meets only its own.
    const login = await request.post('/api/auth/login', {
      data: { username: 'beheerder', password: demoPassword },
    });
    const { token } = (await login.json()) as { token: string };
    const removed = await request.delete(`/api/applicationManager/IntentionPolicy/${policyId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(removed.status()).toBe(204);
  });

  test("'Later' keeps it away on reload; the analyst never sees it", async ({ browser, request }) => {
    // The analyst holds only a staff role: no questionnaire at all.
    const analystQuestionnaire = await callApi<{ questionnaire: unknown }>(
      request,
      'analist',
      'GET',
      'QuestionsForNextYear',
    );
    expect(analystQuestionnaire.questionnaire).toBeNull();

    for (const width of [320, 390]) {
      const lien = await phone(browser, 'lid', width);
      const dialog = lien.getByRole('dialog', { name: 'Controleer jouw gegevens' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Later' }).click();
      await expect(dialog).toBeHidden();
      await lien.reload();
      await expect(lien.getByRole('heading', { level: 1 })).toBeVisible();
      // Time for the start-up check (idle callback, its chunk): it asks nothing and shows nothing.
      await lien.waitForTimeout(2_500);
      await expect(dialog).toBeHidden();
      await lien.goto('/tasks');
      await lien.waitForTimeout(1_500);
      await expect(dialog).toBeHidden();
      await lien.context().close();
    }

    const analyst = await phone(browser, 'analist', 390);
    await analyst.goto('/');
    await analyst.waitForTimeout(2_500);
    await expect(analyst.getByRole('dialog', { name: 'Controleer jouw gegevens' })).toHaveCount(0);
    await analyst.context().close();
  });
});
