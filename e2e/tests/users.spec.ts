import { expect, test } from '@playwright/test';
import { callApi, logIn, waitForMail } from './helpers';

/**
 * The ApplicationManager's users administration (decision 080): the demo beheerder filters the users list,
 * selects five members on the multi-actions screen, gives all five a subscription and sends them the
 * welcome e-mail, each with its own result; the five e-mails reach the farm's mail server.
 */
test('a manager filters the users, gives five a subscription and sends them the welcome mail', async ({
  page,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const lastName = `Selectie${suffix}`;
  const people = ['Ada', 'Bram', 'Cato', 'Dirk', 'Eva'].map((firstName) => ({
    firstName,
    lastName,
    username: `${firstName.toLowerCase()}${suffix}`,
    email: `${firstName.toLowerCase()}.${suffix}@example.be`,
  }));
  // Five accounts made without a welcome e-mail, so the only welcome is the one this journey sends.
  for (const person of people) {
    await callApi(request, 'beheerder', 'POST', 'applicationManager/user/create', {
      ...person,
      sendWelcomeEmail: false,
    });
  }

  await logIn(page, 'beheerder');
  await page.goto('/applicationManager');
  await page.getByRole('link', { name: /^Leden/ }).click();
  await expect(page).toHaveURL(/\/applicationManager\/users$/);
  await page.getByLabel('Zoek een lid').fill(lastName);
  await expect(page.getByText('5 leden gevonden.')).toBeVisible();
  await page.getByLabel('Sorteren').selectOption({ label: 'Naam (Z-A)' });
  await expect(page.getByRole('link', { name: `Eva ${lastName}` })).toBeVisible();

  await page.getByRole('link', { name: 'Acties voor meerdere leden' }).click();
  await expect(page).toHaveURL(/\/applicationManager\/users\/multiactions$/);
  await page.getByLabel('Zoek een lid').fill(lastName);
  await expect(page.getByText('5 leden gevonden.')).toBeVisible();
  for (const person of people) {
    await page.getByRole('checkbox', { name: `${person.firstName} ${lastName} selecteren` }).check();
  }
  await expect(page.getByRole('heading', { name: 'Actie voor 5 geselecteerde leden' })).toBeVisible();

  // A subscription for all five.
  await page.getByLabel('Actie', { exact: true }).selectOption({ label: 'Abonnement toevoegen' });
  const subscription = page.getByLabel('Welk abonnement');
  const choice = await subscription
    .locator('option', { hasText: 'Bloemenabonnement' })
    .first()
    .getAttribute('value');
  await subscription.selectOption(choice!);
  await page.getByRole('button', { name: 'Uitvoeren voor 5 leden' }).click();
  await expect(page.getByText('Klaar: 5 gelukt, 0 niet gelukt.')).toBeVisible();
  const results = page.getByRole('list', { name: 'Resultaat per lid' });
  for (const person of people) {
    await expect(results).toContainText(`${person.firstName} ${lastName}: abonnement toegevoegd`);
  }

  // The welcome e-mail for all five.
  await page.getByLabel('Actie', { exact: true }).selectOption({ label: 'Welkomstmail sturen' });
  await page.getByRole('button', { name: 'Uitvoeren voor 5 leden' }).click();
  await expect(page.getByText('Klaar: 5 gelukt, 0 niet gelukt.')).toBeVisible();
  for (const person of people) {
    await expect(results).toContainText(`${person.firstName} ${lastName}: welkomstmail verstuurd`);
  }
  for (const person of people) {
    const mail = await waitForMail(person.email, (m) => m.subject === 'Welkom bij De Plukhoeve!');
    expect(mail.text).toContain(`Dag ${person.firstName},`);
  }

  // The list, filtered on the subscription, now holds the five.
  await page.goto('/applicationManager/users');
  await page.getByLabel('Abonnement', { exact: true }).selectOption(choice!);
  await page.getByLabel('Zoek een lid').fill(lastName);
  await expect(page.getByText('5 leden gevonden.')).toBeVisible();
});
