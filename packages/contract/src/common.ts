import { z } from 'zod';

/** The largest id a table holds: ids are PostgreSQL `integer` (serial) columns. */
export const maxId = 2_147_483_647;

function idMessage(name: string): string {
  return `${name} moet een nummer zijn: alleen cijfers, van 1 tot en met ${maxId}.`;
}

/**
 * An id in a URL (path parameter or query string): plain digits only, 1..2147483647, read as a number
 * (ADR 052). `0x1`, `1e0`, `+1`, `01`, `1.0` and ` 1 ` are refused, not read as 1; an id beyond the
 * column's range is refused before it reaches SQL. The Dutch message names the parameter.
 */
export function idParam(name = 'id') {
  const message = idMessage(name);
  return z
    .string({ error: message })
    .regex(/^[1-9][0-9]{0,9}$/, message)
    .refine((value) => Number(value) <= maxId, message)
    .transform(Number);
}

/** An id in a JSON body: an integer number 1..2147483647 (ADR 052). */
export function idField(name = 'id') {
  const message = idMessage(name);
  return z.number({ error: message }).int(message).min(1, message).max(maxId, message);
}

/** The one strict id schema for URLs: `:id` and every other id parameter. */
export const idSchema = idParam('id');
export const idParamsSchema = z.object({ id: idSchema });
export const noContentSchema = z.null();
export const okSchema = z.object({ ok: z.literal(true) });

/**
 * Paged query of the manager tables (docs/product/api-and-routes.md, "Paging"): page (1-based), rowsPerPage,
 * filter, userIds, isApproved, isActive.
 */
export const pagedQuerySchema = z.object({
  page: z.number().int().min(1).default(1),
  rowsPerPage: z.number().int().min(1).max(200).default(50),
  filter: z.string().trim().max(200).optional(),
  userIds: z.array(idField('userIds')).max(500).optional(),
  isApproved: z.boolean().optional(),
  isActive: z.boolean().optional(),
  /** The keyset cursor of ADR 056 (the previous answer's `nextCursor`); `page` is then echoed only. */
  after: z
    .string()
    .max(400)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
});
export type PagedQuery = z.infer<typeof pagedQuerySchema>;

export function pagedResultSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    ...pageAnswerShape,
    page: z.number().int().min(1),
    rowsPerPage: z.number().int().min(1),
  });
}

export const isoDateTimeSchema = z.string().describe('ISO 8601 date-time');

/**
 * Years a task or event may fall in (decision 044). Outside them a date is a typo or an attack, and
 * years before 100 do not even survive the database round trip (0001 comes back as 2001).
 */
export const plannedYears = { min: 2000, max: 2100 } as const;
export const plannedYearsMessage = `Kies een datum tussen ${plannedYears.min} en ${plannedYears.max}.`;
/** Whether an ISO date-time (already checked as one) falls within `plannedYears`. */
export function isInPlannedYears(value: string): boolean {
  const year = new Date(value).getUTCFullYear();
  return year >= plannedYears.min && year <= plannedYears.max;
}

export const addressSchema = z.object({
  street: z.string().trim().max(200).default(''),
  number: z.string().trim().max(20).default(''),
  postalCode: z.string().trim().max(20).default(''),
  city: z.string().trim().max(100).default(''),
});
export type Address = z.infer<typeof addressSchema>;

/** A yes/no in a URL (query string or path): `'true'` or `'false'`, as a boolean. */
export const urlBooleanSchema = z
  .enum(['true', 'false'], { error: 'Gebruik true of false.' })
  .transform((value) => value === 'true');

/**
 * The paging of the community lists (docs/product/api-and-routes.md, "Paging": `pageSize=6, page=0`): `page`
 * counts from 0, `pageSize` from 1 up to `maxSize`. Spread into a list's query schema.
 */
export function feedPageQuery({ defaultSize, maxSize }: { defaultSize: number; maxSize: number }) {
  return {
    pageSize: z.coerce
      .number({ error: 'Geef een getal op.' })
      .int('Geef een geheel getal op.')
      .min(1, 'Minstens 1 per pagina.')
      .max(maxSize, `Hoogstens ${maxSize} per pagina.`)
      .default(defaultSize),
    page: z.coerce
      .number({ error: 'Geef een getal op.' })
      .int('Geef een geheel getal op.')
      .min(0, 'De eerste pagina is 0.')
      .max(100_000, 'Deze pagina bestaat niet.')
      .default(0),
    after: pageCursorSchema.optional(),
  };
}

/**
 * The keyset cursor of a list (ADR 056): opaque to clients, taken from the previous page's `nextCursor`.
 * With it, the page holds the rows after the previous page's last row (no OFFSET); `page` is echoed.
 */
export const pageCursorSchema = z
  .string()
  .max(400, pageCursorMessage())
  .regex(/^[A-Za-z0-9_-]+$/, pageCursorMessage());

function pageCursorMessage() {
  return 'Deze lijst is intussen veranderd. Laad ze opnieuw.';
}

/** Totals are counted up to this many rows; beyond it `total` is this number and `totalIsLowerBound` is true. */
export const pageCountCap = 1_000;

/** What every paged answer carries besides its rows (ADR 056). */
const pageAnswerShape = {
  total: z.number().int().min(0),
  /** `total` was counted up to `pageCountCap`: there are at least that many ("meer dan 1000"). */
  totalIsLowerBound: z.boolean(),
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
};

/** One page of a community list: the items, how many there are in all, and which page this is. */
export function feedPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    ...pageAnswerShape,
    page: z.number().int().min(0),
    pageSize: z.number().int().min(1),
  });
}
