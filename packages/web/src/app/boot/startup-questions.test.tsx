import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAnswered, makeQuestionnaire } from '../../../test/reenrolment-member-fixtures';
import { json, makeAccount, renderApp, type StubHandler } from '../../../test/utils';

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

describe("the start-up dialog 'Controleer jouw gegevens' (product-spec §2)", () => {
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

  it("'Later' hides it for the rest of the visit, and asks nothing more; the next start shows it again", async () => {
    const user = userEvent.setup();
    const view = start('/', { [mine]: () => json({ questionnaire: makeQuestionnaire() }) });
    await user.click(await screen.findByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Elsewhere in the app during the same visit: still hidden.
    await act(() => view.router.navigate('/account'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mijn account' })).toBeInTheDocument();
    await act(() => view.router.navigate('/'));
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(asked(view.fetch.calls)).toBe(1);
    // Kept in memory only: nothing about it in storage.
    expect(JSON.stringify({ ...localStorage })).not.toMatch(/later|question/i);
    view.unmount();

    // A new start of the app.
    start('/', { [mine]: () => json({ questionnaire: makeQuestionnaire() }) });
    expect(await screen.findByRole('dialog', { name: 'Controleer jouw gegevens' })).toBeInTheDocument();
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
