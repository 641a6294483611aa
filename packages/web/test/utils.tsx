import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { Account, AppInfo, ManagedUser } from '@pluk/contract';
import { createMemoryRouter } from 'react-router';
import { expect, vi } from 'vitest';
import { App } from '../src/app/app';
import { runBoot } from '../src/app/boot/run-boot';
import { endSession } from '../src/features/auth/api/logout';
import { routes } from '../src/app/router';
import { createI18n } from '../src/lib/i18n';
import { useAppStore, type Impersonation } from '../src/lib/store';

export interface StubRequest {
  method: string;
  /** Path without query, e.g. `/api/User`. */
  path: string;
  url: string;
  headers: Headers;
  body: unknown;
}

export type StubHandler = (request: StubRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function apiError(status: number, code: string, message: string, fields?: Record<string, string>) {
  return json({ error: { code, message, ...(fields ? { fields } : {}) } }, status);
}

/**
 * A fetch stand-in routing `METHOD /api/path` (case-insensitive) to handlers; an unknown call fails
 * the test loudly. `calls` keeps every request for assertions.
 */
export function createFetchStub(handlers: Record<string, StubHandler>) {
  const calls: StubRequest[] = [];
  const table = Object.entries(handlers).map(([key, handler]) => {
    const [method, path] = key.split(' ') as [string, string];
    return { method, path: path.toLowerCase(), handler };
  });
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.split('?')[0]!;
    const method = init.method ?? 'GET';
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const request: StubRequest = { method, path, url, headers: new Headers(init.headers), body };
    calls.push(request);
    const match = table.find((entry) => entry.method === method && entry.path === path.toLowerCase());
    if (!match) throw new Error(`Unexpected call ${method} ${url}`);
    return match.handler(request);
  });
  return Object.assign(fetchStub, { calls });
}

export const appInfo: AppInfo = {
  appId: 'plukhoeve',
  appName: 'De Plukhoeve',
  localeVariant: 'nl-be',
  logoUrl: null,
  translationsVersion: null,
};

export function makeAccount(overrides: Partial<Account> = {}): Account {
  return {
    id: 3,
    username: 'lid',
    email: 'lid@example.be',
    firstName: 'Lien',
    lastName: 'Lid',
    roles: [],
    isApproved: true,
    isActive: true,
    isTransactionable: false,
    hasPaid: false,
    hasAvatar: false,
    avatarVersion: null,
    memberShip: { id: 1, members: [{ id: 1, name: 'Lien Lid', yearOfBirth: null, isAdult: true }] },
    contactData: {
      userId: 3,
      firstName: 'Lien',
      lastName: 'Lid',
      email: 'lid@example.be',
      phone: '0470 12 34 56',
      address: { street: 'Kerkstraat', number: '5', postalCode: '9000', city: 'Gent' },
    },
    privacy: { showContactData: false, receiveEmails: true },
    customQuestionAnswer: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    impersonatedBy: null,
    pendingEmail: null,
    ...overrides,
  };
}

export function makeManagedUser(overrides: Partial<ManagedUser> = {}): ManagedUser {
  return {
    id: 10,
    username: 'wachtend1',
    email: 'wout@example.be',
    firstName: 'Wout',
    lastName: 'Wachter',
    phone: '0470 00 00 00',
    roles: [],
    isApproved: false,
    isActive: false,
    householdSize: 3,
    lastSeenAt: null,
    customQuestionAnswer: 'Via de buren',
    createdAt: '2026-03-02T10:00:00.000Z',
    pendingEmail: null,
    ...overrides,
  };
}

export function signIn(token = 'token-1', refreshToken = 'refresh-1') {
  useAppStore.setState({ auth: { token, refreshToken, loggedIn: true } });
}

export function impersonate(impersonation: Impersonation) {
  useAppStore.setState({ admin: { impersonating: impersonation } });
}

interface RenderAppOptions {
  path?: string;
  /** Extra or overriding API handlers. */
  handlers?: Record<string, StubHandler>;
  /** The signed-in account (signs in when given). */
  account?: Account;
  info?: AppInfo;
  /** How long an answer stays fresh (the tests' client keeps none; the app's keeps 30 s). */
  staleTime?: number;
  /** Runs on the query client before the app starts (as `main.tsx` puts back answers kept offline). */
  prepare?: (queryClient: QueryClient) => void;
}

/** One page of a paged list as the API answers it (`feedPageSchema`): all `items` on page 0 unless told. */
export function feedPage<T>(
  items: T[],
  {
    page = 0,
    pageSize = 20,
    total = items.length,
  }: { page?: number; pageSize?: number; total?: number } = {},
) {
  const more = (page + 1) * pageSize < total;
  return {
    items,
    total,
    totalIsLowerBound: false,
    nextCursor: more ? `cursor-${page + 1}` : null,
    page,
    pageSize,
  };
}

