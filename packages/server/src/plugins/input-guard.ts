import type { FastifyInstance } from 'fastify';
import { controlCharacterMessage, hasControlCharacter } from '../lib/control-characters.js';
import { HttpError } from '../lib/http-error.js';

interface Node {
  value: unknown;
  key: string | null;
  parent: Node | null;
}

function pathOf(node: Node | null): string {
  const keys: string[] = [];
  for (let at = node; at?.key != null; at = at.parent) keys.unshift(at.key);
  return keys.join('.') || '_';
}

/**
 * The dotted path (`householdMembers.0.name`) of the first string or key containing a control
 * character (`hasControlCharacter`), or null. Iterative, with parent links instead of copied paths: a deeply nested JSON body must neither
 * overflow the stack nor cost quadratic time.
 */
export function findControlCharacter(value: unknown): string | null {
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const current = node.value;
    if (typeof current === 'string') {
      if (hasControlCharacter(current)) return pathOf(node);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, child] of Object.entries(current)) {
        const childNode = { value: child, key, parent: node };
        if (hasControlCharacter(key)) return pathOf(childNode);
        stack.push(childNode);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store NUL in text and refuses it with an error (a 500 if it got that far), so
 * strings with NUL, and the other control characters (ADR 052), are refused up front as the client's
 * 400, naming the field (ADR 021). Runs before validation on every route, for body, path parameters
 * and query string; multipart text fields pass the same check where they are read (media/upload.ts).
 */
export function registerInputGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it never waits, and runs on every request (ADR 046).
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findControlCharacter(part);
      if (field !== null) {
        done(new HttpError(400, 'VALIDATION_ERROR', undefined, { [field]: controlCharacterMessage }));
        return;
      }
    }
    done();
  });
}
