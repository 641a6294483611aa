import { customType, timestamp } from 'drizzle-orm/pg-core';

/** bytea that always reads back as a Buffer (PGlite gives Uint8Array, postgres-js gives Buffer). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
