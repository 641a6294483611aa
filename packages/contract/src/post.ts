import { z } from 'zod';
import { feedPageQuery, feedPageSchema, idSchema, isoDateTimeSchema } from './common.js';
import { defineRoute, multipart } from './define-route.js';

export const postLimits = { titleMaxLength: 200, bodyMaxLength: 100_000, pageSizeMax: 50 } as const;

/** The fields of the post form (multipart text fields on the server; the same rules in the web form). */
export const postFieldsSchema = z.object({
  title: z
    .string({ error: 'Geef het bericht een titel.' })
    .trim()
    .min(1, 'Geef het bericht een titel.')
    .max(postLimits.titleMaxLength, `Een titel is hoogstens ${postLimits.titleMaxLength} tekens lang.`),
  body: z.string().max(postLimits.bodyMaxLength, 'De tekst is te lang.').default(''),
  isActive: z.boolean().default(true),
});
export type PostFields = z.infer<typeof postFieldsSchema>;

/**
 * Member list query (docs/product/api-and-routes.md, "Paging"): `pageSize` (1–50, default 10) and 0-based
 * `page`.
 */
export const postListQuerySchema = z.object(
  feedPageQuery({ defaultSize: 10, maxSize: postLimits.pageSizeMax }),
);
export type PostListQuery = z.infer<typeof postListQuerySchema>;

export const postImageSchema = z.object({ id: z.number().int(), fileName: z.string() });
export const postAttachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  mime: z.string(),
});
export type PostImage = z.infer<typeof postImageSchema>;
export type PostAttachment = z.infer<typeof postAttachmentSchema>;

export const postListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text from the start of the body, about 200 characters. */
  excerpt: z.string(),
  publishedAt: isoDateTimeSchema,
  /** The first image (a media id for `GET Media/{id}`), or null. */
  imageId: z.number().int().nullable(),
  imageCount: z.number().int(),
  attachmentCount: z.number().int(),
  commentCount: z.number().int(),
});
export type PostListItem = z.infer<typeof postListItemSchema>;

export const postListSchema = feedPageSchema(postListItemSchema);
export type PostList = z.infer<typeof postListSchema>;

export const postDetailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitized HTML (decision 042): formatting only, no script, style, event handler or javascript: link. */
  body: z.string(),
  publishedAt: isoDateTimeSchema,
  images: z.array(postImageSchema),
  attachments: z.array(postAttachmentSchema),
});
export type PostDetail = z.infer<typeof postDetailSchema>;

export const postEmailSummarySchema = z.object({
  recipients: z.number().int(),
  sent: z.number().int(),
  notSent: z.number().int(),
  failed: z.number().int(),
});
export type PostEmailSummary = z.infer<typeof postEmailSummarySchema>;

/**
 * One e-mail round of a post (one job per recipient, sent in the background): how many are sent, not
 * sent (the farm has no mail settings), failed for good, and still waiting.
 */
export const postEmailRoundSchema = postEmailSummarySchema.extend({
  startedAt: isoDateTimeSchema,
  waiting: z.number().int(),
});
export type PostEmailRound = z.infer<typeof postEmailRoundSchema>;

export const managedPostSchema = postDetailSchema.extend({
  isActive: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  /** Every e-mail sending of this post so far, counted per status; null when never sent. */
  emailed: postEmailSummarySchema.extend({ lastSentAt: isoDateTimeSchema }).nullable(),
});
export type ManagedPost = z.infer<typeof managedPostSchema>;

export const managedPostListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  isActive: z.boolean(),
  publishedAt: isoDateTimeSchema,
  imageCount: z.number().int(),
  attachmentCount: z.number().int(),
});
export type ManagedPostListItem = z.infer<typeof managedPostListItemSchema>;

