import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagedPost, PostDetail } from '@pluk/contract';
import { describe, expect, it, vi } from 'vitest';
import { feedPage, json, makeAccount, renderApp, type StubHandler } from '../../../../test/utils';

const member = makeAccount();
const editor = makeAccount({ id: 4, roles: ['PostManager'], firstName: 'Rita' });

const detail: PostDetail = {
  id: 7,
  title: 'De aardbeien zijn rijp',
  body: '<p>Kom <strong>plukken</strong> vanaf zaterdag.</p>',
  publishedAt: '2030-06-01T08:00:00.000Z',
  images: [{ id: 11, fileName: 'veld.png' }],
  attachments: [{ id: 12, fileName: 'plukkalender.pdf', size: 2048, mime: 'application/pdf' }],
};

const managed: ManagedPost = {
  ...detail,
  isActive: true,
  createdAt: detail.publishedAt,
  updatedAt: detail.publishedAt,
  emailed: null,
};

const common: Record<string, StubHandler> = {
  'GET /api/notification/unreadCount': () => json({ count: 0 }),
  'GET /api/Media/11': () => new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 }),
  'GET /api/Media/12': () => new Response(new Blob(['%PDF-'], { type: 'application/pdf' }), { status: 200 }),
  'GET /api/comment/post/7': () => json({ items: [], total: 0, page: 0, pageSize: 20 }),
};

describe('post detail (member)', () => {
  it('shows the title, date, body, photo, attachment and comments', async () => {
    const { fetch } = renderApp({
      path: '/posts/7',
      account: member,
      handlers: { ...common, 'GET /api/post/7': () => json(detail) },
    });
    expect(await screen.findByRole('heading', { name: 'De aardbeien zijn rijp' })).toBeInTheDocument();
    expect(screen.getByText('Gepubliceerd op 1 jun 2030')).toBeInTheDocument();
    expect(screen.getByText('plukken').tagName).toBe('STRONG');
    expect(await screen.findByRole('img', { name: 'Foto 1 bij De aardbeien zijn rijp' })).toHaveAttribute(
      'src',
      'blob:pluk-test',
    );
    // The photo came through the API client, with the Bearer token.
    const photoCall = fetch.calls.find((c) => c.path === '/api/Media/11');
    expect(photoCall?.headers.get('authorization')).toBe('Bearer token-1');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'plukkalender.pdf downloaden' }));
    await waitFor(() => expect(fetch.calls.some((c) => c.path === '/api/Media/12')).toBe(true));
    expect(await screen.findByRole('heading', { name: 'Reacties' })).toBeInTheDocument();
    expect(screen.getByText('Nog geen reacties. Schrijf de eerste!')).toBeInTheDocument();
  });

  it('says so when the post does not exist or is not active', async () => {
    renderApp({
      path: '/posts/8',
      account: member,
      handlers: {
        ...common,
        'GET /api/post/8': () => json({ error: { code: 'NOT_FOUND', message: 'Niet gevonden.' } }, 404),
      },
    });
    expect(await screen.findByText('Dit bericht bestaat niet (meer)')).toBeInTheDocument();
  });
});

