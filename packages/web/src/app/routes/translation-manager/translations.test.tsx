import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { textsCheckIntervalMs } from '../../boot/follow-texts';
import type { TranslationEntry } from '@pluk/contract';
import { applyTextOverrides } from '../../../features/translation/api/get-overrides';
import { appInfo, feedPage, json, makeAccount, renderApp, renderAppAfterBoot } from '../../../../test/utils';

const admin = makeAccount({ roles: ['Admin'] });
const path = '/applicationManager/translations';

function entry(overrides: Partial<TranslationEntry> = {}): TranslationEntry {
  return {
    namespace: 'common',
    key: 'actions.cancel',
    text: 'Annuleren',
    cooperativeText: null,
    placeholders: [],
    override: null,
    updatedAt: null,
    ...overrides,
  };
}

const owner = entry({
  namespace: 'home',
  key: 'offers.owner',
  text: 'Van {{name}}',
  placeholders: ['name'],
});
const crops = entry({
  namespace: 'harvest',
  key: 'tiles.crops',
  text: 'Teelten',
  cooperativeText: 'Artikels',
});

const listPage = (items: TranslationEntry[]) => ({
  ...feedPage(items, { pageSize: 50 }),
  namespaces: ['common', 'harvest', 'home'],
});

// The farm's overrides live for the whole app: every test starts from the bundled texts.
afterEach(() => applyTextOverrides(new QueryClient(), null));

