import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  managedPostSchema,
  postDetailSchema,
  postListSchema,
  type ManagedPost,
  type PostEmailRound,
} from '@pluk/contract';
import { comments, notifications, postEmailDeliveries, posts, users } from '../src/db/schema/index.js';
import { render } from '../src/mail/templates.js';
import { excerptOf, richTextToPlainText, sanitizeRichText } from '../src/lib/rich-text.js';
import { seedDemo } from '../src/seed/demo.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { multipartBody, tinyPng, type MultipartPart as Part } from './helpers/multipart.js';
import { type SmtpStandIn, withSmtpStandIn } from './helpers/smtp.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

const tinyPdf = Buffer.from('%PDF-1.4\n%%EOF\n');

let ctx: TestContext;
let smtp: SmtpStandIn;
let dataDir: string;
let editor: CreatedUser;
let anna: CreatedUser;
let bert: CreatedUser;
let quiet: CreatedUser;
let stranger: CreatedUser;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pluk-post-'));
  ctx = await createTestContext({ config: { dataDir } });
  smtp = await withSmtpStandIn(ctx);
  editor = await ctx.createUser({ username: 'redactie', roles: ['PostManager'], firstName: 'Rita' });
  anna = await ctx.createUser({ username: 'anna', firstName: 'Anna' });
  bert = await ctx.createUser({ username: 'bert', firstName: 'Bert' });
  quiet = await ctx.createUser({ username: 'stil', firstName: 'Stien' });
  await ctx.db.update(users).set({ receiveEmails: false }).where(eq(users.id, quiet.id));
  await ctx.createUser({ username: 'wachtend', approved: false });
  await ctx.createUser({ username: 'gestopt', approved: true, active: false });
  await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  stranger = await ctx.createUser({ appId: 'ander', username: 'anderbeheer', roles: ['ApplicationManager'] });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const storedFiles = async () => readdir(join(dataDir, 'media', 'farm')).catch(() => [] as string[]);
const foreign = () => ({ as: stranger, headers: { host: 'ander.test' } });
const withHost = (host: string, body: { payload: Buffer; headers: Record<string, string> }) => ({
  payload: body.payload,
  headers: { ...body.headers, host },
});

async function createPost(parts: Part[], as: CreatedUser = editor) {
  return ctx.request({ method: 'POST', url: '/api/applicationManager/Post', as, ...multipartBody(parts) });
}
async function updatePost(parts: Part[], as: CreatedUser = editor) {
  return ctx.request({ method: 'PUT', url: '/api/applicationManager/Post', as, ...multipartBody(parts) });
}
function fields(title: string, body: string, isActive = true): Part[] {
  return [
    { name: 'title', value: title },
    { name: 'body', value: body },
    { name: 'isActive', value: String(isActive) },
  ];
}
const png = (fileName: string): Part => ({ name: 'files', fileName, type: 'image/png', data: tinyPng });
const pdf = (fileName: string): Part => ({ name: 'files', fileName, type: 'application/pdf', data: tinyPdf });

