import { screen, waitFor, within } from '@testing-library/react';
import type {
  EventSummary,
  OfferSummary,
  PostListItem,
  RequestSummary,
  TaskSummary,
  WeatherForecast,
} from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { makeMemberTransaction } from '../../../test/bank-member-fixtures';
import { screenRequests } from '../screen-requests';
import {
  apiError,
  json,
  makeAccount,
  renderApp,
  renderAppAfterBoot,
  type StubHandler,
} from '../../../test/utils';

const member = makeAccount();

const task: TaskSummary = {
  id: 7,
  title: 'Onkruid wieden',
  description: '',
  location: 'Veld 2',
  startsAt: '2026-05-09T08:00:00.000Z',
  endsAt: '2026-05-09T10:00:00.000Z',
  places: 4,
  creditsPerPerson: 2,
  isClosed: false,
  placesTaken: 2,
  placesLeft: 2,
  isFull: false,
  hasStarted: false,
  hasEnded: false,
  myStatus: null,
};
const post: PostListItem = {
  id: 12,
  title: 'De aardbeien zijn rijp',
  excerpt: 'Kom ze plukken vanaf zaterdag.',
  publishedAt: '2026-05-03T08:00:00.000Z',
  imageId: null,
  imageCount: 0,
  attachmentCount: 0,
  commentCount: 0,
};
const event: EventSummary = {
  id: 4,
  title: 'Oogstfeest',
  location: 'De schuur',
  startDate: '2026-06-20T15:00:00.000Z',
  endDate: '2026-06-20T20:00:00.000Z',
  capacity: null,
  placesTaken: 10,
  placesLeft: null,
  isClosed: false,
  hasStarted: false,
  hasEnded: false,
  myAttendance: null,
};
const offer: OfferSummary = {
  id: 21,
  title: 'Verse eieren',
  priceCents: 250,
  isFree: false,
  quantity: 10,
  quantityLeft: 4,
  unit: 'doosjes',
  availableUntil: null,
  isClosed: false,
  isSoldOut: false,
  hasEnded: false,
  owner: { id: 9, firstName: 'Mie', lastName: 'Kip' },
  photoIds: [],
  isMine: false,
  createdAt: '2026-05-02T08:00:00.000Z',
};
const request: RequestSummary = {
  id: 31,
  title: 'Wie leent me een ladder?',
  rewardCents: 500,
  status: 'open',
  neededBy: null,
  hasEnded: false,
  requester: { id: 10, firstName: 'Jos', lastName: 'Boer' },
  takenBy: null,
  isMine: false,
  isTakenByMe: false,
  createdAt: '2026-05-02T09:00:00.000Z',
};
const sunny: WeatherForecast = {
  conditions: {
    temperature: 17.6,
    temperatureMin: 9.2,
    temperatureMax: 21.4,
    precipitationProbability: 10,
    weatherCode: 0,
    description: 'Onbewolkt',
    windSpeed: 12,
    isDay: true,
  },
  location: 'Gent',
  updatedAt: '2026-05-04T08:00:00.000Z',
};

const full: Record<string, StubHandler> = {
  'GET /api/task': () =>
    json({
      items: [task, { ...task, id: 8, title: 'Compost keren', isFull: true, placesLeft: 0 }],
      total: 2,
      page: 0,
      pageSize: 6,
    }),
  'GET /api/post': () => json({ items: [post], total: 5, page: 0, pageSize: 1 }),
  'GET /api/event': () => json({ items: [event], total: 2, page: 0, pageSize: 1 }),
  'GET /api/product': () =>
    json({
      items: [
        offer,
        {
          ...offer,
          id: 22,
          title: 'Courgettes',
          priceCents: 0,
          isFree: true,
          unit: '',
          photoIds: [77],
          isMine: true,
        },
      ],
      total: 2,
      page: 0,
      pageSize: 6,
    }),
  'GET /api/request': () =>
    json({
      items: [
        request,
        { ...request, id: 32, title: 'Hulp bij verhuis', rewardCents: 0, status: 'taken', isMine: true },
      ],
      total: 2,
      page: 0,
      pageSize: 6,
    }),
  'GET /api/weatherforecast': () => json(sunny),
  'GET /api/user/onlineMembers': () => json({ count: 3 }),
  'GET /api/Media/77': () => new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 }),
};