describe('post form (manager)', () => {
  it('checks the title before sending, then saves as multipart and opens the post', async () => {
    const { fetch, router } = renderApp({
      path: '/applicationManager/posts/new',
      account: editor,
      handlers: {
        ...common,
        'POST /api/applicationManager/Post': () => json(managed),
        'GET /api/applicationManager/Post/7': () => json(managed),
      },
    });
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Opslaan' });
    await user.click(save);
    expect(await screen.findByText('Geef het bericht een titel.')).toBeInTheDocument();
    expect(fetch.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /Titel/ }), 'De aardbeien zijn rijp');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/applicationManager/posts/7'));
    const sent = fetch.calls.find((c) => c.method === 'POST' && c.path === '/api/applicationManager/Post');
    const body = sent?.body as FormData;
    expect(body.get('title')).toBe('De aardbeien zijn rijp');
    expect(body.get('isActive')).toBe('true');
  });

  it('offers the file area as a named button that opens the file dialog with Enter or Space', async () => {
    renderApp({ path: '/applicationManager/posts/new', account: editor, handlers: common });
    const dropzone = await screen.findByRole('button', { name: "Foto's of bestanden toevoegen" });
    expect(dropzone).toHaveAccessibleDescription(/^Foto's \(JPEG, PNG, WebP, GIF\) tot \d+ MB/);
    expect(dropzone).toHaveAttribute('tabindex', '0');
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    dropzone.focus();
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('edits a post: removing a photo leaves it out of keepMediaIds', async () => {
    const { fetch } = renderApp({
      path: '/applicationManager/posts/7/edit',
      account: editor,
      handlers: {
        ...common,
        'GET /api/applicationManager/Post/7': () => json(managed),
        'PUT /api/applicationManager/Post': () => json(managed),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'veld.png verwijderen' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(fetch.calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = fetch.calls.find((c) => c.method === 'PUT')?.body as FormData;
    expect(body.get('id')).toBe('7');
    expect(body.getAll('keepMediaIds')).toEqual(['12']);
  });
});

describe('post detail (manager)', () => {
  const round = (counts: {
    recipients: number;
    sent: number;
    notSent: number;
    failed: number;
    waiting: number;
  }) => ({
    startedAt: '2030-06-02T08:00:00.000Z',
    ...counts,
  });

  it(
    'starts an e-mail round after confirming and follows its progress until it is done',
    { timeout: 15_000 },
    async () => {
      let asked = 0;
      let sent = false;
      const { fetch } = renderApp({
        path: '/applicationManager/posts/7',
        account: editor,
        handlers: {
          ...common,
          'GET /api/applicationManager/Post/7': () => json(managed),
          // Before the round: none. Then the worker has sent two, and then all three (one failed).
          'GET /api/applicationManager/Post/7/emailRound': () => {
            if (!sent) return json({ round: null });
            asked += 1;
            return json({
              round:
                asked === 1
                  ? round({ recipients: 3, sent: 2, notSent: 0, failed: 0, waiting: 1 })
                  : round({ recipients: 3, sent: 2, notSent: 0, failed: 1, waiting: 0 }),
            });
          },
          'POST /api/applicationManager/Post/SendWithEmail/7': () => {
            sent = true;
            return json(round({ recipients: 3, sent: 0, notSent: 0, failed: 0, waiting: 3 }));
          },
        },
      });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Mailen naar de leden' }));
      const dialog = await screen.findByRole('dialog', { name: 'Bericht mailen?' });
      await user.click(within(dialog).getByRole('button', { name: 'Mailen' }));
      // The answer is the queued round; the worker sends in the background.
      expect(
        await screen.findByText('Bezig met mailen: 0 van 3 e-mails verzonden, nog 3 te gaan.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Verzonden e-mails' })).toBeInTheDocument();
      expect(
        await screen.findByText(
          'Bezig met mailen: 2 van 3 e-mails verzonden, nog 1 te gaan.',
          {},
          { timeout: 5000 },
        ),
      ).toBeInTheDocument();
      // Asked again while e-mails wait, until the round is done.
      expect(
        await screen.findByText('2 van 3 e-mails verzonden.', {}, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(screen.getByText('1 e-mail kon niet verzonden worden.')).toBeInTheDocument();
      expect(fetch.calls.filter((c) => c.path.endsWith('/emailRound')).length).toBeGreaterThanOrEqual(3);
    },
  );

  it('says plainly that nothing was mailed when the farm has no e-mail settings', async () => {
    renderApp({
      path: '/applicationManager/posts/7',
      account: editor,
      handlers: {
        ...common,
        'GET /api/applicationManager/Post/7': () => json(managed),
        'GET /api/applicationManager/Post/7/emailRound': () =>
          json({ round: round({ recipients: 6, sent: 0, notSent: 6, failed: 0, waiting: 0 }) }),
      },
    });
    expect(
      await screen.findByText(/de e-mailinstellingen van de boerderij zijn nog niet ingevuld/),
    ).toBeInTheDocument();
  });

  it('shows the Dutch answer to a second click on the same version', async () => {
    renderApp({
      path: '/applicationManager/posts/7',
      account: editor,
      handlers: {
        ...common,
        'GET /api/applicationManager/Post/7': () => json(managed),
        'GET /api/applicationManager/Post/7/emailRound': () => json({ round: null }),
        'POST /api/applicationManager/Post/SendWithEmail/7': () =>
          json(
            {
              error: {
                code: 'POST_ALREADY_EMAILED',
                message:
                  'Dit bericht is al per e-mail verstuurd. Pas het bericht aan als je het opnieuw wilt versturen.',
              },
            },
            409,
          ),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mailen naar de leden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bericht mailen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mailen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('al per e-mail verstuurd');
  });

  it('lists posts with their active badge', async () => {
    renderApp({
      path: '/applicationManager/posts',
      account: editor,
      handlers: {
        ...common,
        'GET /api/applicationManager/Post': () =>
          json(
            feedPage([
              {
                id: 7,
                title: 'Rijp',
                isActive: true,
                publishedAt: detail.publishedAt,
                imageCount: 1,
                attachmentCount: 0,
              },
              {
                id: 8,
                title: 'Klad',
                isActive: false,
                publishedAt: detail.publishedAt,
                imageCount: 0,
                attachmentCount: 2,
              },
            ]),
          ),
      },
    });
    expect(await screen.findByText('Rijp')).toBeInTheDocument();
    expect(screen.getByText('Actief')).toBeInTheDocument();
    expect(screen.getByText('Niet actief')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nieuw bericht' })).toHaveAttribute(
      'href',
      '/applicationManager/posts/new',
    );
  });
});
