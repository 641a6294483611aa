import { Server as NetServer, type Socket } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';

/**
 * How long a stopping server waits for the connections it already accepted to bring their request and
 * get its answer, before Fastify's own close (which ends idle connections and answers late requests 503).
 */
export const acceptedConnectionsGraceMs = 3_000;

/** How long the accept queue is given to empty once the backlog is lowered, before the listener closes. */
const backlogDrainMs = 200;

/**
 * What a stopping server needs to know about its connections (decision 103): whether it is draining, and
 * which connections have served a request and now sit idle (a keep-alive client's) as opposed to those
 * accepted whose request has not been read yet (a balancer's, handed over to a busy process).
 */
export class ServerLifecycle {
  /** Set when the process is asked to stop: readiness answers 503 SHUTTING_DOWN from then on. */
  draining = false;
  private readonly connections = new Map<Socket, { busy: number; served: boolean }>();

  constructor(server: HttpServer) {
    server.on('connection', (socket: Socket) => {
      this.connections.set(socket, { busy: 0, served: false });
      socket.once('close', () => this.connections.delete(socket));
    });
    server.on('request', (request, response) => {
      const state = this.connections.get(request.socket);
      if (state) {
        state.busy += 1;
        state.served = true;
        response.once('close', () => (state.busy -= 1));
      }
      // While draining, every answer closes its connection behind it.
      if (this.draining) response.shouldKeepAlive = false;
    });
  }

  /** Connections still open (in a request, idle, or accepted with their request unread). */
  get open(): number {
    return this.connections.size;
  }

  /** Ends the connections that have been answered and wait idle for another request (keep-alive). */
  closeIdleServed(): void {
    for (const [socket, state] of this.connections) {
      if (state.served && state.busy === 0) socket.destroy();
    }
  }
}

/**
 * Stops accepting connections, then waits (at most `graceMs`) until every accepted one has ended,
 * ending the keep-alive ones that sit idle after an answer. net.Server's close, not http.Server's: the
 * latter first ends every connection that is not in a request, and a connection a balancer has just
 * handed over, its request still unread in a busy process, counts as one — the balancer then sees a
 * reset for a request it already sent, which it does not send again when it is a POST (decision 103).
 */
export async function stopAccepting(
  server: NetServer,
  lifecycle: ServerLifecycle,
  graceMs: number,
): Promise<void> {
  if (!server.listening) return;
  // Connections waiting in the kernel's accept queue when the listener closes are reset, and a balancer
  // has already sent its request on them. Linux lets a listening socket's backlog be lowered while it
  // listens: from here on at most one connection waits there and further ones are not let in (their SYN
  // is dropped; the balancer's retry then finds the port closed and goes elsewhere), while the event
  // loop accepts what waited. Node has no public call for it: its handle's listen() is that call.
  const handle = (server as unknown as { _handle?: { listen?: (backlog: number) => number } })._handle;
  if (typeof handle?.listen === 'function' && handle.listen(0) === 0) await sleep(backlogDrainMs);
  NetServer.prototype.close.call(server);
  const until = performance.now() + graceMs;
  while (lifecycle.open > 0 && performance.now() < until) {
    lifecycle.closeIdleServed();
    await sleep(20);
  }
}

/**
 * How a server stops on SIGTERM without dropping a request (decision 103): the readiness check answers
 * 503 SHUTTING_DOWN at once; for `delayMs` everything is still served (a balancer that probes readiness
 * takes the server out meanwhile); then the listener closes — a balancer's next connection is refused
 * and goes to another server — while the connections already accepted are served to their end; then
 * `app.close()` ends what is left and waits for the requests in flight, and its onClose hooks give
 * running jobs back (ADR 048). The database closes last.
 */
export async function drainAndClose(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'close'>,
  delayMs: number,
  graceMs = acceptedConnectionsGraceMs,
): Promise<void> {
  app.lifecycle.draining = true;
  if (delayMs > 0) await sleep(delayMs);
  await stopAccepting(app.server, app.lifecycle, graceMs);
  await app.close();
  await database.close();
}
