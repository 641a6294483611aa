import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

/**
 * The internal bank on a phone (decision 075): the demo `beheerder` (an ApplicationManager, so a BankManager
 * too) opens the bank from the manager home, picks Arne (`analist`), gives 3,00 plukgeld with a reason
 * and sees it confirmed and in the history; Arne gets a notification and finds the donation on /wallet,
 * from the internal bank, with the reason.
 */
test('a donation from the internal bank: picked, given, confirmed, in the member’s wallet', async ({
  browser,
}) => {
  const reason = `Bedankt voor het snoeien ${Date.now().toString(36)}`;

  // Arne's balance before, as his wallet shows it.
  const arne = await (await browser.newContext()).newPage();
  await logIn(arne, 'analist');
  await arne.goto('/wallet');
  const balance = arne.getByText('Saldo', { exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(balance).toHaveText(/plukgeld$/);
  const before = Math.round(
    Number(
      ((await balance.textContent()) ?? '').replace(' plukgeld', '').replace(/\./g, '').replace(',', '.'),
    ) * 100,
  );

  // Bart opens the bank from the manager home.
  const bart = await (await browser.newContext()).newPage();
  await logIn(bart, 'beheerder');
  await bart.goto('/applicationManager');
  await bart.getByRole('link', { name: /Interne bank/ }).click();
  await expect(bart).toHaveURL(/\/applicationManager\/internalbank$/);
  await expect(bart.getByText('Klopt: wat de leden samen hebben, is wat de bank uitgaf.')).toBeVisible();

  // He finds Arne, picks him, and gives 3,00 with a reason.
  await bart.getByLabel('Lid zoeken').fill('Arne');
  const arneBox = bart.getByRole('checkbox', { name: 'Arne Analist' });
  await expect(arneBox).toBeVisible();
  await expect(bart.getByRole('checkbox')).toHaveCount(1);
  await arneBox.check();
  await expect(bart.getByText('1 lid gekozen')).toBeVisible();
  await bart.getByLabel(/^Bedrag per lid/).fill('3');
  await bart.getByLabel(/^Reden/).fill(reason);
  await expect(bart.getByText('1 lid krijgt 3,00 plukgeld.')).toBeVisible();
  await bart.getByRole('button', { name: 'Schenken' }).click();
  await expect(bart.getByRole('status').filter({ hasText: '1 lid kreeg 3,00 plukgeld.' })).toBeVisible();
  await expect(bart.getByText('Niemand gekozen')).toBeVisible();
  await expect(bart.getByText(reason)).toBeVisible(); // in the history of issuances

  // Arne is told, and finds it in his wallet.
  await arne.goto('/notifications');
  await expect(arne.getByText('Je ontving 3,00 plukgeld').first()).toBeVisible();
  await expect(arne.getByText(`De boerderij gaf je 3,00 plukgeld: ${reason}`)).toBeVisible();
  await arne.goto('/wallet');
  const donation = arne.getByRole('listitem').filter({ hasText: reason });
  await expect(donation).toHaveCount(1);
  await expect(donation).toContainText('Schenking');
  await expect(donation).toContainText('+ 3,00 plukgeld');
  await expect(donation).toContainText('Van de interne bank');
  const after = new Intl.NumberFormat('nl-BE', { minimumFractionDigits: 2 }).format((before + 300) / 100);
  await expect(balance).toHaveText(`${after} plukgeld`);

  // No sideways scroll on the phone screens of this journey.
  for (const page of [bart, arne]) {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
});
