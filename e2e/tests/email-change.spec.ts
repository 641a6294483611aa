import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { ManagedUser } from '@pluk/contract';
import { baseURL } from '../playwright.config';
import { callApi, logIn, waitForMail } from './helpers';

/**
 * ADR 087: a manager changes a member's e-mail address; it waits for confirmation (the member's detail
 * says so), the old address is told, the new one gets a link; opened without signing in, one click
 * confirms it, and the link works once.
 */
/** The confirmation page's states meet WCAG 2.2 AA (the accessibility walk sees only the no-token state). */
async function expectNoAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  expect(result.violations.map((violation) => violation.id)).toEqual([]);
}

test('a changed e-mail address counts once the link sent to it is used', async ({
  page,
  browser,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const oldEmail = `oud.${suffix}@example.be`;
  const newEmail = `nieuw.${suffix}@example.be`;
  const member = await callApi<ManagedUser>(request, 'beheerder', 'POST', 'applicationManager/user/create', {
    username: `verhuis${suffix}`,
    email: oldEmail,
    firstName: 'Vera',
    lastName: `Verhuis${suffix}`,
    sendWelcomeEmail: false,
  });

  await logIn(page, 'beheerder');
  await page.goto(`/applicationManager/users/edit/${member.id}`);
  const field = page.getByRole('textbox', { name: 'E-mailadres' });
  await expect(field).toHaveValue(oldEmail);
  await field.fill(newEmail);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(new RegExp(`/applicationManager/users/${member.id}$`));
  const notice = page.getByRole('note').filter({ hasText: 'Wacht op bevestiging via e-mail' });
  await expect(notice).toContainText(newEmail);
  await expect(page.getByText(`E-mailadres: ${oldEmail}`)).toBeVisible();
  await expectNoAxeViolations(page);

  const told = await waitForMail(
    oldEmail,
    (m) => m.subject === 'Je e-mailadres bij De Plukhoeve wordt gewijzigd',
  );
  expect(told.text).toContain(`n***@example.be`);
  expect(told.text).not.toContain(newEmail);
  const mail = await waitForMail(
    newEmail,
    (m) => m.subject === 'Bevestig je nieuwe e-mailadres bij De Plukhoeve',
  );
  const link = /https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  expect(link!.startsWith(`${baseURL}/confirm-email?token=`)).toBe(true);

  // The owner of the new address, not signed in.
  const owner = await (await browser.newContext()).newPage();
  await owner.goto(link!);
  await expect(owner.getByRole('heading', { level: 1, name: 'Nieuw e-mailadres bevestigen' })).toBeVisible();
  await expect(owner).toHaveTitle(/Nieuw e-mailadres bevestigen/);
  await expectNoAxeViolations(owner);
  await owner.getByRole('button', { name: 'Mijn nieuwe e-mailadres bevestigen' }).click();
  await expect(owner.getByRole('status')).toContainText(`Je nieuwe e-mailadres ${newEmail} is bevestigd.`);
  await expectNoAxeViolations(owner);

  // Once only.
  await owner.goto(link!);
  await owner.getByRole('button', { name: 'Mijn nieuwe e-mailadres bevestigen' }).click();
  await expect(owner.getByRole('alert')).toContainText(
    'Deze bevestigingslink is ongeldig, al gebruikt of verlopen.',
  );
  await expectNoAxeViolations(owner);

  await page.reload();
  await expect(page.getByText(`E-mailadres: ${newEmail}`)).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'Wacht op bevestiging' })).toHaveCount(0);
});
