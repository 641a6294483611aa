import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { callApi, dutchMonths, euros, logIn, signedIn } from './helpers';

/**
 * The yearly re-enrolment round on a phone (decision 079), from invitation to next year's invoice: the
 * ApplicationManager (`beheerder`) makes a round for next year with this year's subscriptions as offers and
 * gives every member a questionnaire; Lien (`lid`, two adults and a child) meets 'Controleer jouw
 * gegevens' at start-up, taps Later (a reload does not ask again), opens the app on another device, taps Doorgaan, changes her phone number, chooses a
 * subscription priced for her household and submits; once the deadline has passed the manager converts the
 * answers and finds Lien's transaction for next year in the bank.
 */

async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    result.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    ),
    `axe on ${where}`,
  ).toEqual([]);
}

interface PolicyLike {
  id: number;
  harvestYear: number;
  title: string;
  explanation: string;
  deadline: string;
  offers: Array<{
    id: number;
    name: string;
    description: string;
    adultPriceCents: number;
    childPriceCents: number;
    requiredCredits: number;
  }>;
}

test('a farm runs its re-enrolment round from invitation to next year’s invoice', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `Herinschrijving ${Date.now().toString(36)}`;
  const membership = await callApi<{ currentHarvestYear: number }>(request, 'lid', 'GET', 'User/Membership');
  const nextYear = membership.currentHarvestYear + 1;

  // The manager makes the round: next harvest year, this year's subscriptions as offers, a deadline.
  const manager = await signedIn(browser, 'beheerder');
  await manager.goto('/applicationManager');
  await manager
    .getByRole('link', { name: /Herinschrijving/ })
    .first()
    .click();
  await expect(manager).toHaveTitle(/Herinschrijving/);
  await manager.getByRole('link', { name: 'Nieuwe ronde' }).first().click();
  await expect(manager.getByLabel('Oogstjaar')).toHaveValue(String(nextYear));
  await manager.getByRole('textbox', { name: 'Titel', exact: true }).fill(title);
  await manager
    .getByRole('textbox', { name: 'Uitleg voor de leden' })
    .fill('Kies je abonnement voor volgend jaar.');
  const deadline = new Date(Date.now() + 14 * 86_400_000);
  await manager.getByRole('button', { name: /^Deadline/ }).click();
  const calendar = manager.getByRole('dialog');
  await expect(calendar).toBeVisible();
  const monthsAhead =
    (deadline.getFullYear() - new Date().getFullYear()) * 12 + (deadline.getMonth() - new Date().getMonth());
  for (let i = 0; i < monthsAhead; i++)
    await calendar.getByRole('button', { name: 'Volgende maand' }).click();
  await calendar
    .getByRole('button', {
      name: `${deadline.getDate()} ${dutchMonths[deadline.getMonth()]} ${deadline.getFullYear()}`,
      exact: true,
    })
    .first()
    .click();
  await expect(calendar).toBeHidden();
  await manager
    .getByRole('button', { name: new RegExp(`^Abonnementen van ${membership.currentHarvestYear} overnemen`) })
    .click();
  await expect(manager.getByText(/abonnement(en)? van \d{4} toegevoegd/)).toBeVisible();
  await manager.getByRole('button', { name: 'Ronde maken' }).click();
  await expect(manager.getByRole('heading', { name: title })).toBeVisible();

  // Every member gets a questionnaire; doing it again gives nobody a second.
  await manager.getByRole('link', { name: 'Vragenlijsten aanmaken' }).first().click();
  await manager.getByRole('button', { name: 'Vragenlijsten aanmaken' }).click();
  await manager
    .getByRole('dialog')
    .getByRole('button', { name: /aanmaken|Bevestigen|Ja/ })
    .last()
    .click();
  await expect(manager.getByText(/vragenlijsten? aangemaakt/)).toBeVisible();

  const policies = await callApi<{ items: Array<{ id: number; title: string }> }>(
    request,
    'beheerder',
    'GET',
    'applicationManager/IntentionPolicy',
  );
  const policyId = policies.items.find((item) => item.title === title)!.id;
  const policy = await callApi<PolicyLike>(
    request,
    'beheerder',
    'GET',
    `applicationManager/IntentionPolicy/${policyId}`,
  );
  const offer = policy.offers[0]!;
  // Lien's household: Lien and Tom (adults) and Fien (a child).
  const householdPrice = 2 * offer.adultPriceCents + offer.childPriceCents;

  // Lien starts the app: the dialog asks; Later hides it for 24 hours on this device (decision 090).
  let member = await (await browser.newContext()).newPage();
  await logIn(member, 'lid');
  let dialog = member.getByRole('dialog', { name: 'Controleer jouw gegevens' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'Controleer je accountgegevens en kies je abonnementen voor het volgende oogstjaar.',
  );
  await expectNoAxeViolations(member, 'the start-up dialog');
  await member.keyboard.press('Escape');
  await expect(dialog).toBeVisible(); // not dismissable otherwise
  await dialog.getByRole('button', { name: 'Later' }).click();
  await expect(dialog).toBeHidden();
  await member.getByRole('link', { name: 'Klusjes' }).first().click();
  await expect(dialog).toBeHidden();

  // A reload on this device does not ask again.
  await member.goto('/');
  await expect(member.getByRole('heading').first()).toBeVisible();
  await member.waitForTimeout(2_500);
  await expect(dialog).toBeHidden();

  // On her other device it asks; Doorgaan opens the questionnaire.
  member = await (await browser.newContext()).newPage();
  await logIn(member, 'lid');
  dialog = member.getByRole('dialog', { name: 'Controleer jouw gegevens' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Doorgaan' }).click();
  await expect(member).toHaveURL(/\/questionsfornextyear$/);

  // Step 1: her data; she changes her phone number.
  await member.getByRole('button', { name: 'Gegevens aanpassen' }).click();
  await member.getByLabel('Telefoon').fill('0499 11 22 33');
  await member.getByRole('button', { name: /Opslaan|Bewaren/ }).click();
  await expect(member.getByText('Je gegevens zijn bewaard. De prijzen volgen je gezin.')).toBeVisible();
  await expectNoAxeViolations(member, 'the account step');
  await member.getByRole('button', { name: 'Volgende' }).click();

  // Step 2: she continues with the first offer, priced for two adults and a child.
  await member.getByRole('radio', { name: 'Ik doe verder' }).check();
  const choice = member.getByRole('checkbox', { name: new RegExp(offer.name) });
  await choice.check();
  await expect(member.getByText(`Voor jouw gezin: ${euros(householdPrice)}`).first()).toBeVisible();
  await expectNoAxeViolations(member, 'the choice step');
  await member.getByRole('button', { name: 'Volgende' }).click();

  // Step 3: review and submit; the thanks page says what she chose.
  await expect(member.getByText(euros(householdPrice)).first()).toBeVisible();
  await member.getByRole('button', { name: 'Versturen' }).click();
  await expect(member).toHaveURL(/\/questionsfornextyear\/\d+\/done$/);
  await expect(member.getByText('Bedankt voor je antwoord!')).toBeVisible();
  await expect(member.getByText(offer.name).first()).toBeVisible();
  await expectNoAxeViolations(member, 'the thanks page');
  const account = await callApi<{ contactData: { phone: string } }>(request, 'lid', 'GET', 'User');
  expect(account.contactData.phone).toBe('0499 11 22 33');

  // The deadline passes (the round is set to have ended yesterday), then the manager converts the answers.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await callApi(request, 'beheerder', 'PUT', `applicationManager/IntentionPolicy/${policyId}`, {
    harvestYear: policy.harvestYear,
    title: policy.title,
    explanation: policy.explanation,
    deadline: yesterday,
    offers: policy.offers.map(
      ({ id, name, description, adultPriceCents, childPriceCents, requiredCredits }) => ({
        id,
        name,
        description,
        adultPriceCents,
        childPriceCents,
        requiredCredits,
      }),
    ),
  });
  await manager.goto(`/applicationManager/administration-actions/IntentionPolicy/${policyId}`);
  await expect(manager.getByText('Gaan verder').first()).toBeVisible();
  await manager.getByRole('button', { name: 'Verwerken' }).click();
  await manager
    .getByRole('dialog', { name: 'Antwoorden verwerken?' })
    .getByRole('button', { name: 'Verwerken' })
    .click();
  await expect(manager.getByText(/transacties? gemaakt/)).toBeVisible();

  // Lien's transaction for next year is in the bank, at her household's price.
  await manager.goto(`/applicationManager/bank?year=${nextYear}&search=lid%40deplukhoeve.be`);
  await expect(manager.getByText(euros(householdPrice)).first()).toBeVisible();
  // Her transactions of that year for the round's offer (the bank's journey may have left others of next year).
  const paged = await callApi<{
    items: Array<{
      harvestYear: number;
      subscriptionName: string | null;
      amountCents: number;
      status: string;
    }>;
  }>(request, 'beheerder', 'POST', 'applicationManager/bank/Paged', {
    search: 'lid@deplukhoeve.be',
    harvestYear: nextYear,
  });
  expect(
    paged.items.filter((item) => item.harvestYear === nextYear && item.subscriptionName === offer.name),
  ).toEqual([expect.objectContaining({ amountCents: householdPrice, status: 'open' })]);

  // The round has ended: the start-up dialog does not ask again.
  await member.goto('/');
  await expect(member.getByRole('heading').first()).toBeVisible();
  await expect(dialog).toBeHidden();
});