describe('post body sanitizing', () => {
  it('keeps formatting', () => {
    const html =
      '<h2>Oogst</h2><p>De <strong>aardbeien</strong> zijn <em>rijp</em>, <u>echt</u> <s>bijna</s>.<br>Kom plukken!</p>' +
      '<ul><li>ma</li></ul><ol><li>di</li></ol><blockquote>Citaat</blockquote><h3>Meer</h3>';
    expect(sanitizeRichText(html)).toBe(html.replace('<br>', '<br />'));
    expect(
      sanitizeRichText(
        '<p><a href="https://pluk.be/x?a=1&amp;b=2">site</a> <a href="mailto:info@pluk.be">mail</a></p>',
      ),
    ).toBe(
      '<p><a rel="noopener noreferrer" target="_blank" href="https://pluk.be/x?a=1&amp;b=2">site</a> ' +
        '<a rel="noopener noreferrer" target="_blank" href="mailto:info@pluk.be">mail</a></p>',
    );
  });

  it('loses every script, style and event handler', () => {
    expect(sanitizeRichText('<p>a</p><script>alert(1)</script><SCRIPT src="x.js"></SCRIPT>')).toBe(
      '<p>a</p>',
    );
    expect(
      sanitizeRichText('<p style="color:red" onclick="alert(1)" onmouseover="x()" class="c" id="i">b</p>'),
    ).toBe('<p>b</p>');
    expect(
      sanitizeRichText('<img src=x onerror="alert(1)"><svg onload="alert(1)"><script>1</script></svg>'),
    ).toBe('');
    expect(
      sanitizeRichText('<style>body{display:none}</style><iframe src="https://evil"></iframe><p>c</p>'),
    ).toBe('<p>c</p>');
    expect(
      sanitizeRichText('<a href="https://x.be" onclick="steal()" target="_self" rel="opener">d</a>'),
    ).toBe('<a rel="noopener noreferrer" target="_blank" href="https://x.be">d</a>');
    expect(sanitizeRichText('<form action="x"><input value="y"><button>z</button></form>')).toBe('z');
  });

  it('loses every javascript: (and other non-web) link, but keeps the text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      '//evil.example/x',
    ]) {
      expect(sanitizeRichText(`<p><a href="${href}">klik</a></p>`), href).toBe('<p>klik</p>');
    }
  });

  it('makes plain text for e-mails and excerpts', () => {
    const html = sanitizeRichText(
      '<h2>Nieuws</h2><p>Tomaten &amp; <strong>bonen</strong>.<br>Zie <a href="https://pluk.be">de site</a>.</p><ul><li>een</li><li>twee</li></ul>',
    );
    expect(richTextToPlainText(html)).toBe(
      'Nieuws\n\nTomaten & bonen.\nZie de site (https://pluk.be).\n\n• een\n• twee',
    );
    expect(excerptOf(`<p>${'woord '.repeat(60)}</p>`).length).toBeLessThanOrEqual(201);
    expect(excerptOf('<p>kort</p>')).toBe('kort');
  });
});

