/**
 * fast-check arbitraries of HTTP requests for one API operation, built from its JSON schemas (the
 * contract's zod schemas through `z.toJSONSchema`, or the OpenAPI document the server publishes):
 * valid inputs and malformed ones (ids that are not plain digits or out of the `integer` range, NUL and
 * control characters, `null` and non-object bodies, broken JSON, multipart without boundary or with
 * broken parts). Shared by the property test (`test/property-fuzz.test.ts`) and the fuzz script
 * (`bench/fuzz-openapi.ts`).
 */
import fc from 'fast-check';

/** The part of JSON Schema the contract's schemas produce. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
}

export interface Operation {
  method: string;
  /** Fastify style, under /api: `/api/User/ContactData/:id`. */
  path: string;
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema | 'multipart';
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** `valid` or the malformation applied (`id:0x1`, `body:null`, `multipart:no-boundary`, …). */
  kind: string;
}

/** Ids the parser must refuse: not plain digits, or outside 1..2147483647, or very long. */
export const malformedIds = [
  '0x1',
  '1e0',
  '+1',
  '01',
  '1.0',
  ' 1 ',
  '0',
  '-1',
  '2147483648',
  String(2 ** 53),
  String(2 ** 53 + 2),
  '9'.repeat(30),
  '1'.repeat(501),
  'abc',
  '1%00',
  'NaN',
  'Infinity',
];

const controlCharacters = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0008'];

const isIdName = (name: string) => name === 'id' || /Id$/.test(name);
const isIdListName = (name: string) => /Ids$/.test(name);

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** A value the schema (probably) accepts; ids come from the small range the seed fills. */
export function valueFor(schema: JsonSchema | undefined, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((v) => valueFor(v, name, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return valueFor(schema.allOf[0], name, depth + 1);
  const types = typesOf(schema).filter((type) => type !== 'null');
  const type = types[0];
  const numeric = (integer: boolean) => {
    if (isIdName(name)) return fc.integer({ min: 1, max: 40 });
    const min = Math.max(schema.minimum ?? -1000, -1_000_000);
    const max = Math.min(schema.maximum ?? 1000, 1_000_000);
    return integer
      ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
      : fc.double({ min, max, noNaN: true });
  };
  switch (type) {
    case 'integer':
      return numeric(true);
    case 'number':
      return numeric(false);
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (isIdName(name)) return fc.integer({ min: 1, max: 40 }).map(String);
      if (schema.format === 'date-time' || /date|time/i.test(name))
        return fc
          .date({
            min: new Date('2025-01-01T00:00:00Z'),
            max: new Date('2030-12-31T00:00:00Z'),
            noInvalidDate: true,
          })
          .map((date) => date.toISOString());
      if (schema.format === 'email' || /mail/i.test(name))
        return fc.constantFrom('lid@example.com', 'a@b.be');
      if (schema.pattern) return fc.constantFrom('1', 'abc', '#00aa00', '2026-05-01');
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 24, 24));
      return fc.string({ minLength, maxLength });
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      return fc.array(valueFor(schema.items, isIdListName(name) ? 'id' : name, depth + 1), {
        minLength,
        maxLength,
      });
    }
    case 'object':
      return objectFor(schema, depth);
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

function objectFor(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(properties)) record[key] = valueFor(child, key, depth + 1);
  return fc.record(record, { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) });
}

/** Something of a different kind than the schema wants (or a hostile value of the right kind). */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, -1, 0, 2 ** 31, 2 ** 53, 1e308, -0.5, '', 'x', [], {}, [null], { a: { b: 1 } }),
  fc.constantFrom(...controlCharacters).map((c) => `a${c}b`),
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.constantFrom(...malformedIds),
);

/** One string path in a JSON value, or none. */
function stringKeys(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>)
    .filter(([, child]) => typeof child === 'string')
    .map(([key]) => key);
}

function encodeQuery(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const list = Array.isArray(value) ? value : [value];
    for (const item of list) {
      const text = item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item);
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
    }
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? '1')),
  );
}

const tinyPng = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

function multipartPayload(boundary: string, fields: [string, string][], file: boolean): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of fields)
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      tinyPng,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const multipartTextFields = ['id', 'title', 'body', 'isActive', 'keepMediaIds', 'name'];

function multipartArbitrary(): fc.Arbitrary<Pick<FuzzRequest, 'headers' | 'payload' | 'kind'>> {
  const boundary = 'plukfuzzboundary';
  const fields = fc.array(
    fc.tuple(
      fc.constantFrom(...multipartTextFields),
      fc.oneof(fc.string({ maxLength: 12 }), fc.constant('true')),
    ),
    { maxLength: 3 },
  );
  const valid = fc.tuple(fields, fc.boolean()).map(([list, file]) => ({
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: multipartPayload(boundary, list, file),
    kind: 'valid',
  }));
  const noBoundary = fc
    .tuple(
      fields,
      fc.constantFrom(
        'multipart/form-data',
        'multipart/form-data; charset=utf-8',
        'multipart/form-data; boundary=',
      ),
    )
    .map(([list, type]) => ({
      headers: { 'content-type': type },
      payload: multipartPayload(boundary, list, true),
      kind: 'multipart:no-boundary',
    }));
  const broken = fc
    .constantFrom(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhalf`,
      `--${boundary}\r\nno header end`,
      `garbage without boundary\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nhalf`,
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhalf`,
      '',
    )
    .map((text) => ({
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(text),
      kind: 'multipart:broken',
    }));
  const control = fc
    .tuple(fc.constantFrom(...multipartTextFields), fc.constantFrom(...controlCharacters))
    .map(([name, character]) => ({
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipartPayload(boundary, [[name, `a${character}b`]], false),
      kind: 'multipart:control-character',
    }));
  return fc.oneof(valid, noBoundary, broken, control);
}

