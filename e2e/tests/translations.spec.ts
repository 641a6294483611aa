import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { demoPassword, logIn, signedIn } from './helpers';

/** The second demo farm on the same server (`*.localhost` reaches this machine). */
const hetVeldURL = baseURL.replace('//localhost', '//hetveld.localhost');
const own = 'Klusjes van deze week';

/** What axe finds against WCAG 2.2 AA on the page as it is (the accessibility walk checks every screen too). */
async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * Translations (decision 083): De Plukhoeve's Admin words the home's chores heading
 * differently; her own tab shows it at once, the member Lien sees it on her home, Het Veld keeps the
 * bundled text; the Admin puts the bundled text back (the journeys share one database).
 */
test('an Admin overrides a Dutch text, every member of the farm sees it, and she resets it', async ({
  browser,
  request,
}) => {
  const admin = await signedIn(browser, 'admin');
  try {
    await admin.goto('/applicationManager');
    await admin.getByRole('link', { name: /^Teksten/ }).click();
    await expect(admin).toHaveURL(/\/applicationManager\/translations$/);
    await expect(admin).toHaveTitle(/^Teksten \| /);

    await admin.getByLabel('Onderdeel').selectOption('home');
    await admin.getByRole('searchbox', { name: 'Zoeken' }).fill('Open klusjes');
    await expect(admin).toHaveURL(/q=Open/);
    const editButton = admin.getByRole('button', { name: 'Aanpassen: Open klusjes', exact: true });
    await expect(editButton).toBeVisible();
    expect(await axeFindings(admin)).toEqual([]);
    await editButton.click();

    const dialog = admin.getByRole('dialog', { name: 'Tekst aanpassen' });
    const field = dialog.getByRole('textbox', { name: 'Eigen tekst' });
    await expect(field).toHaveValue('Open klusjes');
    await admin.waitForTimeout(300); // Mantine's opening transition
    expect(await axeFindings(admin)).toEqual([]);
    await field.fill(own);
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByText('De tekst is aangepast.')).toBeVisible();
    const row = admin.getByRole('listitem').filter({ hasText: own });
    await expect(row.getByText(own)).toBeVisible();
    await expect(row.getByText('Aangepast', { exact: true })).toBeVisible();

    // A placeholder cannot be lost: the form says which one.
    await admin.getByRole('searchbox', { name: 'Zoeken' }).fill('Van {{name}}');
    await admin.getByRole('button', { name: 'Aanpassen: Van ‹naam›', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Eigen tekst' }).fill('Van iemand');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(dialog.getByText('De tekst moet {{name}} behouden')).toBeVisible();
    await dialog.getByRole('button', { name: 'Annuleren' }).click();

    // The Admin's own tab shows it at once.
    await admin.goto('/');
    await expect(admin.getByRole('heading', { name: own })).toBeVisible();

    // The member of the same farm sees it on her home.
    const lien = await signedIn(browser, 'lid');
    await expect(lien.getByRole('heading', { name: own })).toBeVisible();
    await expect(lien.getByRole('heading', { name: 'Open klusjes' })).toHaveCount(0);

    // Het Veld, on the same server, keeps the bundled text.
    const lotte = await (await browser.newContext({ baseURL: hetVeldURL })).newPage();
    await logIn(lotte, 'lid');
    await expect(lotte.getByRole('heading', { name: 'Open klusjes' })).toBeVisible();
    await expect(lotte.getByRole('heading', { name: own })).toHaveCount(0);

    // The Admin puts the bundled text back.
    await admin.goto('/applicationManager/translations?aangepast=1');
    await admin.getByRole('button', { name: `Terugzetten: ${own}` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Standaardtekst terugzetten?' });
    await confirm.getByRole('button', { name: 'Terugzetten' }).click();
    await expect(admin.getByText('De standaardtekst staat terug.')).toBeVisible();
    await expect(admin.getByText('Nog geen eigen teksten')).toBeVisible();

    await lien.reload();
    await expect(lien.getByRole('heading', { name: 'Open klusjes' })).toBeVisible();
    await expect(lien.getByRole('heading', { name: own })).toHaveCount(0);
  } finally {
    // Whatever happened above, the shared database keeps the bundled text.
    const login = await request.post('/api/auth/login', {
      data: { username: 'admin', password: demoPassword },
    });
    const { token } = (await login.json()) as { token: string };
    await request.delete('/api/admin/translation?namespace=home&key=tasks.title', {
      headers: { Authorization: `Bearer ${token}` },
    });
  }
});