/** The PostManager's lists, paged like the member feeds (ADR 056): newest first. */
export const managedPostQuerySchema = z.object(feedPageQuery({ defaultSize: 20, maxSize: 100 }));
export type ManagedPostQuery = z.input<typeof managedPostQuerySchema>;
export const managedPostPageSchema = feedPageSchema(managedPostListItemSchema);
export type ManagedPostPage = z.infer<typeof managedPostPageSchema>;

const postIdParams = z.object({ id: idSchema });

export const postRoutes = {
  list: defineRoute({
    feature: 'post',
    method: 'GET',
    path: 'post',
    permission: 'member',
    summary: 'Active posts, newest first, paged (pageSize 1–50, page from 0); home asks pageSize=1, page=0.',
    query: postListQuerySchema,
    response: { 200: postListSchema },
  }),
  detail: defineRoute({
    feature: 'post',
    method: 'GET',
    path: 'post/:id',
    permission: 'member',
    summary: 'An active post with its sanitized body, images and attachments.',
    params: postIdParams,
    response: { 200: postDetailSchema },
  }),
  managerList: defineRoute({
    feature: 'post',
    method: 'GET',
    path: 'applicationManager/Post',
    permission: { role: 'PostManager' },
    summary: 'The posts of this app, active or not, paged (page 0-based, or after=nextCursor), newest first.',
    query: managedPostQuerySchema,
    response: { 200: managedPostPageSchema },
  }),
  managerActive: defineRoute({
    feature: 'post',
    method: 'GET',
    path: 'applicationManager/Post/active',
    permission: { role: 'PostManager' },
    summary: 'The active posts of this app, paged (page 0-based, or after=nextCursor), newest first.',
    query: managedPostQuerySchema,
    response: { 200: managedPostPageSchema },
  }),
  managerDetail: defineRoute({
    feature: 'post',
    method: 'GET',
    path: 'applicationManager/Post/:id',
    permission: { role: 'PostManager' },
    summary: 'One post, active or not, with its media and e-mail sending counts.',
    params: postIdParams,
    response: { 200: managedPostSchema },
  }),
  create: defineRoute({
    feature: 'post',
    method: 'POST',
    path: 'applicationManager/Post',
    permission: { role: 'PostManager' },
    summary:
      'Creates a post from multipart fields title, body (HTML, sanitized), isActive and repeated `files` (images and documents). An active post notifies every member.',
    body: multipart,
    response: { 200: managedPostSchema },
  }),
  update: defineRoute({
    feature: 'post',
    method: 'PUT',
    path: 'applicationManager/Post',
    permission: { role: 'PostManager' },
    summary:
      'Updates a post from multipart fields id, title, body, isActive, repeated `keepMediaIds` (media to keep) and repeated `files` (new media).',
    body: multipart,
    response: { 200: managedPostSchema },
  }),
  sendWithEmail: defineRoute({
    feature: 'post',
    method: 'POST',
    path: 'applicationManager/Post/SendWithEmail/:id',
    permission: { role: 'PostManager' },
    summary:
      'Starts an e-mail round: one queued e-mail per approved, active member who receives e-mails, sent in the background; answers the round. The same version of the post again answers 409 POST_ALREADY_EMAILED.',
    params: postIdParams,
    response: { 200: postEmailRoundSchema },
  }),
  emailRound: defineRoute({
    feature: 'post',
    method: 'GET',
    path: 'applicationManager/Post/:id/emailRound',
    permission: { role: 'PostManager' },
    summary: "The progress of the post's latest e-mail round (sent, not sent, failed, waiting), or null.",
    params: postIdParams,
    response: { 200: z.object({ round: postEmailRoundSchema.nullable() }) },
  }),
  delete: defineRoute({
    feature: 'post',
    method: 'DELETE',
    path: 'applicationManager/Post/:id',
    permission: { role: 'PostManager' },
    summary: 'Deletes a post with its comments, and its images and attachments that no other post uses.',
    params: postIdParams,
    response: { 204: z.null() },
  }),
} as const;
