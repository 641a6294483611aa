import { z } from 'zod';
import { idSchema, isoDateTimeSchema, idField } from './common.js';
import { defineRoute, multipart } from './define-route.js';

const megabyte = 1024 * 1024;

/**
 * What may be uploaded (decision 042): images judged by their first bytes, documents as PDF or Office
 * (.docx/.xlsx, a zip with that extension). At most 10 files per request.
 */
export const mediaLimits = {
  imageMaxBytes: 10 * megabyte,
  documentMaxBytes: 20 * megabyte,
  maxFiles: 10,
  imageTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const,
  documentTypes: [
    'application/pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ] as const,
  /** For the file picker (`accept`); the server judges by content, not by this. */
  accept: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf', '.docx', '.xlsx'],
} as const;

export const mediaKindSchema = z.enum(['image', 'document']);
export type MediaKind = z.infer<typeof mediaKindSchema>;

export const mediaSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  kind: mediaKindSchema,
  title: z.string(),
  createdAt: isoDateTimeSchema,
});
export type Media = z.infer<typeof mediaSchema>;

export const updateMediaBodySchema = z.object({
  id: idField('id'),
  title: z.string().trim().max(200, 'Een titel is hoogstens 200 tekens lang.'),
});
export type UpdateMediaBody = z.infer<typeof updateMediaBodySchema>;

export const mediaRoutes = {
  list: defineRoute({
    feature: 'media',
    method: 'GET',
    path: 'Media',
    permission: { role: 'PostManager' },
    summary: 'Every uploaded image and document of this app, newest first.',
    response: { 200: z.array(mediaSchema) },
  }),
  file: defineRoute({
    feature: 'media',
    method: 'GET',
    path: 'Media/:id',
    permission: 'member',
    summary:
      'The file itself, with its stored type, nosniff, a sandboxing CSP, inline for images and as attachment for documents.',
    params: z.object({ id: idSchema }),
    response: 'file',
  }),
  create: defineRoute({
    feature: 'media',
    method: 'POST',
    path: 'Media/Create',
    permission: { role: 'PostManager' },
    summary:
      'Uploads one or more files (repeated multipart field `files`, optional `title`): images up to 10 MB, PDF/.docx/.xlsx up to 20 MB.',
    body: multipart,
    response: { 200: z.array(mediaSchema) },
  }),
  update: defineRoute({
    feature: 'media',
    method: 'POST',
    path: 'Media/update',
    permission: { role: 'PostManager' },
    summary: 'Changes the title of an uploaded file.',
    body: updateMediaBodySchema,
    response: { 200: mediaSchema },
  }),
  delete: defineRoute({
    feature: 'media',
    method: 'DELETE',
    path: 'Media/:id',
    permission: { role: 'PostManager' },
    summary: 'Deletes an uploaded file (the row and the bytes); posts lose it as image or attachment.',
    params: z.object({ id: idSchema }),
    response: { 204: z.null() },
  }),
} as const;
