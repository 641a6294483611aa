import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeAnswered, makeQuestionnaire } from '../../../test/reenrolment-member-fixtures';
import { json, makeAccount, renderApp, type StubHandler } from '../../../test/utils';
import { isPutOff, laterForMs, laterKey, rememberLater } from './startup-later';

const mine = 'GET /api/QuestionsForNextYear';
const asked = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/QuestionsForNextYear').length;

function start(path: string, handlers: Record<string, StubHandler>, account = makeAccount()) {
  return renderApp({ path, account, handlers });
}

// The check and the dialog are lazy chunks: loaded once here, so that what a test waits for below is
// what the app does after its first screen, not Vitest transforming a module.
beforeAll(async () => {
  await import('../../features/reenrolment/components/startup-questions-check');
  await import('../../features/reenrolment/components/startup-questions-dialog');
});

/**
 * Time for the start-up check to ask and, were it to, show the dialog: a chain of timers, lazy modules
 * (both loaded already), an answer and renders, each flushed by an act of its own.
 */
async function settle() {
  for (let round = 0; round < 20; round++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

/** Waits until the start-up check has its answer and anything it would show has had time to render. */
async function checked(view: ReturnType<typeof start>) {
  await waitFor(() =>
    expect(view.queryClient.getQueryState(['questionsForNextYear', 'mine'])?.status).toBe('success'),
  );
  await settle();
}

afterEach(() => localStorage.clear());

describe("the start-up dialog 'Controleer jouw gegevens' (decision 079)", () => {
  it('shows for a member whose questionnaire needs an answer, with the exact texts and no other way out', async () => {
    const user = userEvent.setup();
    start('/', { [mine]: () => json({ questionnaire: makeQuestionnaire() }) });
    const dialog = await screen.findByRole('dialog', { name: 'Controleer jouw gegevens' });
    expect(
      within(dialog).getByText(
        'Controleer je accountgegevens en kies je abonnementen voor het volgende oogstjaar.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Later', 'Doorgaan']);

    // Escape and a click beside it change nothing.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Controleer jouw gegevens' })).toBeInTheDocument();
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    await user.click(overlay!);
    expect(screen.getByRole('dialog', { name: 'Controleer jouw gegevens' })).toBeInTheDocument();
  });

  it('shows nothing when the questionnaire needs no answer, or when there is none', async () => {
    const answered = start('/', { [mine]: () => json({ questionnaire: makeAnswered() }) });
    await checked(answered);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    answered.unmount();

    const none = start('/', { [mine]: () => json({ questionnaire: null }) });
    await checked(none);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'Later' hides it for 24 hours on this device, for this account: not on reload, asked again the next day", async () => {
    const user = userEvent.setup();
    const lien = makeAccount();
    const view = start('/', { [mine]: () => json({ questionnaire: makeQuestionnaire() }) }, lien);
    const before = Date.now();
    await user.click(await screen.findByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The moment, under a key naming the account: nothing about the questionnaire.
    const stored = Number(localStorage.getItem(laterKey(lien.id)));
    expect(stored).toBeGreaterThanOrEqual(before);
    expect(stored).toBeLessThanOrEqual(Date.now());

    // Elsewhere in the app during the same visit: still hidden.
    await act(() => view.router.navigate('/account'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mijn account' })).toBeInTheDocument();
    await act(() => view.router.navigate('/'));
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(asked(view.fetch.calls)).toBe(1);
    view.unmount();

    // A reload within the day: not shown, not even asked.
    const reload = start('/', { [mine]: () => json({ questionnaire: makeQuestionnaire() }) }, lien);
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(asked(reload.fetch.calls)).toBe(0);
    reload.unmount();

    // Another account on this browser is asked for itself.
    const other = start(
      '/',
      { [mine]: () => json({ questionnaire: makeQuestionnaire() }) },
      makeAccount({ id: lien.id + 1, firstName: 'Tom' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Controleer jouw gegevens' })).toBeInTheDocument();
    other.unmount();

    // 24 hours later: asked again.
    localStorage.setItem(laterKey(lien.id), String(Date.now() - laterForMs - 1));
    start('/', { [mine]: () => json({ questionnaire: makeQuestionnaire() }) }, lien);
    expect(await screen.findByRole('dialog', { name: 'Controleer jouw gegevens' })).toBeInTheDocument();
  });

  it('reads a stored Later as 24 hours from its moment, and a moment in the future or garbage as none', () => {
    const now = Date.UTC(2030, 2, 1, 12);
    localStorage.setItem(laterKey(5), String(now - laterForMs + 60_000));
    expect(isPutOff(5, now)).toBe(true);
    expect(isPutOff(5, now + 60_000)).toBe(false);
    expect(isPutOff(6, now)).toBe(false);
    localStorage.setItem(laterKey(5), String(now + 60_000));
    expect(isPutOff(5, now)).toBe(false);
    localStorage.setItem(laterKey(5), 'morgen');
    expect(isPutOff(5, now)).toBe(false);
    rememberLater(5, now);
    expect(isPutOff(5, now + laterForMs - 1)).toBe(true);
  });

  it("'Doorgaan' goes to /questionsfornextyear", async () => {
    const user = userEvent.setup();
    const view = start('/', { [mine]: () => json({ questionnaire: makeQuestionnaire() }) });
    await user.click(await screen.findByRole('button', { name: 'Doorgaan' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/questionsfornextyear'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Volgend oogstjaar' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Inschrijven voor 2031' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not show on the questionnaire itself, on a public page, or to an Admin acting as the member', async () => {
    const handlers = { [mine]: () => json({ questionnaire: makeQuestionnaire() }) };
    const onQuestionnaire = start('/questionsfornextyear', handlers);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Inschrijven voor 2031' }),
    ).toBeInTheDocument();
    await checked(onQuestionnaire);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    onQuestionnaire.unmount();

    // The not-found page is open to anyone.
    const publicPage = start('/bestaat-niet', handlers);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden' }),
    ).toBeInTheDocument();
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(asked(publicPage.fetch.calls)).toBe(0);
    publicPage.unmount();

    const impersonated = start('/', handlers, makeAccount({ impersonatedBy: 1 }));
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(asked(impersonated.fetch.calls)).toBe(0);
  });
});
