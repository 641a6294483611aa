import { expect, test } from '@playwright/test';
import { logIn, waitForMail } from './helpers';

test.use({ viewport: { width: 1280, height: 800 } });

/**
 * The staff's cockpit on a laptop (decision 092): the manager (`beheerder`) lands on the to-do
 * list after signing in, sees how many registrations wait, follows the count to the waiting list,
 * refuses a registration with a message (the person gets it by e-mail) and finds the count one lower.
 */
test('a manager lands on the to-do list, refuses a waiting registration with a message, and the count drops', async ({
  page,
  request,
}) => {
  // A fresh registration of our own, so the journey does not depend on who else waits.
  const suffix = Date.now().toString(36);
  const username = `weiger${suffix}`;
  const email = `${username}@example.be`;
  const registered = await request.post('/api/auth/register', {
    data: {
      username,
      email,
      password: 'zomer-aardbei-42',
      firstName: 'Rik',
      lastName: `Refus ${suffix}`,
    },
  });
  expect(registered.ok()).toBe(true);

  await logIn(page, 'beheerder');
  await expect(page).toHaveURL(/\/applicationManager$/);
  const todo = page.getByRole('region', { name: 'Te doen' });
  const waitingLink = todo.getByRole('link', { name: /Leden wachten op goedkeuring/ });
  await expect(waitingLink).toBeVisible();
  const before = Number(await waitingLink.locator('.mantine-Badge-root').innerText());
  expect(before).toBeGreaterThanOrEqual(1);

  await waitingLink.click();
  await expect(page).toHaveURL(/\/applicationManager\/users\/waiting-list$/);
  const fullName = `Rik Refus ${suffix}`;
  await page.getByRole('button', { name: `${fullName} weigeren` }).click();
  const dialog = page.getByRole('dialog', { name: `Registratie van ${fullName} weigeren` });
  await expect(dialog.getByRole('checkbox', { name: `Stuur een e-mail naar ${email}` })).toBeChecked();
  await dialog
    .getByRole('textbox', { name: /Persoonlijk bericht/ })
    .fill('We zitten vol dit seizoen. Tot volgend jaar!');
  await dialog.getByRole('button', { name: 'Weigeren' }).click();
  await expect(
    page.getByText(`De registratie van ${fullName} is geweigerd; de e-mail wordt verstuurd.`),
  ).toBeVisible();
  await expect(page.getByText(fullName, { exact: true })).toHaveCount(0);

  const mail = await waitForMail(
    email,
    (m) => m.subject === 'Je registratie bij De Plukhoeve werd niet aanvaard',
  );
  expect(mail.text).toContain('Dag Rik,');
  expect(mail.text).toContain('We zitten vol dit seizoen. Tot volgend jaar!');

  // Back in the cockpit through the header: one registration less.
  await page.getByRole('link', { name: 'Beheer', exact: true }).click();
  await expect(page).toHaveURL(/\/applicationManager$/);
  if (before > 1) {
    await expect(todo.getByRole('link', { name: /Leden wachten op goedkeuring/ })).toContainText(
      String(before - 1),
    );
  } else {
    await expect(todo.getByRole('link', { name: /Leden wachten op goedkeuring/ })).toHaveCount(0);
  }

  // The refused person cannot sign in.
  const login = await request.post('/api/auth/login', { data: { username, password: 'zomer-aardbei-42' } });
  expect(login.status()).toBe(401);
});
