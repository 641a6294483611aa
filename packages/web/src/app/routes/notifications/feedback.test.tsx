import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Feedback, ManagedFeedback } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { apiError, feedPage, json, makeAccount, renderApp, type StubRequest } from '../../../../test/utils';

const member = makeAccount();
const manager = makeAccount({ id: 2, roles: ['ApplicationManager'], firstName: 'Bart' });

const answered: Feedback = {
  id: 1,
  subject: 'Openingsuren',
  message: 'Kan de poort vroeger open?',
  isHandled: true,
  answer: 'Vanaf mei om 8 uur.',
  handledAt: '2026-05-02T10:00:00.000Z',
  createdAt: '2026-04-28T10:00:00.000Z',
};

describe('/account/feedback', () => {
  it('shows my earlier feedback with the farm’s answer', async () => {
    renderApp({
      path: '/account/feedback',
      account: member,
      handlers: { 'GET /api/feedback': () => json(feedPage([answered])) },
    });
    expect(await screen.findByText('Kan de poort vroeger open?')).toBeInTheDocument();
    expect(screen.getByText('Behandeld')).toBeInTheDocument();
    expect(screen.getByText('Vanaf mei om 8 uur.')).toBeInTheDocument();
    // Everything fits on one page: no "Meer laden".
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();
  });

  it('loads a long history a page at a time, and says how much is shown', async () => {
    const history: Feedback[] = Array.from({ length: 25 }, (_, i) => ({
      ...answered,
      id: 100 + i,
      message: `Bericht ${i + 1}`,
    }));
    const { fetch } = renderApp({
      path: '/account/feedback',
      account: member,
      handlers: {
        'GET /api/feedback': ({ url }: StubRequest) => {
          const page = Number(new URL(url, 'http://localhost').searchParams.get('page') ?? 0);
          return json(feedPage(history.slice(page * 20, page * 20 + 20), { page, total: 25 }));
        },
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Bericht 20')).toBeInTheDocument();
    expect(screen.queryByText('Bericht 21')).not.toBeInTheDocument();
    expect(screen.getByText('20 van 25 getoond')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByText('Bericht 25')).toBeInTheDocument();
    expect(screen.getByText('Bericht 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();
    const pages = fetch.calls
      .filter((call) => call.path === '/api/feedback')
      .map((call) => new URL(call.url, 'http://localhost').searchParams.get('page'));
    expect(pages).toEqual(['0', '1']);
  });

  it('sends feedback, shows the server’s Dutch field error, and lists it after sending', async () => {
    let mine: Feedback[] = [];
    const { fetch } = renderApp({
      path: '/account/feedback',
      account: member,
      handlers: {
        'GET /api/feedback': () => json(feedPage(mine)),
        'POST /api/feedback/create': ({ body }: StubRequest) => {
          const { subject, message } = body as { subject: string; message: string };
          if (message.includes('te lang')) {
            return apiError(400, 'VALIDATION_ERROR', 'Niet alle gegevens zijn juist ingevuld.', {
              message: 'Een bericht heeft hoogstens 5000 tekens.',
            });
          }
          const created = {
            ...answered,
            id: 9,
            subject,
            message,
            isHandled: false,
            answer: null,
            handledAt: null,
          };
          mine = [created];
          return json(created);
        },
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Nog geen feedback')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText('Schrijf je bericht.')).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.path === '/api/feedback/create')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /Je bericht/ }), 'Dit is te lang');
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText('Een bericht heeft hoogstens 5000 tekens.')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: /Je bericht/ }));
    await user.type(screen.getByRole('textbox', { name: 'Onderwerp (niet verplicht)' }), 'Bonen');
    await user.type(screen.getByRole('textbox', { name: /Je bericht/ }), 'Meer bonen graag!');
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText('Bedankt! We hebben je feedback ontvangen.')).toBeInTheDocument();
    expect(await screen.findByText('Meer bonen graag!')).toBeInTheDocument();
    expect(screen.getByText('Nog niet behandeld')).toBeInTheDocument();
    const sent = fetch.calls.filter((call) => call.path === '/api/feedback/create').at(-1);
    expect(sent?.body).toEqual({ subject: 'Bonen', message: 'Meer bonen graag!' });
    expect(screen.getByRole('textbox', { name: /Je bericht/ })).toHaveValue('');
  });

  it('shows the error state of the list', async () => {
    renderApp({
      path: '/account/feedback',
      account: member,
      handlers: { 'GET /api/feedback': () => apiError(500, 'INTERNAL_ERROR', 'Er ging iets mis.') },
    });
    expect(await screen.findByText('Er ging iets mis.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Versturen' })).toBeInTheDocument();
  });
});

describe('/applicationManager/feedback', () => {
  const waiting: ManagedFeedback = {
    ...answered,
    id: 5,
    subject: '',
    message: 'De composthoop ruikt.',
    isHandled: false,
    answer: null,
    handledAt: null,
    user: { id: 3, firstName: 'Lien', lastName: 'Lid', email: 'lid@example.be' },
  };

  it('answers a member’s feedback and marks it handled', async () => {
    let items: ManagedFeedback[] = [waiting, { ...answered, user: null }];
    const { fetch } = renderApp({
      path: '/applicationManager/feedback',
      account: manager,
      handlers: {
        'GET /api/applicationManager/feedback': ({ url }: StubRequest) => {
          const isHandled = new URL(url, 'http://localhost').searchParams.get('isHandled');
          const kept = isHandled === null ? items : items.filter((i) => String(i.isHandled) === isHandled);
          return json(feedPage(kept));
        },
        'POST /api/applicationManager/feedback/handle': ({ body }: StubRequest) => {
          const { answer } = body as { answer: string | null };
          items = items.map((item) =>
            item.id === 5
              ? { ...item, isHandled: true, answer, handledAt: '2026-05-04T10:00:00.000Z' }
              : item,
          );
          return json(items[0]);
        },
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('1 bericht wacht op behandeling.')).toBeInTheDocument();
    expect(screen.getByText('Van een verwijderd account')).toBeInTheDocument();
    const card = screen.getByText('De composthoop ruikt.').closest('li')!;
    await user.type(
      within(card).getByRole('textbox', { name: 'Antwoord aan Lien Lid (niet verplicht)' }),
      'We keren hem morgen.',
    );
    await user.click(within(card).getByRole('button', { name: 'Markeer als behandeld' }));
    expect(
      await screen.findByText('De feedback is behandeld; het lid krijgt een melding.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText('Geen berichten wachten op behandeling.')).toBeInTheDocument(),
    );
    const sent = fetch.calls.find((call) => call.path === '/api/applicationManager/feedback/handle');
    expect(sent?.body).toEqual({ id: 5, answer: 'We keren hem morgen.' });
  });

  it('is not for members', async () => {
    renderApp({ path: '/applicationManager/feedback', account: member });
    expect(await screen.findByRole('heading', { name: 'Geen toegang' })).toBeInTheDocument();
  });
});
