import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from './axe';
import { feedPage, json, makeAccount, renderApp, type StubHandler } from './utils';

/** axe-core on the notifications, feedback and home screens (colour contrast is checked in the browser). */
withoutCanvas();

const member = makeAccount();
const manager = makeAccount({ id: 1, roles: ['ApplicationManager'], firstName: 'Bart' });
const now = new Date().toISOString();

const handlers: Record<string, StubHandler> = {
  'GET /api/notification/unreadCount': () => json({ count: 1 }),
  'GET /api/notification': () =>
    json({
      items: [
        {
          id: 1,
          title: 'Je klusje is bevestigd',
          body: 'Tot zaterdag!',
          link: '/tasks/7',
          isRead: false,
          createdAt: now,
        },
        { id: 2, title: 'Welkom', body: '', link: null, isRead: true, createdAt: now },
      ],
      total: 2,
      page: 0,
      pageSize: 20,
    }),
  'GET /api/feedback': () =>
    json(
      feedPage([
        {
          id: 1,
          subject: 'Openingsuren',
          message: 'Kan de poort vroeger open?',
          isHandled: true,
          answer: 'Vanaf mei om 8 uur.',
          handledAt: now,
          createdAt: now,
        },
      ]),
    ),
  'GET /api/applicationManager/feedback': () =>
    json(
      feedPage([
        {
          id: 2,
          subject: '',
          message: 'De composthoop ruikt.',
          isHandled: false,
          answer: null,
          handledAt: null,
          createdAt: now,
          user: { id: 3, firstName: 'Lien', lastName: 'Lid', email: 'lid@example.be' },
        },
      ]),
    ),
  'GET /api/task': () =>
    json({
      items: [
        {
          id: 7,
          title: 'Onkruid wieden',
          description: '',
          location: 'Veld 2',
          startsAt: now,
          endsAt: now,
          places: 4,
          creditsPerPerson: 2,
          isClosed: false,
          placesTaken: 1,
          placesLeft: 3,
          isFull: false,
          hasStarted: false,
          hasEnded: false,
          myStatus: 'waiting',
        },
      ],
      total: 1,
      page: 0,
      pageSize: 6,
    }),
  'GET /api/weatherforecast': () =>
    json({
      conditions: {
        temperature: 12,
        temperatureMin: 8,
        temperatureMax: 15,
        precipitationProbability: 60,
        weatherCode: 61,
        description: 'Lichte regen',
        windSpeed: 20,
        isDay: true,
      },
      location: 'Gent',
      updatedAt: now,
    }),
};

const screens = [
  {
    name: 'notifications',
    path: '/notifications',
    account: member,
    ready: () => screen.findByText('Welkom'),
  },
  {
    name: 'account feedback',
    path: '/account/feedback',
    account: member,
    ready: () => screen.findByText('Vanaf mei om 8 uur.'),
  },
  {
    name: 'manager feedback',
    path: '/applicationManager/feedback',
    account: manager,
    ready: () => screen.findByText('De composthoop ruikt.'),
  },
  {
    name: 'manager home (feedback tile)',
    path: '/applicationManager',
    account: manager,
    ready: () => screen.findByRole('link', { name: /Feedback/ }),
  },
  {
    name: 'home with its blocks',
    path: '/',
    account: member,
    ready: () => screen.findByText('Lichte regen'),
  },
  {
    name: 'home while loading',
    path: '/',
    account: member,
    loading: true,
    ready: () => screen.findByRole('status', { name: 'Open klusjes laden…' }),
  },
];

describe('accessibility (axe) of the community screens', () => {
  it.each(screens)('$name has no violations', async ({ path, account, ready, ...rest }) => {
    const never = () => new Promise<Response>(() => undefined);
    const extra: Record<string, StubHandler> =
      'loading' in rest ? { 'GET /api/task': never, 'GET /api/post': never, 'GET /api/event': never } : {};
    renderApp({ path, account, handlers: { ...handlers, ...extra } });
    await ready();
    expect(await axeViolations()).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('has no violations with the feedback form showing its error', async () => {
    renderApp({ path: '/account/feedback', account: member, handlers });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Versturen' }));
    await screen.findByText('Schrijf je bericht.');
    expect(await axeViolations()).toEqual([]);
  });
});