// The blocks below the first two appear one task after another (decision 069), so they are awaited.
const section = (name: string) => screen.findByRole('region', { name });

describe('home', () => {
  it('shows what I owe first, the first due first, with Betalen one tap from its payment page (decision 090)', async () => {
    renderApp({
      path: '/',
      account: member,
      handlers: {
        ...full,
        'GET /api/Bank': () =>
          json([
            makeMemberTransaction({
              status: 'paid',
              description: 'Vorig jaar',
              paidAt: '2029-03-02T10:00:00.000Z',
            }),
            makeMemberTransaction({
              publicId: 'later'.padEnd(32, 'x'),
              description: 'Fruit 2030',
              dueDate: '2099-05-01',
            }),
            makeMemberTransaction({
              publicId: 'overdue'.padEnd(32, 'y'),
              description: 'Abonnement Groenten 2026',
              amountCents: 52_000,
              dueDate: '2026-04-01',
            }),
          ]),
      },
    });
    const owed = await section('Te betalen');
    const cards = within(owed).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Abonnement Groenten 2026');
    expect(cards[0]).toHaveTextContent('€ 520,00');
    expect(cards[0]).toHaveTextContent('Te laat');
    expect(cards[0]).toHaveTextContent(/De vervaldatum was 1 apr/);
    expect(
      within(cards[0]!).getByRole('link', { name: /^Betalen: Abonnement Groenten 2026, €\s520,00$/ }),
    ).toHaveAttribute('href', `/account/membership/${'overdue'.padEnd(32, 'y')}`);
    expect(cards[1]).toHaveTextContent('Fruit 2030');
    expect(cards[1]).toHaveTextContent('Te betalen uiterlijk');
    expect(within(owed).queryByText('Vorig jaar')).not.toBeInTheDocument();
    // Before the weather and the chores: the first thing under the greeting.
    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));
    expect(regions[0]).toBe('home-owed');
  });

  it('shows no payment block when nothing is open', async () => {
    renderApp({
      path: '/',
      account: member,
      handlers: { ...full, 'GET /api/Bank': () => json([makeMemberTransaction({ status: 'cancelled' })]) },
    });
    await screen.findByText('Onkruid wieden');
    expect(screen.queryByRole('region', { name: 'Te betalen' })).not.toBeInTheDocument();
  });

  it('asks the blocks with the exact queries of the home', async () => {
    const { fetch } = renderApp({ path: '/', account: member, handlers: full });
    await screen.findByText('Onkruid wieden');
    const query = (path: string) =>
      new URL(fetch.calls.find((call) => call.path === path)!.url, 'http://x').searchParams;
    expect(Object.fromEntries(query('/api/task'))).toEqual({
      isCompleted: 'false',
      pageSize: '6',
      page: '0',
      hasEnded: 'false',
    });
    await screen.findByText('Verse eieren');
    await screen.findByText('Wie leent me een ladder?');
    for (const path of ['/api/product', '/api/request']) {
      expect(Object.fromEntries(query(path)), path).toEqual({
        isCompleted: 'false',
        pageSize: '6',
        page: '0',
        hasEnded: 'false',
      });
    }
    expect(Object.fromEntries(query('/api/post'))).toEqual({ pageSize: '1', page: '0' });
    expect(Object.fromEntries(query('/api/event'))).toEqual({
      pageSize: '1',
      page: '0',
      hasEnded: 'false',
      sortBy: 'startDate',
      sortDirection: 'asc',
    });
  });

  it('shows the greeting, the weather, open chores, the next event and the latest post, with links', async () => {
    renderApp({ path: '/', account: member, handlers: full });
    expect(await screen.findByRole('heading', { name: 'Dag Lien' })).toBeInTheDocument();
    expect(await screen.findByText('3 leden zijn nu online')).toBeInTheDocument();
    expect(await screen.findByText('18 °C')).toBeInTheDocument();
    expect(screen.getByText('Onbewolkt')).toBeInTheDocument();
    expect(screen.getByText('Het weer vandaag in Gent')).toBeInTheDocument();
    expect(screen.getByText('Min. 9 °C · max. 21 °C')).toBeInTheDocument();

    const chores = await section('Open klusjes');
    expect(within(chores).getByRole('link', { name: /Onkruid wieden/ })).toHaveAttribute('href', '/tasks/7');
    expect(within(chores).getByText('Nog 2 plaatsen')).toBeInTheDocument();
    expect(within(chores).getByText('Volzet')).toBeInTheDocument();
    expect(within(chores).getByRole('link', { name: 'Alle klusjes' })).toHaveAttribute('href', '/tasks');

    const market = await section('Op de markt');
    const eggs = within(market).getByRole('link', { name: /Verse eieren/ });
    expect(eggs).toHaveAttribute('href', '/market/offer/21');
    expect(within(eggs).getByText('2,50 plukgeld')).toBeInTheDocument();
    expect(within(eggs).getByText('Nog 4 doosjes over')).toBeInTheDocument();
    expect(within(eggs).getByText('Van Mie')).toBeInTheDocument();
    const courgettes = within(market).getByRole('link', { name: /Courgettes/ });
    expect(within(courgettes).getByText('gratis')).toBeInTheDocument();
    expect(within(courgettes).getByText('Van jou')).toBeInTheDocument();
    // The cover photo, fetched with the member's token (decorative: the title names the offer).
    await waitFor(() => expect(courgettes.querySelector('img')).toHaveAttribute('src', 'blob:pluk-test'));
    expect(eggs.querySelector('img')).toBeNull();
    expect(within(market).getByRole('link', { name: 'Alle aanbiedingen' })).toHaveAttribute(
      'href',
      '/market',
    );

    const requests = await section('Open verzoeken');
    const ladder = within(requests).getByRole('link', { name: /Wie leent me een ladder/ });
    expect(ladder).toHaveAttribute('href', '/requests/31');
    expect(within(ladder).getByText('5,00 plukgeld beloning')).toBeInTheDocument();
    expect(within(ladder).getByText('Gevraagd door Jos')).toBeInTheDocument();
    expect(within(ladder).getByText('Open')).toBeInTheDocument();
    const move = within(requests).getByRole('link', { name: /Hulp bij verhuis/ });
    expect(within(move).getByText('Geen beloning')).toBeInTheDocument();
    expect(within(move).getByText('Iemand helpt')).toBeInTheDocument();
    expect(within(move).getByText('Gevraagd door jou')).toBeInTheDocument();
    expect(within(requests).getByRole('link', { name: 'Alle verzoeken' })).toHaveAttribute(
      'href',
      '/requests',
    );

    const next = await section('Volgend evenement');
    expect(await within(next).findByRole('link', { name: /Oogstfeest/ })).toHaveAttribute(
      'href',
      '/events/4',
    );
    expect(within(next).getByRole('link', { name: 'Alle evenementen' })).toHaveAttribute('href', '/events');

    const news = await section('Laatste nieuws');
    expect(await within(news).findByRole('link', { name: /De aardbeien zijn rijp/ })).toHaveAttribute(
      'href',
      '/posts/12',
    );
  });

  it('shows each block loading with its own skeleton', async () => {
    const never = () => new Promise<Response>(() => undefined);
    renderApp({
      path: '/',
      account: member,
      handlers: {
        'GET /api/task': never,
        'GET /api/post': never,
        'GET /api/event': never,
        'GET /api/product': never,
        'GET /api/request': never,
        'GET /api/weatherforecast': never,
      },
    });
    expect(await screen.findByRole('status', { name: 'Open klusjes laden…' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Op de markt laden…' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Open verzoeken laden…' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Laatste nieuws laden…' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Volgend evenement laden…' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Het weer laden…' })).toBeInTheDocument();
  });

  it('shows empty states, and the farm without a forecast', async () => {
    renderApp({ path: '/', account: member });
    expect(await screen.findByText('Er zijn nu geen open klusjes. Kijk later nog eens!')).toBeInTheDocument();
    expect(await screen.findByText('Nog geen nieuws van de boerderij.')).toBeInTheDocument();
    expect(await screen.findByText('Er staat nu niets op de markt. Bied zelf iets aan!')).toBeInTheDocument();
    expect(await screen.findByText('Er zijn nu geen open verzoeken.')).toBeInTheDocument();
    expect(await screen.findByText('Er staat geen evenement gepland.')).toBeInTheDocument();
    expect(await screen.findByText('Het weerbericht is nu niet beschikbaar.')).toBeInTheDocument();
  });

  it('an error in one block leaves the others standing, with a retry', async () => {
    const { fetch } = renderApp({
      path: '/',
      account: member,
      handlers: {
        ...full,
        'GET /api/task': () =>
          apiError(500, 'INTERNAL_ERROR', 'Er ging iets mis. Probeer het later opnieuw.'),
        'GET /api/weatherforecast': () => apiError(500, 'INTERNAL_ERROR', 'Er ging iets mis.'),
        'GET /api/product': () => apiError(500, 'INTERNAL_ERROR', 'Er ging iets mis.'),
        'GET /api/request': () => apiError(500, 'INTERNAL_ERROR', 'Er ging iets mis.'),
      },
    });
    // The blocks wait for each other up to blocksTogetherMs (the failing one is retried meanwhile).
    const chores = await screen.findByRole('region', { name: 'Open klusjes' }, { timeout: 3000 });
    expect(await within(chores).findByText('Open klusjes kon niet geladen worden')).toBeInTheDocument();
    expect(within(chores).getByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
    const market = await screen.findByRole('region', { name: 'Op de markt' });
    expect(await within(market).findByText('Op de markt kon niet geladen worden')).toBeInTheDocument();
    const requests = await screen.findByRole('region', { name: 'Open verzoeken' });
    expect(await within(requests).findByText('Open verzoeken kon niet geladen worden')).toBeInTheDocument();
    expect(within(requests).getByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Oogstfeest/ })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /De aardbeien zijn rijp/ })).toBeInTheDocument();
    expect(screen.getByText('Het weerbericht is nu niet beschikbaar.')).toBeInTheDocument();
    // A failed block is asked again when it shows, not over and over (the home once looped here).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetch.calls.filter((call) => call.path === '/api/task').length).toBeLessThanOrEqual(2);
  }, 10_000);

  it('renders the answers early-boot.js already read, without asking them again (decision 071)', async () => {
    const [bank, weather, tasks, offers, requests, events, posts, unread] = screenRequests['/']!;
    const read = (data: unknown) => ({
      token: 'token-1',
      impersonate: null,
      forScreen: true,
      response: Promise.resolve(new Response('{}')),
      data,
    });
    window.__plukEarly = {
      [bank!]: read([makeMemberTransaction({ description: 'Abonnement vroeg' })]),
      [weather!]: read(sunny),
      [tasks!]: read({ items: [task], total: 1, page: 0, pageSize: 6 }),
      [offers!]: read({ items: [offer], total: 1, page: 0, pageSize: 6 }),
      [requests!]: read({ items: [request], total: 1, page: 0, pageSize: 6 }),
      [events!]: read({ items: [event], total: 1, page: 0, pageSize: 1 }),
      [posts!]: read({ items: [post], total: 1, page: 0, pageSize: 1 }),
      [unread!]: read({ count: 3 }),
    };
    try {
      // The stubbed API answers empty lists: what shows can only come from the early answers. Fresh for
      // 30 s, as the app's own query client keeps them (lib/query-client.ts).
      const { fetch } = await renderAppAfterBoot({ path: '/', account: member, staleTime: 30_000 });
      expect(await screen.findByText('Onkruid wieden')).toBeInTheDocument();
      expect(screen.getByText('18 °C')).toBeInTheDocument();
      expect(screen.getByText('Abonnement vroeg')).toBeInTheDocument();
      expect(await screen.findByText('Verse eieren')).toBeInTheDocument();
      expect(await screen.findByText('Wie leent me een ladder?')).toBeInTheDocument();
      expect(await screen.findByText('Oogstfeest')).toBeInTheDocument();
      expect(await screen.findByText('De aardbeien zijn rijp')).toBeInTheDocument();
      const asked = fetch.calls.map((call) => call.path);
      for (const path of [
        '/api/Bank',
        '/api/weatherforecast',
        '/api/task',
        '/api/product',
        '/api/request',
        '/api/event',
        '/api/post',
      ])
        expect(asked, path).not.toContain(path);
      expect(asked).not.toContain('/api/notification/unreadCount');
      expect(window.__plukEarly).toEqual({});
    } finally {
      delete window.__plukEarly;
    }
  });
});
