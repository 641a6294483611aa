import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * How much of a request body still on its way is read and thrown away before an early answer (a 413
 * over the limit, a 401/403 refused before the body was read) goes out: twice the largest body Pluk
 * takes (a 5 MB upload), so a client that sends a few megabytes too many still reads its answer.
 * Beyond it, or after `drainTimeoutMs`, the answer goes out and the connection closes (ADR 095).
 */
export const drainBoundBytes = 2 * 5 * 1024 * 1024;
export const drainTimeoutMs = 10_000;

/** Whether Node is still receiving this request's body (a request without a body is complete at once). */
function bodyStillComing(request: FastifyRequest): boolean {
  const raw = request.raw;
  // light-my-request (app.inject) has no `complete`: its body is always read.
  return raw.complete === false && !raw.destroyed && !raw.readableEnded;
}

/** Reads the rest of the body and discards it, up to the bound; true when it all arrived. */
function discardRest(request: FastifyRequest): Promise<boolean> {
  const raw = request.raw;
  return new Promise((resolve) => {
    let received = 0;
    const finish = (whole: boolean) => {
      clearTimeout(timer);
      raw.removeListener('data', onData);
      raw.removeListener('end', onEnd);
      raw.removeListener('error', onFail);
      raw.removeListener('close', onClose);
      if (!whole) raw.pause();
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > drainBoundBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onFail = () => finish(false);
    const onClose = () => finish(raw.complete);
    const timer = setTimeout(() => finish(false), drainTimeoutMs);
    timer.unref?.();
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('error', onFail);
    raw.once('close', onClose);
    raw.resume();
  });
}

/**
 * An answer given before the body was read (Fastify's 413 on Content-Length, the auth hook's 401/403,
 * a route refusing an upload) used to go out while the client was still sending; the socket then
 * closed under it and the client saw a connection reset instead of the answer (decision 095).
 * Now the rest of the body is read and discarded first (bounded), and the connection closes after
 * the answer: the client reads its 413/401/403 (ADR 095).
 */
export function registerEarlyAnswer(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!bodyStillComing(request)) return payload;
    reply.header('connection', 'close');
    const whole = await discardRest(request);
    if (!whole) request.log.info({ drainBoundBytes }, 'early answer: the body went on past the bound');
    return payload;
  });
}