describe('the farm’s own texts at start-up', () => {
  it('asks for them only when the info names a version, and shows them on the first screen', async () => {
    const { fetch } = await renderAppAfterBoot({
      path: '/',
      account: makeAccount(),
      info: { ...appInfo, translationsVersion: '1.20261127120000000000' },
      handlers: {
        'GET /api/info/translations': () =>
          json({
            version: '1.20261127120000000000',
            overrides: { home: { 'tasks.title': 'Klusjes van de week' }, common: { 'nav.home': 'Thuis' } },
          }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Klusjes van de week' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Open klusjes' })).not.toBeInTheDocument();
    const asked = fetch.calls.filter((call) => call.path === '/api/info/translations');
    expect(asked.map((call) => call.url)).toEqual(['/api/info/translations?v=1.20261127120000000000']);
  });

  it('an app that stays open takes a changed version when it comes back into view', async () => {
    let version: string | null = null;
    const { fetch } = await renderAppAfterBoot({
      path: '/',
      account: makeAccount(),
      handlers: {
        'GET /api/info': () => json({ ...appInfo, translationsVersion: version }),
        'GET /api/info/translations': () =>
          json({ version, overrides: { home: { 'tasks.title': 'Klusjes van de week' } } }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Open klusjes' })).toBeInTheDocument();
    // An app that stays open: every block is on screen and its effects have run (Preact runs them after
    // the next paint), so each listens for the redraw.
    expect(await screen.findByRole('heading', { name: 'Laatste nieuws' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    version = '1.20261127120000000000';
    // A minute later, with the clock still running (a stopped clock stalls what waits for time to pass).
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + textsCheckIntervalMs + 1);
    fireEvent(document, new Event('visibilitychange'));
    expect(await screen.findByRole('heading', { name: 'Klusjes van de week' })).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.path === '/api/info/translations')).toHaveLength(1);
    vi.restoreAllMocks();
  });

  it('asks nothing more for a farm without overrides', async () => {
    const { fetch } = await renderAppAfterBoot({ path: '/', account: makeAccount() });
    expect(await screen.findByRole('heading', { name: 'Open klusjes' })).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.path === '/api/info/translations')).toBe(false);
  });
});

describe('the Admin’s texts', () => {
  it('lists texts with the cooperative wording and the farm’s own, filters in the address', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderApp({
      path,
      account: admin,
      handlers: {
        'GET /api/admin/translation': () =>
          json(listPage([entry({ override: 'Terug', updatedAt: '2026-11-27T10:00:00.000Z' }), crops])),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Teksten' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Teksten' });
    const [first, second] = within(list).getAllByRole('listitem');
    // What members see leads; no developer key (decision 094).
    expect(first).toHaveTextContent(/^Terug/);
    expect(first).not.toHaveTextContent('actions.cancel');
    expect(first).toHaveTextContent('Onderdeel: common');
    expect(first).toHaveTextContent('StandaardtekstAnnuleren');
    expect(within(first!).getByText('Aangepast')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Terugzetten: Terug' })).toBeInTheDocument();
    expect(second).toHaveTextContent(/^Teelten/);
    expect(within(second!).queryByRole('button', { name: /Terugzetten/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Onderdeel' }), 'harvest');
    await user.click(screen.getByRole('checkbox', { name: 'Alleen aangepast' }));
    await user.type(screen.getByRole('searchbox', { name: /Zoeken/ }), 'Artikel');
    await waitFor(() =>
      expect(fetch.calls.at(-1)?.url).toBe(
        '/api/admin/translation?search=Artikel&namespace=harvest&overridden=true&page=0',
      ),
    );
    expect(router.state.location.search).toContain('onderdeel=harvest');
    expect(router.state.location.search).toContain('aangepast=1');
  });

  it('saves a text in the dialog and the Admin’s own tab shows it at once', async () => {
    const user = userEvent.setup();
    const { fetch, i18n } = renderApp({
      path,
      account: admin,
      handlers: {
        'GET /api/admin/translation': () => json(listPage([entry()])),
        'POST /api/admin/translation/Update': (request) =>
          json(
            entry({
              override: (request.body as { value: string }).value,
              updatedAt: '2026-11-27T10:00:00.000Z',
            }),
          ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Aanpassen: Annuleren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tekst aanpassen' });
    const field = within(dialog).getByRole('textbox', { name: /Eigen tekst/ });
    expect(field).toHaveValue('Annuleren');
    await user.clear(field);
    await user.type(field, 'Laat maar');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(i18n.t('actions.cancel')).toBe('Laat maar'));
    const post = fetch.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ namespace: 'common', key: 'actions.cancel', value: 'Laat maar' });
    expect(await screen.findByText('De tekst is aangepast.')).toBeInTheDocument();
  });

  it('keeps the placeholders: a text without {{name}} is refused before it is sent', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path,
      account: admin,
      handlers: { 'GET /api/admin/translation': () => json(listPage([owner])) },
    });
    await user.click(await screen.findByRole('button', { name: 'Aanpassen: Van ‹naam›' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tekst aanpassen' });
    const field = within(dialog).getByRole('textbox', { name: /Eigen tekst/ });
    expect(field).toHaveAccessibleDescription(/Behoud deze invulvelden: \{\{name\}\}/);
    await user.clear(field);
    await user.type(field, 'Van iemand');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(
      await within(dialog).findByText('De tekst moet {{name}} behouden: daar komt de juiste waarde in.'),
    ).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('resets a text to the bundled one after a confirmation', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path,
      account: admin,
      handlers: {
        'GET /api/admin/translation': () =>
          json(listPage([entry({ override: 'Terug', updatedAt: '2026-11-27T10:00:00.000Z' })])),
        'DELETE /api/admin/translation': () => json(entry()),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Terugzetten: Terug' }));
    const confirm = await screen.findByRole('dialog', { name: 'Standaardtekst terugzetten?' });
    expect(confirm).toHaveTextContent('iedereen ziet weer de standaardtekst: “Annuleren”');
    await user.click(within(confirm).getByRole('button', { name: 'Terugzetten' }));
    expect(await screen.findByText('De standaardtekst staat terug.')).toBeInTheDocument();
    const removal = fetch.calls.find((call) => call.method === 'DELETE');
    expect(removal?.url).toBe('/api/admin/translation?namespace=common&key=actions.cancel');
  });

  it('replaces a word everywhere after a preview of every text before and after', async () => {
    const user = userEvent.setup();
    const preview = {
      changes: [
        { namespace: 'tasks', key: 'titles.list', before: 'Klusjes', after: 'Taken' },
        {
          namespace: 'tasks',
          key: 'titles.mine',
          before: 'Mijn klusjes bij {{appName}}',
          after: 'Mijn taken bij {{appName}}',
        },
      ],
      occurrences: 2,
    };
    const { fetch, i18n } = renderApp({
      path,
      account: admin,
      handlers: {
        'GET /api/admin/translation': () => json(listPage([entry()])),
        'POST /api/admin/translation/Replace/Preview': () => json(preview),
        'POST /api/admin/translation/Replace': () => json({ changed: 2 }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Voorbeeld tonen' }));
    expect(await screen.findByText(/Vul het woord in dat je wil vervangen/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Woord' }), 'Klusjes');
    await user.type(screen.getByRole('textbox', { name: 'Wordt' }), 'Taken');
    await user.click(screen.getByRole('button', { name: 'Voorbeeld tonen' }));
    const list = await screen.findByRole('list', { name: 'Teksten voor en na' });
    expect(screen.getByText('2 teksten veranderen (2 keer het woord):')).toBeInTheDocument();
    expect(list).toHaveTextContent('Mijn klusjes bij naam van de boerderij');
    expect(list).not.toHaveTextContent('{{appName}}');
    expect(fetch.calls.some((call) => call.path.endsWith('/Replace'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Vervang in 2 teksten' }));
    expect(await screen.findByText('“Klusjes” is “Taken” geworden in 2 teksten.')).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.path.endsWith('/Replace'))?.body).toEqual({
      find: 'Klusjes',
      replace: 'Taken',
      wholeWord: true,
    });
    // This tab shows the new words at once.
    await waitFor(() => expect(i18n.t('tasks:titles.list')).toBe('Taken'));
  });

  it('is an Admin’s screen only', async () => {
    const { fetch } = renderApp({ path, account: makeAccount({ roles: ['ApplicationManager'] }) });
    expect((await screen.findAllByText('Geen toegang')).length).toBeGreaterThan(0);
    expect(fetch.calls.some((call) => call.path === '/api/admin/translation')).toBe(false);
  });
});