/** Requests for one operation: valid ones and each kind of malformed one. */
export function requestArbitrary(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const method = operation.method.toUpperCase();
  const params = operation.params ? objectFor(operation.params) : fc.constant({});
  const query = operation.query ? objectFor(operation.query) : fc.constant({});
  const idParams = Object.keys(operation.params?.properties ?? {}).filter(isIdName);
  const build = (
    p: Record<string, unknown>,
    q: Record<string, unknown>,
    rest: Pick<FuzzRequest, 'headers' | 'payload' | 'kind'>,
  ): FuzzRequest => ({ method, url: `${fillPath(operation.path, p)}${encodeQuery(q)}`, ...rest });

  const jsonBody = (value: unknown, kind: string) => ({
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(value),
    kind,
  });
  let body: fc.Arbitrary<Pick<FuzzRequest, 'headers' | 'payload' | 'kind'>>;
  const malformedBodies: fc.Arbitrary<Pick<FuzzRequest, 'headers' | 'payload' | 'kind'>>[] = [];
  if (operation.body === 'multipart') {
    body = multipartArbitrary();
  } else if (operation.body) {
    const schema = operation.body;
    const validValue = valueFor(schema, 'body');
    body = validValue.map((value) => jsonBody(value, 'valid'));
    malformedBodies.push(
      fc
        .constantFrom(null, [], [{}], 'text', 1, true)
        .map((value) =>
          jsonBody(value, `body:${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value}`),
        ),
      fc.constantFrom('{', '{"a":', '[1,', 'nul', '{"__proto__":{"x":1}}', '\u0000').map((text) => ({
        headers: { 'content-type': 'application/json' },
        payload: text,
        kind: 'body:broken-json',
      })),
      validValue.map((value) => ({
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify(value),
        kind: 'body:text-plain',
      })),
    );
    if (
      typesOf(schema).includes('object') &&
      schema.properties &&
      Object.keys(schema.properties).length > 0
    ) {
      const keys = Object.keys(schema.properties);
      malformedBodies.push(
        fc
          .tuple(validValue, fc.constantFrom(...keys), wrongValue)
          .map(([value, key, wrong]) =>
            jsonBody({ ...(value as object), [key]: wrong }, `body:wrong-${key}`),
          ),
        fc.tuple(validValue, fc.constantFrom(...controlCharacters)).map(([value, character]) => {
          const copy = { ...(value as Record<string, unknown>) };
          const strings = stringKeys(copy);
          const key = strings[0] ?? keys[0]!;
          copy[key] = `x${character}y`;
          return jsonBody(copy, 'body:control-character');
        }),
      );
    }
  } else {
    body = fc.constant({ headers: {}, kind: 'valid' });
  }

  const valid = fc.tuple(params, query, body).map(([p, q, b]) => build(p, q, b));
  const malformed: fc.Arbitrary<FuzzRequest>[] = [];
  if (idParams.length > 0) {
    malformed.push(
      fc
        .tuple(params, query, body, fc.constantFrom(...idParams), fc.constantFrom(...malformedIds))
        .map(([p, q, b, key, id]) =>
          build({ ...p, [key]: id }, q, {
            ...b,
            kind: `id:${id.length > 40 ? `${id.length} characters` : JSON.stringify(id)}`,
          }),
        ),
    );
  }
  const queryKeys = Object.keys(operation.query?.properties ?? {});
  if (queryKeys.length > 0) {
    malformed.push(
      fc
        .tuple(params, query, body, fc.constantFrom(...queryKeys), wrongValue)
        .map(([p, q, b, key, wrong]) =>
          build(p, { ...q, [key]: wrong }, { ...b, kind: `query:wrong-${key}` }),
        ),
    );
  }
  for (const malformedBody of malformedBodies)
    malformed.push(fc.tuple(params, query, malformedBody).map(([p, q, b]) => build(p, q, b)));
  if (malformed.length === 0) return valid;
  return fc.oneof({ arbitrary: valid, weight: 1 }, { arbitrary: fc.oneof(...malformed), weight: 2 });
}

/** The contract's error shape, checked by hand so the fuzz script needs no zod import order. */
export function isContractError(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false;
  const error = (body as { error?: unknown }).error;
  if (error === null || typeof error !== 'object') return false;
  const { code, message, fields } = error as { code?: unknown; message?: unknown; fields?: unknown };
  if (typeof code !== 'string' || typeof message !== 'string' || message.length === 0) return false;
  if (fields === undefined) return true;
  return (
    fields !== null &&
    typeof fields === 'object' &&
    Object.values(fields as Record<string, unknown>).every((value) => typeof value === 'string')
  );
}
