import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

/**
 * The member's harvest on a phone (decision 074): `jef` (the demo's Groenteabonnement) opens the Pluk tab,
 * reads how to pick a crop, looks at his subscription's tabs, and chooses the Bloemenabonnement on his
 * membership page (then drops it again, so the demo stays as it was).
 */
test('the harvest of the moment, a crop, my subscription and choosing one', async ({ page }) => {
  await logIn(page, 'jef');
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Pluk' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Oogst van het moment' })).toBeVisible();
  const vegetables = page.getByRole('region', { name: 'Groenteabonnement' });
  await expect(page.getByRole('region', { name: 'Bloemenabonnement' })).toHaveCount(0);

  await vegetables.getByRole('link', { name: /^Sla/ }).click();
  await expect(page).toHaveURL(/\/pluk\/detail\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Sla' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hoe oogsten' })).toBeVisible();
  await page.getByRole('link', { name: 'Terug naar de oogst' }).click();

  await page.getByRole('link', { name: 'Bekijk je abonnement Groenteabonnement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn abonnement' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Inhoud', selected: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Gezin en prijs' }).click();
  await expect(page.getByText('Totaal', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Werkpunten' }).click();
  // The bar itself is 0 px wide while nothing is earned: the sentence under it says where Jef stands.
  await expect(page.getByRole('progressbar', { name: 'Verdiende werkpunten' })).toHaveCount(1);
  await expect(page.getByText(/^Nog \d+ werkpunten? te gaan\.$|genoeg werkpunten verdiend/)).toBeVisible();

  // My membership, from the account menu: choose the open Bloemenabonnement as well.
  await page.goto('/account');
  await page.getByRole('link', { name: 'Mijn lidmaatschap' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn lidmaatschap' })).toBeVisible();
  const flowers = page.getByRole('checkbox', { name: /^Bloemenabonnement/ });
  await expect(page.getByRole('checkbox', { name: /^Groenteabonnement/ })).toBeChecked();
  await flowers.check({ force: true });
  await page.getByRole('button', { name: 'Keuze opslaan' }).click();
  await expect(page.getByText('Je keuze is opgeslagen.')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Mijn abonnementen' }).getByText('Bloemenabonnement', { exact: true }),
  ).toBeVisible();
  await page.goto('/pluk');
  await expect(page.getByRole('region', { name: 'Bloemenabonnement' })).toBeVisible();

  await page.goto('/account/membership');
  await page.getByRole('checkbox', { name: /^Bloemenabonnement/ }).uncheck({ force: true });
  await page.getByRole('button', { name: 'Keuze opslaan' }).click();
  await expect(page.getByText('Je keuze is opgeslagen.')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Mijn abonnementen' }).getByText('Bloemenabonnement', { exact: true }),
  ).toHaveCount(0);
});

/**
 * The ApplicationManager's subscriptions: a subscription members have cannot be deleted (the server's
 * Dutch reason in the dialog); adding a user gives a result per user; taking it away again.
 */
test('the manager adds a user to a subscription, takes it away, and cannot delete one in use', async ({
  page,
}) => {
  await logIn(page, 'beheerder');
  await page.goto('/applicationManager');
  await page.getByRole('link', { name: /^Abonnementen/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alle abonnementen' })).toBeVisible();
  await page.getByRole('link', { name: /^Groenteabonnement/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Groenteabonnement' })).toBeVisible();

  await page.getByRole('button', { name: 'Verwijderen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Abonnement verwijderen?' });
  await dialog.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(dialog.getByText(/Dit abonnement heeft nog \d+ leden/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuleren' }).click();

  await page.getByRole('link', { name: 'Leden toevoegen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leden toevoegen' })).toBeVisible();
  await page.getByLabel('Zoek een lid').fill('analist');
  await page.getByRole('checkbox', { name: 'Arne Analist' }).check({ force: true });
  await page.getByRole('button', { name: '1 lid toevoegen' }).click();
  await expect(page.getByRole('region', { name: 'Resultaat' }).getByText('Toegevoegd')).toBeVisible();
  await page.getByRole('link', { name: 'Klaar' }).click();

  const members = page.getByRole('region', { name: 'Wie het heeft' });
  await expect(members.getByText('Arne Analist')).toBeVisible();
  await members.getByRole('button', { name: 'Weghalen: Arne Analist' }).click();
  await page.getByRole('dialog', { name: 'Lid weghalen?' }).getByRole('button', { name: 'Weghalen' }).click();
  await expect(page.getByText('Arne Analist heeft dit abonnement niet meer.')).toBeVisible();
  await expect(members.getByText('Arne Analist')).toHaveCount(0);
});
