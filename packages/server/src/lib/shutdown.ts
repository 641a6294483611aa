import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';

/**
 * How a server stops on SIGTERM without dropping a request (decision 103): the readiness check answers
 * 503 SHUTTING_DOWN at once; for `delayMs` everything else is still served (a balancer that probes
 * readiness takes the server out meanwhile); then `app.close()` stops listening — a balancer's next
 * connection is refused and goes to another server — closes idle keep-alive connections, answers a
 * request arriving on a busy one with 503 and `Connection: close`, and waits for the requests in
 * flight; its onClose hooks give running jobs back (ADR 048). The database closes last.
 */
export async function drainAndClose(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'close'>,
  delayMs: number,
): Promise<void> {
  app.lifecycle.draining = true;
  if (delayMs > 0) await sleep(delayMs);
  await app.close();
  await database.close();
}
