import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this are sent as they are: compressing them costs more than it saves. */
export const compressionThreshold = 1024;

/**
 * JSON and text the server builds itself. Media downloads (images, PDFs, octet-stream) are left
 * alone: they are compressed already or must keep their exact length for downloads (decision 045).
 */
const compressibleTypes =
  /^(?:application\/(?:[\w.+-]+\+)?json|application\/javascript|text\/(?:html|css|javascript)|image\/svg\+xml)(?:;|$)/;

/**
 * Brotli or gzip (by Accept-Encoding) for API answers over 1 KB, on every route registered after it.
 * The built web app's files arrive precompressed from disk (static-web.ts): they carry their
 * Content-Encoding already, which this plugin leaves as it is. Request bodies are never inflated:
 * a small compressed body could otherwise unpack past the body limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: compressionThreshold,
    encodings: ['br', 'gzip'],
    customTypes: compressibleTypes,
  });
}
