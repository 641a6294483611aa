import { expect, test } from '@playwright/test';
import { logIn, waitForMail } from './helpers';

/**
 * E-mailing members (decision 082), on a phone: the demo `beheerder` (an ApplicationManager)
 * writes to the members of the flower subscription, confirms the number of recipients, and follows the
 * mailing to each recipient's "Verzonden"; Lien's e-mail arrives at the SMTP stand-in with the rich text.
 */
test('a mailing to one subscription: counted, sent once, logged per recipient, delivered', async ({
  page,
}) => {
  const subject = `Boeketten deze week ${Date.now().toString(36)}`;
  await logIn(page, 'beheerder');
  await page.goto('/applicationManager');
  await page.getByRole('link', { name: /Communicatie/ }).click();
  await expect(page).toHaveURL(/\/applicationManager\/communication$/);

  await page.getByRole('radio', { name: 'Leden van een abonnement' }).check();
  await page.getByRole('textbox', { name: 'Abonnement' }).click();
  await page.getByRole('option', { name: /^Bloemenabonnement/ }).click();
  await page.getByRole('button', { name: 'Ontvangers tellen' }).click();
  await expect(page.getByText(/^Ontvangers: \d+ (lid|leden)\.$/)).toBeVisible();

  await page.getByRole('textbox', { name: 'Onderwerp' }).fill(subject);
  const editor = page.getByRole('textbox', { name: 'Bericht' });
  await editor.click();
  await editor.pressSequentially('De ');
  await page.getByRole('button', { name: 'Vet' }).click();
  await editor.pressSequentially('zonnebloemen');
  await page.getByRole('button', { name: 'Vet' }).click();
  await editor.pressSequentially(' staan in bloei.');
  await page.getByRole('button', { name: 'Versturen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bericht versturen?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Versturen' }).click();
  await expect(dialog).toBeHidden();

  const card = page.locator('.mantine-Card-root', { hasText: subject });
  await expect(card).toHaveCount(1);
  await expect(card.getByText(/e-mails? verzonden\.$/)).toBeVisible({ timeout: 15_000 });
  await card.getByRole('button', { name: 'Ontvangers tonen' }).click();
  const lien = card.getByRole('row', { name: /lid@deplukhoeve\.be/ });
  await expect(lien.getByText('Verzonden')).toBeVisible();

  const mail = await waitForMail('lid@deplukhoeve.be', (m) => m.subject === subject);
  expect(mail.text).toContain('Dag Lien');
  expect(mail.text).toContain('De zonnebloemen staan in bloei.');

  // The record of every e-mail shows it too.
  await page.getByRole('searchbox', { name: 'Zoek op adres of onderwerp' }).fill(subject);
  await expect(page.getByRole('cell', { name: new RegExp(subject) }).first()).toBeVisible();
});