describe('creating and reading posts', () => {
  let post: ManagedPost;

  it('creates a post from multipart with repeated files: images and attachments, body sanitized', async () => {
    const before = (await storedFiles()).length;
    const response = await createPost([
      ...fields(
        '  Aardbeien rijp  ',
        '<p onclick="x()">Kom <strong>plukken</strong>!</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      ),
      png('veld.png'),
      pdf('plukkalender.pdf'),
      png('mand.png'),
    ]);
    expect(response.statusCode).toBe(200);
    post = managedPostSchema.parse(json(response));
    expect(post).toMatchObject({
      title: 'Aardbeien rijp',
      isActive: true,
      body: '<p>Kom <strong>plukken</strong>!</p>x',
      emailed: null,
    });
    expect(post.images.map((i) => i.fileName)).toEqual(['veld.png', 'mand.png']);
    expect(post.attachments).toEqual([
      { id: expect.any(Number), fileName: 'plukkalender.pdf', size: tinyPdf.length, mime: 'application/pdf' },
    ]);
    expect((await storedFiles()).length).toBe(before + 3);
  });

  it('notifies every active member but the author, with a link to the post', async () => {
    const rows = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/posts/${post.id}`));
    const ids = rows.map((r) => r.userId).sort((a, b) => a - b);
    expect(ids).toEqual([anna.id, bert.id, quiet.id].sort((a, b) => a - b));
    expect(rows[0]).toMatchObject({ title: 'Nieuw bericht', body: 'Aardbeien rijp', appId: 'farm' });
  });

  it('shows members the active post with its media, and its image and file', async () => {
    const detail = await ctx.request({ method: 'GET', url: `/api/post/${post.id}`, as: anna });
    expect(detail.statusCode).toBe(200);
    const parsed = postDetailSchema.parse(json(detail));
    expect(parsed.body).toBe(post.body);
    expect(parsed.images).toHaveLength(2);
    const file = await ctx.request({
      method: 'GET',
      url: `/api/Media/${parsed.attachments[0]!.id}`,
      as: anna,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment/);

    // The list's excerpt is written with the post (ADR 056): no list reads the body.
    const [stored] = await ctx.db.select({ excerpt: posts.excerpt }).from(posts).where(eq(posts.id, post.id));
    expect(stored?.excerpt).toBe('Kom plukken! x');
    const list = postListSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/post?pageSize=1&page=0', as: anna })),
    );
    expect(list.items[0]).toMatchObject({
      id: post.id,
      title: 'Aardbeien rijp',
      excerpt: 'Kom plukken! x',
      imageId: post.images[0]!.id,
      imageCount: 2,
      attachmentCount: 1,
      commentCount: 0,
    });
    expect(list).toMatchObject({ page: 0, pageSize: 1 });
  });

  it('keeps inactive posts from members (404, not listed) but shows them to managers', async () => {
    const draft = managedPostSchema.parse(
      json(await createPost([...fields('Klad', '<p>nog niet</p>', false), png('klad.png')])),
    );
    expect(
      await ctx.db
        .select()
        .from(notifications)
        .where(eq(notifications.link, `/posts/${draft.id}`)),
    ).toEqual([]);
    expect((await ctx.request({ method: 'GET', url: `/api/post/${draft.id}`, as: anna })).statusCode).toBe(
      404,
    );
    expect(
      (await ctx.request({ method: 'GET', url: `/api/Media/${draft.images[0]!.id}`, as: anna })).statusCode,
    ).toBe(404);
    const memberList = postListSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/post', as: anna })),
    );
    expect(memberList.items.map((p) => p.id)).not.toContain(draft.id);
    const all = json<{ items: { id: number }[] }>(
      await ctx.request({ method: 'GET', url: '/api/applicationManager/Post', as: editor }),
    ).items;
    expect(all.map((p) => p.id)).toContain(draft.id);
    const active = json<{ items: { id: number }[] }>(
      await ctx.request({ method: 'GET', url: '/api/applicationManager/Post/active', as: editor }),
    ).items;
    expect(active.map((p) => p.id)).not.toContain(draft.id);
    expect(active.map((p) => p.id)).toContain(post.id);
    expect(
      (await ctx.request({ method: 'GET', url: `/api/applicationManager/Post/${draft.id}`, as: editor }))
        .statusCode,
    ).toBe(200);
  });

  it('pages newest first and checks the query', async () => {
    const second = managedPostSchema.parse(json(await createPost(fields('Tweede bericht', '<p>meer</p>'))));
    const page0 = postListSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/post?pageSize=1&page=0', as: anna })),
    );
    expect(page0.items.map((p) => p.id)).toEqual([second.id]);
    const page1 = postListSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/post?pageSize=1&page=1', as: anna })),
    );
    expect(page1.items.map((p) => p.id)).toEqual([post.id]);
    expect(page1.total).toBe(2);
    expect((await ctx.request({ method: 'GET', url: '/api/post?pageSize=51', as: anna })).statusCode).toBe(
      400,
    );
    expect((await ctx.request({ method: 'GET', url: '/api/post?page=-1', as: anna })).statusCode).toBe(400);
  });

  it('refuses a post without a title in Dutch, storing no file', async () => {
    const before = (await storedFiles()).length;
    const response = await createPost([...fields('   ', '<p>x</p>'), png('a.png')]);
    expect(response.statusCode).toBe(400);
    expect(json<{ error: { fields: Record<string, string> } }>(response).error.fields.title).toBe(
      'Geef het bericht een titel.',
    );
    expect((await storedFiles()).length).toBe(before);
  });

  it('answers 403 to a member on every manager call', async () => {
    expect((await createPost(fields('Van een lid', ''), anna)).statusCode).toBe(403);
    expect(
      (await updatePost([{ name: 'id', value: String(post.id) }, ...fields('x', '')], anna)).statusCode,
    ).toBe(403);
    for (const [method, url] of [
      ['GET', '/api/applicationManager/Post'],
      ['GET', '/api/applicationManager/Post/active'],
      ['GET', `/api/applicationManager/Post/${post.id}`],
      ['POST', `/api/applicationManager/Post/SendWithEmail/${post.id}`],
      ['DELETE', `/api/applicationManager/Post/${post.id}`],
    ] as const) {
      expect((await ctx.request({ method, url, as: anna })).statusCode, url).toBe(403);
    }
  });

  it("answers 404 for another farm's post on every call", async () => {
    expect((await ctx.request({ method: 'GET', url: `/api/post/${post.id}`, ...foreign() })).statusCode).toBe(
      404,
    );
    expect(
      (await ctx.request({ method: 'GET', url: `/api/applicationManager/Post/${post.id}`, ...foreign() }))
        .statusCode,
    ).toBe(404);
    expect(json(await ctx.request({ method: 'GET', url: '/api/post', ...foreign() }))).toMatchObject({
      total: 0,
    });
    expect(
      (
        await ctx.request({
          method: 'PUT',
          url: '/api/applicationManager/Post',
          as: stranger,
          ...withHost(
            'ander.test',
            multipartBody([{ name: 'id', value: String(post.id) }, ...fields('Gekaapt', '')]),
          ),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.request({
          method: 'POST',
          url: `/api/applicationManager/Post/SendWithEmail/${post.id}`,
          ...foreign(),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/applicationManager/Post/${post.id}`, ...foreign() }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.request({ method: 'GET', url: `/api/Media/${post.images[0]!.id}`, ...foreign() }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.request({ method: 'GET', url: `/api/post/${post.id}`, as: anna })).statusCode).toBe(
      200,
    );
  });
});

