import { z } from 'zod';
import { roles } from './roles.js';

/** A role as the API reads and writes it (roles.ts lists them). */
export const roleSchema = z.enum(roles);
