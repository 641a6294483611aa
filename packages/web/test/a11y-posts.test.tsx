import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Comment, ManagedPost } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from './axe';
import { feedPage, json, makeAccount, renderApp, type StubHandler } from './utils';

/** Axe check (colour contrast excepted: it needs real layout) of every posts screen. */
withoutCanvas();

const member = makeAccount();
const editor = makeAccount({ id: 4, roles: ['PostManager'] });

const post: ManagedPost = {
  id: 7,
  title: 'De aardbeien zijn rijp',
  body: '<h2>Plukken</h2><p>Kom <strong>plukken</strong>.</p><ul><li>zaterdag</li></ul>',
  publishedAt: '2026-06-01T08:00:00.000Z',
  images: [{ id: 11, fileName: 'veld.png' }],
  attachments: [{ id: 12, fileName: 'plukkalender.pdf', size: 2048, mime: 'application/pdf' }],
  isActive: true,
  createdAt: '2026-06-01T08:00:00.000Z',
  updatedAt: '2026-06-01T08:00:00.000Z',
  emailed: { recipients: 3, sent: 3, notSent: 0, failed: 0, lastSentAt: '2026-06-02T08:00:00.000Z' },
};
const comment: Comment = {
  id: 1,
  subjectType: 'post',
  subjectId: 7,
  body: 'Ik kom!',
  authorName: 'Lien Lid',
  authorId: 3,
  createdAt: '2026-06-01T09:00:00.000Z',
  editedAt: null,
  canEdit: true,
  canDelete: true,
};

const handlers: Record<string, StubHandler> = {
  'GET /api/notification/unreadCount': () => json({ count: 0 }),
  'GET /api/post/7': () => json(post),
  'GET /api/applicationManager/Post/7': () => json(post),
  'GET /api/applicationManager/Post': () =>
    json(
      feedPage([
        {
          id: 7,
          title: post.title,
          isActive: true,
          publishedAt: post.publishedAt,
          imageCount: 1,
          attachmentCount: 1,
        },
      ]),
    ),
  'GET /api/Media/11': () => new Response(new Blob(['png'], { type: 'image/png' })),
  'GET /api/comment/post/7': () => json({ items: [comment], total: 1, page: 0, pageSize: 20 }),
};

const screens: { name: string; path: string; account: typeof member; ready: () => Promise<unknown> }[] = [
  {
    name: 'post detail',
    path: '/posts/7',
    account: member,
    ready: () => screen.findByText('Ik kom!'),
  },
  {
    name: 'manager post list',
    path: '/applicationManager/posts',
    account: editor,
    ready: () => screen.findByText('De aardbeien zijn rijp'),
  },
  {
    name: 'manager post detail',
    path: '/applicationManager/posts/7',
    account: editor,
    ready: () => screen.findByRole('button', { name: 'Mailen naar de leden' }),
  },
  {
    name: 'new post form',
    path: '/applicationManager/posts/new',
    account: editor,
    ready: () => screen.findByRole('button', { name: 'Opslaan' }),
  },
  {
    name: 'edit post form',
    path: '/applicationManager/posts/7/edit',
    account: editor,
    ready: () => screen.findByRole('button', { name: 'veld.png verwijderen' }),
  },
];

describe('accessibility of the posts screens', () => {
  it.each(screens)('$name has no violations', async ({ path, account, ready }) => {
    renderApp({ path, account, handlers });
    await ready();
    expect(await axeViolations()).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('the post form with its errors shown has no violations', async () => {
    renderApp({ path: '/applicationManager/posts/new', account: editor, handlers });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Opslaan' }));
    await screen.findByText('Geef het bericht een titel.');
    expect(await axeViolations()).toEqual([]);
  });
});