describe('updating and deleting posts', () => {
  it('keeps the listed media, removes the rest (file too), adds new files; publishing a draft notifies', async () => {
    const draft = managedPostSchema.parse(
      json(
        await createPost([
          ...fields('Plukkalender', '<p>v1</p>', false),
          png('oud1.png'),
          png('oud2.png'),
          pdf('oud.pdf'),
        ]),
      ),
    );
    const before = await storedFiles();
    const [keepImage, dropImage] = draft.images;
    const response = await updatePost([
      { name: 'id', value: String(draft.id) },
      ...fields('Plukkalender 2026', '<p>v2</p>', true),
      { name: 'keepMediaIds', value: String(keepImage!.id) },
      { name: 'keepMediaIds', value: String(draft.attachments[0]!.id) },
      png('nieuw.png'),
    ]);
    expect(response.statusCode).toBe(200);
    const updated = managedPostSchema.parse(json(response));
    expect(updated).toMatchObject({ title: 'Plukkalender 2026', body: '<p>v2</p>', isActive: true });
    expect(updated.images.map((i) => i.fileName)).toEqual(['oud1.png', 'nieuw.png']);
    expect(updated.attachments.map((a) => a.fileName)).toEqual(['oud.pdf']);
    expect((await storedFiles()).length).toBe(before.length); // one removed, one added
    expect(
      (await ctx.request({ method: 'GET', url: `/api/Media/${dropImage!.id}`, as: editor })).statusCode,
    ).toBe(404);
    const notified = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/posts/${draft.id}`));
    expect(notified).toHaveLength(3);

    // Without keepMediaIds everything stays; saving an active post again notifies nobody again.
    const again = managedPostSchema.parse(
      json(
        await updatePost([
          { name: 'id', value: String(draft.id) },
          ...fields('Plukkalender 2026', '<p>v3</p>'),
        ]),
      ),
    );
    expect(again.images).toHaveLength(2);
    expect(
      await ctx.db
        .select()
        .from(notifications)
        .where(eq(notifications.link, `/posts/${draft.id}`)),
    ).toHaveLength(3);
    // One empty keepMediaIds removes them all.
    const bare = managedPostSchema.parse(
      json(
        await updatePost([
          { name: 'id', value: String(draft.id) },
          ...fields('Plukkalender 2026', ''),
          { name: 'keepMediaIds', value: '' },
        ]),
      ),
    );
    expect([...bare.images, ...bare.attachments]).toEqual([]);
  });

  it('refuses an update without id or for an unknown post', async () => {
    const noId = await updatePost(fields('x', ''));
    expect(noId.statusCode).toBe(400);
    expect((await updatePost([{ name: 'id', value: '999999' }, ...fields('x', '')])).statusCode).toBe(404);
  });

  it('deletes a post with its comments and its files', async () => {
    const post = managedPostSchema.parse(
      json(await createPost([...fields('Weg', '<p>x</p>'), png('weg.png')])),
    );
    await ctx.request({
      method: 'POST',
      url: '/api/comment/create',
      as: anna,
      payload: { subjectType: 'post', subjectId: post.id, body: 'Mooi' },
    });
    const before = (await storedFiles()).length;
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/applicationManager/Post/${post.id}`, as: editor }))
        .statusCode,
    ).toBe(204);
    expect((await storedFiles()).length).toBe(before - 1);
    expect(
      await ctx.db
        .select()
        .from(comments)
        .where(and(eq(comments.subjectType, 'post'), eq(comments.subjectId, post.id))),
    ).toEqual([]);
    expect((await ctx.request({ method: 'GET', url: `/api/post/${post.id}`, as: anna })).statusCode).toBe(
      404,
    );
  });
});

