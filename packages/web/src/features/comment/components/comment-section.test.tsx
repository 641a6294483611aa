import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Comment } from '@pluk/contract';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { apiError, createFetchStub, feedPage, json, signIn, type StubRequest } from '../../../../test/utils';
import { createI18n } from '../../../lib/i18n';
import { CommentSection } from './comment-section';

function makeComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 1,
    subjectType: 'post',
    subjectId: 7,
    body: 'Lekker!',
    authorName: 'Anna Peeters',
    authorId: 5,
    createdAt: '2026-05-01T10:00:00.000Z',
    editedAt: null,
    canEdit: false,
    canDelete: false,
    ...overrides,
  };
}

function renderSection(initial: Comment[], failList = false, pageSize = 20) {
  signIn();
  let comments = [...initial];
  let nextId = 100;
  const fetch = createFetchStub({
    'GET /api/comment/post/7': ({ url }: StubRequest) => {
      if (failList) return apiError(500, 'INTERNAL_ERROR', 'Er ging iets mis.');
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page') ?? 0);
      const items = comments.slice(page * pageSize, page * pageSize + pageSize);
      return json(feedPage(items, { page, pageSize, total: comments.length }));
    },
    'POST /api/comment/create': ({ body }: StubRequest) => {
      const { body: text } = body as { body: string };
      const created = makeComment({
        id: nextId++,
        body: text,
        authorName: 'Lien Lid',
        canEdit: true,
        canDelete: true,
      });
      comments.push(created);
      return json(created);
    },
    'POST /api/comment/update': ({ body }: StubRequest) => {
      const { id, body: text } = body as { id: number; body: string };
      comments = comments.map((c) =>
        c.id === id ? { ...c, body: text, editedAt: '2026-05-02T10:00:00.000Z' } : c,
      );
      return json(comments.find((c) => c.id === id));
    },
    ...Object.fromEntries(
      initial.map((c) => [
        `DELETE /api/comment/${c.id}`,
        () => {
          comments = comments.filter((other) => other.id !== c.id);
          return new Response(null, { status: 204 });
        },
      ]),
    ),
  });
  vi.stubGlobal('fetch', fetch);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={createI18n()}>
          <CommentSection subjectType="post" subjectId={7} />
        </I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { fetch };
}

describe('CommentSection', () => {
  it('loads a long thread a page at a time, and shows a new comment at once, once', async () => {
    const thread = Array.from({ length: 5 }, (_, i) => makeComment({ id: i + 1, body: `Reactie ${i + 1}` }));
    const { fetch } = renderSection(thread, false, 2);
    const user = userEvent.setup();
    expect(await screen.findByText('Reactie 2')).toBeInTheDocument();
    expect(screen.queryByText('Reactie 3')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reacties (5)' })).toBeInTheDocument();
    expect(screen.getByText('2 van 5 getoond')).toBeInTheDocument();

    // Sent while the thread is not fully loaded: it shows under the form's list right away.
    await user.type(screen.getByRole('textbox', { name: 'Jouw reactie' }), 'Nieuw!');
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText('Nieuw!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reacties (6)' })).toBeInTheDocument();

    // Loading the rest puts it back in its place, at the end, and never twice.
    await user.click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByText('Reactie 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByText('Reactie 5')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument());
    const bodies = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(bodies).toHaveLength(6);
    expect(bodies.map((text) => /Reactie \d|Nieuw!/.exec(text)?.[0])).toEqual([
      'Reactie 1',
      'Reactie 2',
      'Reactie 3',
      'Reactie 4',
      'Reactie 5',
      'Nieuw!',
    ]);
    expect(fetch.calls.filter((c) => c.method === 'GET').length).toBe(3);
  });

  it('shows the empty state and adds a comment', async () => {
    const { fetch } = renderSection([]);
    expect(await screen.findByText('Nog geen reacties. Schrijf de eerste!')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Jouw reactie'), '  Ik kom helpen  ');
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText('Ik kom helpen')).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.path === '/api/comment/create')?.body).toEqual({
      subjectType: 'post',
      subjectId: 7,
      body: 'Ik kom helpen',
    });
    expect(screen.getByLabelText('Jouw reactie')).toHaveValue('');
  });

  it('refuses an empty comment with the Dutch message, without calling the server', async () => {
    const { fetch } = renderSection([]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText('Schrijf een reactie.')).toBeInTheDocument();
    expect(fetch.calls.some((c) => c.path === '/api/comment/create')).toBe(false);
  });

  it('renders a comment as text, never as HTML', async () => {
    renderSection([makeComment({ body: '<img src=x onerror="alert(1)"><b>vet</b>' })]);
    expect(await screen.findByText('<img src=x onerror="alert(1)"><b>vet</b>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.queryByRole('button', { name: /bewerken/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /verwijderen/ })).toBeNull();
  });

  it('edits my own comment inline', async () => {
    renderSection([
      makeComment({ id: 3, body: 'Eerste versie', authorName: 'Lien Lid', canEdit: true, canDelete: true }),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reactie van Lien Lid bewerken' }));
    const box = screen.getByLabelText('Reactie bewerken');
    await user.clear(box);
    await user.type(box, 'Tweede versie');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Tweede versie')).toBeInTheDocument();
    expect(screen.getByText(/bewerkt/)).toBeInTheDocument();
  });

  it('deletes after confirmation (a moderator may delete others)', async () => {
    renderSection([makeComment({ id: 4, body: 'Spam', canDelete: true })]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reactie van Anna Peeters verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactie verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(screen.queryByText('Spam')).toBeNull());
    expect(await screen.findByText('Nog geen reacties. Schrijf de eerste!')).toBeInTheDocument();
  });

  it('shows an error with a retry when the list fails', async () => {
    renderSection([], true);
    expect(await screen.findByText('Er ging iets mis.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
  });
});
