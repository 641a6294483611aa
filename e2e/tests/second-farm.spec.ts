import { expect, test, type Browser, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { logIn } from './helpers';

/** The second demo farm on the same server: browsers send every `*.localhost` name to this machine. */
const hetVeldURL = baseURL.replace('//localhost', '//hetveld.localhost');

async function memberOf(browser: Browser, farmURL: string, username: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: farmURL })).newPage();
  await logIn(page, username);
  return page;
}

/**
 * Two farms on one server, each with its own week: Het Veld's member sees Het Veld's chores, event, news
 * and weather (Leuven) under its own name; a chore its manager adds never reaches De Plukhoeve's members,
 * who keep their own (Gent's weather included); Het Veld's member takes the new chore.
 */
test('a second farm on the same server has its own week, and keeps it to itself', async ({ browser }) => {
  const lotte = await memberOf(browser, hetVeldURL, 'lid');
  // The tab names the screen and the farm (decision 053).
  await expect(lotte).toHaveTitle('Home | Coöperatie Het Veld');
  await expect(lotte.getByRole('heading', { name: 'Dag Lotte' })).toBeVisible();
  await expect(lotte.getByText('Het weer vandaag in Leuven')).toBeVisible();
  await expect(lotte.getByText('Min. 5 °C · max. 11 °C')).toBeVisible();
  await expect(lotte.getByText('Lichte regen')).toBeVisible();
  await expect(lotte.getByText('Bonenstaken plaatsen')).toBeVisible();
  await expect(lotte.getByText('Algemene ledenvergadering')).toBeVisible();
  await expect(lotte.getByText('Het nieuwe seizoen komt eraan')).toBeVisible();

  // Het Veld's manager adds a chore.
  const title = `Compost keren ${Date.now().toString(36)}`;
  const koen = await memberOf(browser, hetVeldURL, 'beheerder');
  await koen.goto('/applicationManager/tasks/new');
  await koen.getByLabel('Titel').fill(title);
  await koen.getByLabel('Aantal plaatsen').fill('3');
  await koen.getByRole('button', { name: 'Klusje aanmaken' }).click();
  await expect(koen).toHaveURL(/\/applicationManager\/tasks\/\d+$/);

  // De Plukhoeve's member, on the same server, sees her own farm and not Het Veld's chore.
  const lien = await memberOf(browser, baseURL, 'lid');
  await expect(lien).toHaveTitle('Home | De Plukhoeve');
  await expect(lien.getByText('Het weer vandaag in Gent')).toBeVisible();
  await expect(lien.getByText('Min. 9 °C · max. 18 °C')).toBeVisible();
  await lien.goto('/tasks');
  await expect(lien.getByText('Aardbeien uitplanten')).toBeVisible();
  await expect(lien.getByText(title)).toHaveCount(0);
  await expect(lien.getByText('Bonenstaken plaatsen')).toHaveCount(0);

  // Het Veld's member finds it and takes it.
  await lotte.goto('/tasks');
  await lotte.getByRole('link', { name: title }).click();
  await lotte.getByRole('button', { name: 'Ik help mee' }).click();
  await expect(lotte.getByText(/wacht op bevestiging/i).first()).toBeVisible();
});
