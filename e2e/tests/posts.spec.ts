import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/**
 * News from start to comment, on a phone: a PostManager (the demo `beheerder`, an ApplicationManager, so a
 * PostManager too) publishes a post with a photo and a PDF; `lid` finds it as the latest news on home,
 * opens it, sees the photo, downloads the PDF and comments.
 */
test('a post with a photo and a PDF: published, read from home, commented', async ({ browser }) => {
  const title = `Aardbeien rijp ${Date.now().toString(36)}`;

  // The manager writes the post from the manager home.
  const manager = await (await browser.newContext()).newPage();
  await logIn(manager, 'beheerder');
  await manager.goto('/applicationManager');
  await manager.getByRole('link', { name: /Nieuws/ }).click();
  await expect(manager).toHaveURL(/\/applicationManager\/posts$/);
  await manager.getByRole('link', { name: 'Nieuw bericht' }).click();
  await expect(manager).toHaveURL(/\/applicationManager\/posts\/new$/);
  await manager.getByRole('textbox', { name: 'Titel' }).fill(title);
  const editor = manager.getByRole('textbox', { name: 'Tekst' });
  await editor.click();
  await editor.pressSequentially('Vanaf zaterdag mag je ');
  await manager.getByRole('button', { name: 'Vet' }).click();
  await editor.pressSequentially('aardbeien');
  await manager.getByRole('button', { name: 'Vet' }).click();
  await editor.pressSequentially(' plukken.');
  await expect(manager.getByRole('switch', { name: 'Actief' })).toBeChecked();
  await manager
    .locator('input[type="file"]')
    .setInputFiles([path.join(fixtures, 'aardbeienveld.png'), path.join(fixtures, 'plukkalender.pdf')]);
  await expect(manager.getByRole('img', { name: 'aardbeienveld.png' })).toBeVisible();
  await expect(manager.getByRole('button', { name: 'plukkalender.pdf verwijderen' })).toBeVisible();
  await manager.getByRole('button', { name: 'Opslaan' }).click();
  await expect(manager).toHaveURL(/\/applicationManager\/posts\/\d+$/);
  await expect(manager.getByRole('heading', { name: title })).toBeVisible();
  const postId = Number(new URL(manager.url()).pathname.split('/').pop());

  // Lien reads it from home: the latest news links to the post.
  const lien = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await logIn(lien, 'lid');
  await lien.goto('/');
  await lien.getByRole('link', { name: new RegExp(title) }).click();
  await expect(lien).toHaveURL(new RegExp(`/posts/${postId}$`));
  await expect(lien.getByRole('heading', { name: title })).toBeVisible();
  await expect(lien.locator('strong', { hasText: 'aardbeien' })).toBeVisible();
  const photo = lien.getByRole('img', { name: `Foto 1 bij ${title}` });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);

  const downloading = lien.waitForEvent('download');
  await lien.getByRole('button', { name: 'plukkalender.pdf downloaden' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('plukkalender.pdf');

  // …and comments.
  await lien.getByLabel('Jouw reactie').fill('Ik kom zaterdag met de kinderen!');
  await lien.getByRole('button', { name: 'Versturen' }).click();
  await expect(lien.getByText('Ik kom zaterdag met de kinderen!')).toBeVisible();
  await expect(lien.getByLabel('Jouw reactie')).toHaveValue('');

  // No horizontal scroll on the phone screens of this journey.
  for (const page of [lien, manager]) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
});