/** The stubbed API, query client, router and i18n of `renderApp`. */
function setUpApp({
  path = '/',
  handlers = {},
  account,
  info = appInfo,
  staleTime,
  prepare,
}: RenderAppOptions) {
  if (account) signIn();
  const fetchStub = createFetchStub({
    'GET /api/info': () => json(info),
    'GET /api/info/colors': () => json({ primary: '#2f7d32', secondary: '#8bc34a', background: '#f3f8ee' }),
    'GET /api/User': () =>
      account ? json(account) : apiError(401, 'UNAUTHORIZED', 'Je bent niet (meer) aangemeld.'),
    'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    // The privacy screen's "Mijn gegevens" card (decision 101): nothing asked yet unless a test says otherwise.
    'GET /api/User/MyData': () => json({ export: null }),
    // The account screen's calendar card (decision 100): no link yet unless a test says otherwise.
    'GET /api/User/Calendar': () =>
      json({ hasLink: false, linkCreatedAt: null, allEvents: false, url: null }),
    // What every member screen asks besides its own calls: the header's unread badge, the home's
    // blocks and the manager home's feedback tile (empty unless a test says otherwise).
    'GET /api/notification/unreadCount': () => json({ count: 0 }),
    'GET /api/task': () => json({ items: [], total: 0, page: 0, pageSize: 6 }),
    'GET /api/post': () => json({ items: [], total: 0, page: 0, pageSize: 1 }),
    'GET /api/event': () => json({ items: [], total: 0, page: 0, pageSize: 1 }),
    'GET /api/product': () => json({ items: [], total: 0, page: 0, pageSize: 6 }),
    'GET /api/request': () => json({ items: [], total: 0, page: 0, pageSize: 6 }),
    'GET /api/weatherforecast': () => json({ conditions: null, location: null, updatedAt: null }),
    'GET /api/applicationManager/feedback': () => json({ items: [], total: 0, page: 0, pageSize: 20 }),
    // The manager home's to-do list (decision 092): nothing waiting unless a test says otherwise.
    'GET /api/applicationManager/Management': () => json({ todo: [] }),
    // bank (member): my transactions, on my membership and my subscription's payments tab.
    'GET /api/Bank': () => json([]),
    // re-enrolment (member): the start-up dialog's question, asked after the first screen (no dialog).
    'GET /api/QuestionsForNextYear': () => json({ questionnaire: null }),
    ...handlers,
  });
  vi.stubGlobal('fetch', fetchStub);
  const queryClient = new QueryClient({
    // Mutations run offline too, as in the app (lib/query-client.ts): the API client refuses them.
    defaultOptions: {
      queries: { retry: false, staleTime },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  prepare?.(queryClient);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const i18n = createI18n();
  return { fetch: fetchStub, queryClient, router, i18n };
}

/** Renders the whole app (start-up, guard, layouts) at `path` against a stubbed API. */
export function renderApp(options: RenderAppOptions = {}) {
  const { fetch, queryClient, router, i18n } = setUpApp(options);
  const view = render(<App queryClient={queryClient} i18n={i18n} router={router} env="test" />);
  return { ...view, router, queryClient, fetch, i18n };
}

/** As `main.tsx` starts the app: the start-up runs first, then the app renders once with its outcome. */
export async function renderAppAfterBoot(options: RenderAppOptions = {}) {
  const { fetch, queryClient, router, i18n } = setUpApp(options);
  const bootStatus = await runBoot({ queryClient, i18n, logout: () => endSession(queryClient) });
  const view = render(
    <App queryClient={queryClient} i18n={i18n} router={router} env="test" bootStatus={bootStatus} />,
  );
  return { ...view, router, queryClient, fetch, i18n, bootStatus };
}

/**
 * Renders `path` with the `failing` call answering a 500 and expects the screen's Dutch error with
 * "Opnieuw proberen" (the list screens' error state).
 */
export async function expectErrorWithRetry({
  failing,
  handlers = {},
  ...options
}: RenderAppOptions & { failing: string }) {
  const view = renderApp({
    ...options,
    handlers: {
      ...handlers,
      [failing]: () => apiError(500, 'INTERNAL_ERROR', 'Er ging iets mis. Probeer het later opnieuw.'),
    },
  });
  expect(await screen.findByText('Er ging iets mis. Probeer het later opnieuw.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
  return view;
}

export function resetNotifications() {
  notifications.clean();
  notifications.cleanQueue();
}

/**
 * A laptop for the rest of the test: every media query matches, so lists show their tables instead of
 * their cards. The setup puts the phone back after each test.
 */
export function laptopScreen() {
  window.matchMedia = ((query: string) => ({
    matches: true,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
