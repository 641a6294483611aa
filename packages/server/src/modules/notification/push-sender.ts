import type { FastifyInstance } from 'fastify';
import type { CreatedNotification } from './notify.js';

/**
 * Sends notifications as web push to the members' subscribed browsers (VAPID keys per app).
 * SCAFFOLD: the notification slice implements delivery; callers already call `deliver` after commit.
 */
export class PushSender {
  constructor(private readonly app: FastifyInstance) {}

  /** Fire-and-forget: never throws, never delays the answer to the member who caused the change. */
  deliver(created: readonly CreatedNotification[]): void {
    void this.app;
    void created;
  }
}
