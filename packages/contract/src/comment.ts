import { z } from 'zod';
import { feedPageQuery, feedPageSchema, idSchema, isoDateTimeSchema, idField } from './common.js';
import { defineRoute } from './define-route.js';

/** What a comment can be about. 'offer' answers 404 until the market exists. */
export const commentSubjectTypes = ['task', 'event', 'post', 'offer'] as const;
export const commentSubjectTypeSchema = z.enum(commentSubjectTypes, {
  error: 'Onbekend soort onderwerp.',
});
export type CommentSubjectType = z.infer<typeof commentSubjectTypeSchema>;

/** Limits of a comment's text (trimmed, 1 to 2000 characters) and of one page of comments. */
export const commentLimits = { maxLength: 2000, pageSizeDefault: 20, pageSizeMax: 100 } as const;

/** A comment's text: plain text, never HTML. */
export const commentBodySchema = z
  .string({ error: 'Schrijf een reactie.' })
  .trim()
  .min(1, 'Schrijf een reactie.')
  .max(commentLimits.maxLength, `Een reactie is hoogstens ${commentLimits.maxLength} tekens lang.`);

export const commentSchema = z.object({
  id: z.number().int(),
  subjectType: commentSubjectTypeSchema,
  subjectId: z.number().int(),
  body: z.string(),
  /** The author's first and last name, or null when the account was removed. */
  authorName: z.string().nullable(),
  authorId: z.number().int().nullable(),
  createdAt: isoDateTimeSchema,
  editedAt: isoDateTimeSchema.nullable(),
  /** Whether the caller may edit this comment (their own). */
  canEdit: z.boolean(),
  /** Whether the caller may delete it (their own, or a manager of the area). */
  canDelete: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentSubjectParamsSchema = z.object({
  subjectType: commentSubjectTypeSchema,
  subjectId: idSchema,
});

/** Comment paging (ADR 050): `page` 0-based, 20 per page by default, oldest first. */
export const commentListQuerySchema = z.object(
  feedPageQuery({ defaultSize: commentLimits.pageSizeDefault, maxSize: commentLimits.pageSizeMax }),
);
export type CommentListQuery = z.input<typeof commentListQuerySchema>;

export const commentPageSchema = feedPageSchema(commentSchema);
export type CommentPage = z.infer<typeof commentPageSchema>;

export const createCommentBodySchema = z.object({
  subjectType: commentSubjectTypeSchema,
  subjectId: idField('subjectId'),
  body: commentBodySchema,
});
export type CreateCommentBody = z.infer<typeof createCommentBodySchema>;

export const updateCommentBodySchema = z.object({
  id: idField('id'),
  body: commentBodySchema,
});
export type UpdateCommentBody = z.infer<typeof updateCommentBodySchema>;

export const commentRoutes = {
  list: defineRoute({
    feature: 'comment',
    method: 'GET',
    path: 'comment/:subjectType/:subjectId',
    permission: 'member',
    summary:
      'The comments on a task, event or post of this app, oldest first, paged (page 0-based, pageSize 20 by default), with what the caller may do.',
    params: commentSubjectParamsSchema,
    query: commentListQuerySchema,
    response: { 200: commentPageSchema },
  }),
  create: defineRoute({
    feature: 'comment',
    method: 'POST',
    path: 'comment/create',
    permission: 'member',
    summary: 'Adds a plain-text comment (1–2000 characters) to a task, event or post of this app.',
    body: createCommentBodySchema,
    response: { 200: commentSchema },
  }),
  update: defineRoute({
    feature: 'comment',
    method: 'POST',
    path: 'comment/update',
    permission: 'member',
    summary: 'Changes the text of one of my own comments.',
    body: updateCommentBodySchema,
    response: { 200: commentSchema },
  }),
  delete: defineRoute({
    feature: 'comment',
    method: 'DELETE',
    path: 'comment/:id',
    permission: 'member',
    summary:
      'Deletes a comment: my own, or any comment when I manage the area (TaskManager, EventManager, …).',
    params: z.object({ id: idSchema }),
    response: { 204: z.null() },
  }),
} as const;
