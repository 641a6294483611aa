import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * `anyOf: [X, {type: 'null'}]`, zod's shape of `.nullable()`, becomes `type: [X, 'null']`, which
 * fast-json-stringify writes directly instead of trying each branch with a validator.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const [first, second] = branches as JsonSchema[];
    const [other, nullBranch] = second?.type === 'null' ? [first, second] : [second, first];
    if (nullBranch?.type === 'null' && other && typeof other.type === 'string' && !other.anyOf) {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The JSON Schema fast-json-stringify compiles for a zod response schema (its output side). */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _draft, ...json } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' });
  return simplify(json) as JsonSchema;
}

/**
 * Responses are written by fast-json-stringify, compiled once per route from the contract's zod schema
 * (ADR 046): no zod parse per response. Like the parse it replaces, it writes only the fields the
 * schema names (anything else a presenter returns is left out) and fails on a missing required field.
 * A schema JSON Schema cannot express falls back to the zod parse + JSON.stringify.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  try {
    return fastJson(responseJsonSchema(route.schema) as unknown as Parameters<typeof fastJson>[0]);
  } catch {
    return zodSerializerCompiler(route);
  }
};
