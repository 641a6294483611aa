import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import ICAL from 'ical.js';
import { callApi, logIn } from './helpers';

/**
 * My calendar (decision 100) on a phone: Lien (`lid`) makes her agenda link on /account, the page fetches
 * the `webcal:` feed over plain HTTP, ical.js reads it, and a chore she took is in it in Europe/Brussels.
 * A new link stops the old one at once.
 */

interface MyTask {
  status: 'waiting' | 'confirmed' | 'refused';
  task: { id: number; title: string; endsAt: string; isClosed: boolean; placesLeft?: number };
}
interface OpenTask {
  id: number;
  title: string;
  endsAt: string;
  myStatus: string | null;
}

const recent = (endsAt: string) => Date.parse(endsAt) > Date.now() - 80 * 86_400_000;

test('a member adds her chores to her calendar from /account on a phone', async ({ browser, request }) => {
  // A chore Lien took: the demo's, else one she takes now.
  let mine = (await callApi<MyTask[]>(request, 'lid', 'GET', 'user/tasks')).find(
    (entry) => entry.status !== 'refused' && recent(entry.task.endsAt),
  )?.task;
  if (!mine) {
    const open = await callApi<{ items: OpenTask[] }>(request, 'lid', 'GET', 'Task/true');
    const chosen = open.items.find((task) => task.myStatus === null);
    expect(chosen, 'an open chore to take').toBeDefined();
    await callApi(request, 'lid', 'POST', 'task/take', { taskId: chosen!.id });
    mine = { ...chosen!, isClosed: false };
  }

  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await logIn(page, 'lid');
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Agenda' });
  await expect(card).toBeVisible();
  // Earlier runs may have left a link: a new one is then made after the confirmation.
  const make = card.getByRole('button', { name: 'Agendalink maken' });
  if (await make.isVisible()) {
    await make.click();
  } else {
    await card.getByRole('button', { name: 'Nieuwe link maken' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Nieuwe link maken' }).click();
  }
  const add = card.getByRole('link', { name: 'Toevoegen aan agenda' });
  await expect(add).toBeVisible();
  const webcal = (await add.getAttribute('href'))!;
  expect(webcal).toMatch(/^webcal:\/\/.+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(card.getByRole('button', { name: 'Link kopiëren' })).toBeVisible();

  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // The card fits the phone: nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The calendar app's fetch: no login, the link alone.
  const http = webcal.replace(/^webcal:/, 'http:');
  const feed = await page.request.get(http);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Brussels');
  const chores = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  const chore = chores.find((event) => event.uid.includes(`-task-${mine!.id}@`));
  expect(chore, `chore ${mine.title} in the feed`).toBeDefined();
  expect(chore!.summary).toBe(`Klusje: ${mine.title}`);
  expect(chore!.startDate.zone?.tzid).toBe('Europe/Brussels');
  expect(chore!.endDate.toJSDate().toISOString()).toBe(new Date(mine.endsAt).toISOString());

  // A new link: the old one answers 404 at once, the new one works.
  await card.getByRole('button', { name: 'Nieuwe link maken' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe agendalink maken?' });
  await expect(dialog).toContainText('Je oude link werkt dan meteen niet meer');
  await dialog.getByRole('button', { name: 'Nieuwe link maken' }).click();
  await expect(add).not.toHaveAttribute('href', webcal);
  expect((await page.request.get(http)).status()).toBe(404);
  const renewed = (await add.getAttribute('href'))!.replace(/^webcal:/, 'http:');
  expect((await page.request.get(renewed)).status()).toBe(200);
  await context.close();
});
