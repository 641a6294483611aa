import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarLink } from '@pluk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from '../../../../test/axe';
import { json, makeAccount, renderApp, resetNotifications } from '../../../../test/utils';

withoutCanvas();
beforeEach(resetNotifications);

const none: CalendarLink = { hasLink: false, linkCreatedAt: null, allEvents: false, url: null };
const urlOne = 'webcal://localhost/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const urlTwo = 'webcal://localhost/api/calendar/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';
const made = (url: string, allEvents = false): CalendarLink => ({
  hasLink: true,
  linkCreatedAt: '2026-05-04T10:00:00.000Z',
  allEvents,
  url,
});

const card = async () => {
  const heading = await screen.findByRole('heading', { name: 'Agenda' });
  return heading.closest('section')!;
};

describe('the Agenda card on /account (decision 100)', () => {
  it('makes the link, offers it to the calendar and to copy, and passes axe', async () => {
    const { fetch } = renderApp({
      path: '/account',
      account: makeAccount(),
      handlers: { 'POST /api/User/Calendar/Link': () => json(made(urlOne)) },
    });
    const user = userEvent.setup();
    await user.click(await within(await card()).findByRole('button', { name: 'Agendalink maken' }));
    const add = await screen.findByRole('link', { name: 'Toevoegen aan agenda' });
    expect(add).toHaveAttribute('href', urlOne);
    expect(screen.getByText(urlOne)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link kopiëren' })).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.path === '/api/User/Calendar/Link')).toHaveLength(1);
    expect(await axeViolations()).toEqual([]);
  });

  it('says an existing link works without showing it, and renews it only after a confirmation', async () => {
    const { fetch } = renderApp({
      path: '/account',
      account: makeAccount(),
      handlers: {
        'GET /api/User/Calendar': () => json({ ...made(urlOne), url: null }),
        'POST /api/User/Calendar/Link': () => json(made(urlTwo)),
      },
    });
    const user = userEvent.setup();
    const section = await card();
    expect(await within(section).findByText(/Je agendalink werkt sinds/)).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'Toevoegen aan agenda' })).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Nieuwe link maken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe agendalink maken?' });
    expect(dialog).toHaveTextContent('Je oude link werkt dan meteen niet meer');
    expect(await axeViolations()).toEqual([]);
    expect(fetch.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Nieuwe link maken' }));
    expect(await screen.findByText('Je nieuwe agendalink is klaar.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Toevoegen aan agenda' })).toHaveAttribute('href', urlTwo);
  });

  it('saves the choice of all events and keeps the link shown', async () => {
    const { fetch } = renderApp({
      path: '/account',
      account: makeAccount(),
      handlers: {
        'POST /api/User/Calendar/Link': () => json(made(urlOne)),
        'POST /api/User/Calendar/Settings': () => json({ ...made(urlOne, true), url: null }),
      },
    });
    const user = userEvent.setup();
    await user.click(await within(await card()).findByRole('button', { name: 'Agendalink maken' }));
    await screen.findByRole('link', { name: 'Toevoegen aan agenda' });
    const allEvents = screen.getByRole('switch', { name: /^Alle evenementen van de boerderij/ });
    expect(allEvents).not.toBeChecked();
    await user.click(allEvents);
    expect(await screen.findByText('Je agenda-instelling is bewaard.')).toBeInTheDocument();
    expect(allEvents).toBeChecked();
    expect(fetch.calls.find((call) => call.path === '/api/User/Calendar/Settings')?.body).toEqual({
      allEvents: true,
    });
    expect(screen.getByRole('link', { name: 'Toevoegen aan agenda' })).toHaveAttribute('href', urlOne);
  });

  it('revokes the link after a confirmation', async () => {
    renderApp({
      path: '/account',
      account: makeAccount(),
      handlers: {
        'GET /api/User/Calendar': () => json({ ...made(urlOne), url: null }),
        'DELETE /api/User/Calendar/Link': () => json(none),
      },
    });
    const user = userEvent.setup();
    await user.click(await within(await card()).findByRole('button', { name: 'Link stopzetten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agendalink stopzetten?' });
    await user.click(within(dialog).getByRole('button', { name: 'Link stopzetten' }));
    expect(await screen.findByText('Je agendalink is stopgezet.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Agendalink maken' })).toBeInTheDocument();
  });
});
