import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagedPost, PostDetail } from '@pluk/contract';
import { describe, expect, it, vi } from 'vitest';
import { json, makeAccount, renderApp, type StubHandler } from '../../../../test/utils';

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
  it('sends the post by e-mail after confirming and shows the counts', async () => {
    renderApp({
      path: '/applicationManager/posts/7',
      account: editor,
      handlers: {
        ...common,
        'GET /api/applicationManager/Post/7': () => json(managed),
        'POST /api/applicationManager/Post/SendWithEmail/7': () =>
          json({ recipients: 3, sent: 2, notSent: 0, failed: 1 }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mailen naar de leden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bericht mailen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mailen' }));
    expect(await screen.findByText('2 van 3 e-mails verzonden.')).toBeInTheDocument();
    expect(screen.getByText('1 e-mail kon niet verzonden worden.')).toBeInTheDocument();
  });

  it('says plainly that nothing was mailed when the farm has no e-mail settings', async () => {
    renderApp({
      path: '/applicationManager/posts/7',
      account: editor,
      handlers: {
        ...common,
        'GET /api/applicationManager/Post/7': () => json(managed),
        'POST /api/applicationManager/Post/SendWithEmail/7': () =>
          json({ recipients: 6, sent: 0, notSent: 6, failed: 0 }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mailen naar de leden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bericht mailen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mailen' }));
    expect(
      await screen.findByText(/de e-mailinstellingen van de boerderij zijn nog niet ingevuld/),
    ).toBeInTheDocument();
  });

  it('lists posts with their active badge', async () => {
    renderApp({
      path: '/applicationManager/posts',
      account: editor,
      handlers: {
        ...common,
        'GET /api/applicationManager/Post': () =>
          json([
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
