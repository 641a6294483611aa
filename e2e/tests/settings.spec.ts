import { expect, test } from '@playwright/test';
import { callApi, signedIn } from './helpers';

/** A 1 × 1 PNG: the logo the server judges by its first bytes. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const seeded = { primary: '#2f7d32', secondary: '#8bc34a', background: '#f3f8ee' };

/**
 * Settings and branding (decision 081): the ApplicationManager of De Plukhoeve changes the farm's colours
 * and logo, and the app repaints and shows the logo in the header without a reload. The colours are
 * put back afterwards (the journeys share one database). The logo stays: the API has no call to remove
 * one, and a logo in the header changes nothing the later journeys look for.
 */
test('the manager changes the colours and the logo, and the app follows at once', async ({
  browser,
  request,
}) => {
  const bart = await signedIn(browser, 'beheerder');
  try {
    await bart.goto('/applicationManager');
    await bart.getByRole('link', { name: /^Instellingen/ }).click();
    await bart.getByRole('link', { name: /^Kleuren/ }).click();
    await expect(bart).toHaveURL(/\/applicationManager\/settings\/Colors$/);

    const primary = bart.getByRole('textbox', { name: /^Hoofdkleur/ });
    await expect(primary).toHaveValue(seeded.primary);
    await primary.fill('#6a1b9a');
    await bart.getByRole('textbox', { name: /^Achtergrondkleur/ }).fill('#ffffff');
    const save = bart.getByRole('button', { name: 'Kleuren opslaan' });
    await save.click();
    await expect(bart.getByText('De kleuren zijn opgeslagen.')).toBeVisible();
    // The theme follows without a reload: the filled button is the new main colour.
    await expect(save).toHaveCSS('background-color', 'rgb(106, 27, 154)');
    expect(await callApi(request, 'lid', 'GET', 'info/colors')).toMatchObject({ primary: '#6a1b9a' });

    await bart.goto('/applicationManager/settings/UpdateLogo');
    await expect(
      bart.getByText('De app heeft nog geen logo.').or(bart.getByText('Huidig logo')),
    ).toBeVisible();
    await bart
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect(bart.getByRole('button', { name: /^Gekozen: logo\.png/ })).toBeVisible();
    await bart.getByRole('button', { name: 'Logo opslaan' }).click();
    await expect(bart.getByText('Het logo is opgeslagen.')).toBeVisible();
    const shown = bart.getByRole('img', { name: 'Logo van De Plukhoeve' });
    await expect(shown).toHaveAttribute('src', /^\/api\/info\/logo\?v=/);
    const logoUrl = await shown.getAttribute('src');

    // The member header shows it, reached inside the app (no reload).
    await bart.getByRole('link', { name: 'Startpagina' }).click();
    await expect(bart).toHaveURL(/\/$/);
    await expect(bart.locator('header img')).toHaveAttribute('src', logoUrl!);
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
      icons: { src: string }[];
    };
    expect(manifest.icons[0]?.src).toBe(logoUrl);
  } finally {
    await callApi(request, 'beheerder', 'PUT', 'admin/colors', seeded);
    await bart.context().close();
  }
});
