import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import { HttpError } from '../../lib/http-error.js';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { tenantOf, userOf } from '../../plugins/request-context.js';
import { createMedia, deleteMedia, listMedia, loadMediaFile, updateMedia } from './service.js';
import { readMultipartUpload } from './upload.js';

/** `Content-Disposition` with an ASCII fallback name and the real name in RFC 5987 form. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function mediaHandlers(app: FastifyInstance): FeatureHandlers<typeof api.media> {
  return {
    list: async (request) => listMedia(app, tenantOf(request).appId),
    file: async (request, reply) => {
      const { row, data } = await loadMediaFile(app, userOf(request), request.params.id);
      const disposition = row.kind === 'image' ? 'inline' : 'attachment';
      return reply
        .type(row.mime)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', contentDisposition(disposition, row.fileName))
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, max-age=3600')
        .send(data);
    },
    create: async (request) => {
      const upload = await readMultipartUpload(request);
      if (upload.files.length === 0) {
        throw new HttpError(400, 'VALIDATION_ERROR', undefined, { files: 'Kies minstens één bestand.' });
      }
      // Cut between whole characters, never through an emoji (decision 044).
      const title = Array.from((upload.fields.get('title')?.[0] ?? '').trim())
        .slice(0, 200)
        .join('');
      return createMedia(app, userOf(request), upload.files, title);
    },
    update: async (request) => updateMedia(app, tenantOf(request).appId, request.body),
    delete: async (request, reply) => {
      await deleteMedia(app, tenantOf(request).appId, request.params.id);
      return reply.code(204).send();
    },
  };
}
