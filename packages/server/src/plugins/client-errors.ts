import type { Socket } from 'node:net';
import type { ErrorCode } from '@pluk/contract';
import { errorBody } from './errors.js';

const reasons: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

/** What Node's HTTP parser refused, as status, contract code and a Dutch message. */
function answerFor(code: string | undefined): { status: number; code: ErrorCode; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        code: 'PAYLOAD_TOO_LARGE',
        message: 'De kopregels (headers) van het verzoek zijn te groot.',
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'De gegevens zijn te groot.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        code: 'VALIDATION_ERROR',
        message: 'Het verzoek kwam niet op tijd volledig aan. Probeer opnieuw.',
      };
    default:
      return {
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'Het verzoek kon niet gelezen worden (ongeldige HTTP).',
      };
  }
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (headers too large, a broken
 * request line, header or chunk, a bad Content-Length) never reaches a route, so the error handler
 * does not see it. It gets the contract's error shape too, with `Connection: close`, and the socket is
 * ended after the answer is written (ADR 052): a keep-alive client then opens a new connection for its
 * next request instead of having it reset.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const answer = answerFor(error.code);
  const body = JSON.stringify(errorBody(answer.code, answer.message));
  socket.end(
    `HTTP/1.1 ${answer.status} ${reasons[answer.status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}
