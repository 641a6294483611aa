import { z } from 'zod';
import { defineRoute } from './define-route.js';
import { errorBodySchema } from './errors.js';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

export const healthRoutes = {
  health: defineRoute({
    feature: 'health',
    method: 'GET',
    path: 'health',
    permission: 'public',
    summary: 'Checks that the server and its database answer.',
    response: { 200: healthSchema, 503: errorBodySchema },
  }),
} as const;