describe('the post e-mail template', () => {
  it('keeps the post text multi-line in the body only; every other value stays one line', () => {
    const values = { postText: 'regel 1\r\nregel 2\u0007', firstName: 'An\nBcc: x@y.z' };
    expect(render('{postText}', values)).toBe('regel 1 regel 2 ');
    expect(render('{postText}|{firstName}', values, { multiline: true })).toBe(
      'regel 1\nregel 2 |An Bcc: x@y.z',
    );
  });
});

describe('SendWithEmail', () => {
  const send = (id: number) =>
    ctx.request({ method: 'POST', url: `/api/applicationManager/Post/SendWithEmail/${id}`, as: editor });
  const roundOf = async (id: number) =>
    json<{ round: PostEmailRound | null }>(
      await ctx.request({ method: 'GET', url: `/api/applicationManager/Post/${id}/emailRound`, as: editor }),
    ).round;

  it('queues one e-mail per approved, active member who receives e-mails; the worker sends them', async () => {
    const post = managedPostSchema.parse(
      json(
        await createPost(
          fields(
            'Oogstfeest',
            '<p>Zaterdag <strong>oogstfeest</strong>!</p><ul><li>soep</li><li>taart</li></ul>',
          ),
        ),
      ),
    );
    expect(await roundOf(post.id)).toBeNull();
    const response = await send(post.id);
    expect(response.statusCode).toBe(200);
    // The request only queued: nothing is sent before the worker runs.
    expect(json<PostEmailRound>(response)).toMatchObject({ recipients: 3, sent: 0, failed: 0, waiting: 3 });
    expect(smtp.messages.filter((m) => m.subject.includes('Oogstfeest'))).toEqual([]);
    await ctx.app.jobs.drain();

    const deliveries = await ctx.db
      .select()
      .from(postEmailDeliveries)
      .where(eq(postEmailDeliveries.postId, post.id));
    expect(deliveries.map((d) => d.userId).sort((a, b) => a! - b!)).toEqual(
      [editor.id, anna.id, bert.id].sort((a, b) => a - b),
    );
    expect(deliveries.every((d) => d.status === 'sent' && d.sentByUserId === editor.id)).toBe(true);
    expect(deliveries.map((d) => d.toAddress)).not.toContain(quiet.email);

    const mail = await smtp.waitFor((m) => m.to.includes(anna.email) && m.subject.includes('Oogstfeest'));
    expect(mail.subject).toBe('Testhoeve: Oogstfeest');
    expect(mail.text).toContain('Dag Anna,');
    expect(mail.text).toContain('Zaterdag oogstfeest!\n\n• soep\n• taart');
    expect(mail.text).toContain(`http://pluk.test/posts/${post.id}`);
    expect(mail.text).not.toMatch(/<\/?[a-z]/);
    // Each recipient's e-mail has its own fixed Message-ID.
    const ids = smtp.messages.filter((m) => m.subject.includes('Oogstfeest')).map((m) => m.messageId);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    expect(ids.every((id) => /^<[0-9a-f]{32}@localhost>$/.test(id))).toBe(true);

    expect(await roundOf(post.id)).toMatchObject({
      recipients: 3,
      sent: 3,
      notSent: 0,
      failed: 0,
      waiting: 0,
    });
    const detail = managedPostSchema.parse(
      json(await ctx.request({ method: 'GET', url: `/api/applicationManager/Post/${post.id}`, as: editor })),
    );
    expect(detail.emailed).toMatchObject({ recipients: 3, sent: 3, notSent: 0, failed: 0 });
  });

  it('queues a round once: a double click answers 409 and mails nobody twice; an edited post goes again', async () => {
    const post = managedPostSchema.parse(json(await createPost(fields('Dubbel', '<p>x</p>'))));
    const [first, second] = await Promise.all([send(post.id), send(post.id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(json<{ error: { code: string; message: string } }>(refused).error).toMatchObject({
      code: 'POST_ALREADY_EMAILED',
      message: expect.stringContaining('al per e-mail verstuurd'),
    });
    await ctx.app.jobs.drain();
    expect((await send(post.id)).statusCode).toBe(409);
    await ctx.app.jobs.drain();
    expect(smtp.messages.filter((m) => m.subject.includes('Dubbel'))).toHaveLength(3);

    const edited = await ctx.request({
      method: 'PUT',
      url: '/api/applicationManager/Post',
      as: editor,
      ...multipartBody([{ name: 'id', value: String(post.id) }, ...fields('Dubbel bis', '<p>y</p>')]),
    });
    expect(edited.statusCode).toBe(200);
    expect((await send(post.id)).statusCode).toBe(200);
    await ctx.app.jobs.drain();
    expect(smtp.messages.filter((m) => m.subject.includes('Dubbel bis'))).toHaveLength(3);
    expect(await roundOf(post.id)).toMatchObject({ recipients: 3, sent: 3, waiting: 0 });
  });

  it("answers 404 for another farm's post round", async () => {
    const post = managedPostSchema.parse(json(await createPost(fields('Eigen', '<p>x</p>'))));
    const response = await ctx.request({
      method: 'GET',
      url: `/api/applicationManager/Post/${post.id}/emailRound`,
      ...foreign(),
    });
    expect(response.statusCode).toBe(404);
    expect(
      (
        await ctx.request({
          method: 'POST',
          url: `/api/applicationManager/Post/SendWithEmail/${post.id}`,
          ...foreign(),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('retries a failing SMTP server with backoff, then records the failure per recipient', async () => {
    const post = managedPostSchema.parse(json(await createPost(fields('Storing', '<p>x</p>'))));
    await smtp.close();
    const response = await send(post.id);
    expect(response.statusCode).toBe(200);
    await ctx.app.jobs.drain();
    // The first attempts failed; the e-mails wait for their retry.
    expect(await roundOf(post.id)).toMatchObject({ recipients: 3, sent: 0, failed: 0, waiting: 3 });
    await ctx.app.jobs.drain({ ignoreRunAt: true });
    expect(await roundOf(post.id)).toMatchObject({
      recipients: 3,
      sent: 0,
      notSent: 0,
      failed: 3,
      waiting: 0,
    });
    const deliveries = await ctx.db
      .select()
      .from(postEmailDeliveries)
      .where(eq(postEmailDeliveries.postId, post.id));
    expect(deliveries.map((d) => d.status)).toEqual(['failed', 'failed', 'failed']);
    smtp = await withSmtpStandIn(ctx);
  });

  it('refuses to e-mail an inactive post (409, Dutch)', async () => {
    const draft = managedPostSchema.parse(json(await createPost(fields('Klad', '', false))));
    const response = await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/Post/SendWithEmail/${draft.id}`,
      as: editor,
    });
    expect(response.statusCode).toBe(409);
    expect(json<{ error: { code: string } }>(response).error.code).toBe('POST_NOT_ACTIVE');
  });
});

describe('demo posts', () => {
  it('seeds two posts for the demo farm, the newest with a stored photo members can open', async () => {
    const demoDir = await mkdtemp(join(tmpdir(), 'pluk-demo-posts-'));
    const demo = await createTestContext({ withDefaultApp: false, config: { dataDir: demoDir } });
    try {
      expect(await seedDemo(demo.db, { dataDir: demoDir })).toBe(true);
      const [lid] = await demo.db.select().from(users).where(eq(users.username, 'lid'));
      const response = await demo.request({
        method: 'GET',
        url: '/api/post',
        as: lid!,
        headers: { host: 'localhost' },
      });
      expect(response.statusCode).toBe(200);
      const list = postListSchema.parse(json(response));
      expect(list.items.map((p) => p.title)).toEqual([
        'De aardbeien zijn rijp!',
        'Welkom in het nieuwe seizoen',
      ]);
      const photo = await demo.request({
        method: 'GET',
        url: `/api/Media/${list.items[0]!.imageId}`,
        as: lid!,
        headers: { host: 'localhost' },
      });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
      expect(list.items[1]!.commentCount).toBe(1);
    } finally {
      await demo.close();
      await rm(demoDir, { recursive: true, force: true });
    }
  });
});
