import { z } from 'zod';
import { defineRoute } from './define-route.js';
import { errorBodySchema } from './errors.js';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export const liveSchema = z.object({ status: z.literal('ok') });

export const healthRoutes = {
  health: defineRoute({
    feature: 'health',
    method: 'GET',
    path: 'health',
    permission: 'public',
    summary: 'Checks that the server and its database answer.',
    response: { 200: healthSchema, 503: errorBodySchema },
  }),
  // For a load balancer (ADR 095): `live` asks the process only, `ready` the database too, over a
  // connection kept for it so a busy request pool never makes a healthy server look down.
  live: defineRoute({
    feature: 'health',
    method: 'GET',
    path: 'health/live',
    permission: 'public',
    summary: 'Liveness: the process answers (the database is not asked).',
    response: { 200: liveSchema },
  }),
  ready: defineRoute({
    feature: 'health',
    method: 'GET',
    path: 'health/ready',
    permission: 'public',
    summary:
      'Readiness: the database answers over a connection kept for this check (within 500 ms); 503 with the reason otherwise, and 503 SHUTTING_DOWN once the server is stopping.',
    response: { 200: healthSchema, 503: errorBodySchema },
  }),
} as const;
