import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.js';

/** An installation: one farm or cooperative. Every farm table refers to it by `app_id`. */
export const apps = pgTable(
  'apps',
  {
    appId: text('app_id').primaryKey(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    colorPrimary: text('color_primary').notNull().default('#2f7d32'),
    colorSecondary: text('color_secondary').notNull().default('#8bc34a'),
    colorBackground: text('color_background').notNull().default('#f5f9f0'),
    logo: bytea('logo'),
    logoMime: text('logo_mime'),
    /** Changes with every new logo, so browsers refetch it. */
    logoVersion: text('logo_version'),
    localeVariant: text('locale_variant').notNull().default('nl-be'),
    membershipExplanation: text('membership_explanation').notNull().default(''),
    customRegistrationQuestion: text('custom_registration_question'),
    harvestYearStartMonth: integer('harvest_year_start_month').notNull().default(3),
    harvestYearStartDay: integer('harvest_year_start_day').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    // At most one default app: the one answering unknown hosts.
    uniqueIndex('apps_single_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
    check('apps_locale_variant', sql`${t.localeVariant} in ('nl-be', 'nl-be-cooperative')`),
    check('apps_app_id_slug', sql`${t.appId} ~ '^[a-z0-9][a-z0-9-]*$'`),
  ],
);

/**
 * The app (farm) a row belongs to. Every farm table has this column, and deleting an app deletes its
 * rows with it: use it for every new farm table.
 */
export const appIdColumn = () =>
  text('app_id')
    .notNull()
    .references(() => apps.appId, { onDelete: 'cascade' });

/** The host names an app answers on, stored lower-case without port; a host belongs to one app. */
export const appHosts = pgTable(
  'app_hosts',
  {
    host: text('host').primaryKey(),
    appId: appIdColumn(),
  },
  (t) => [index('app_hosts_app').on(t.appId)],
);

/**
 * A link from one farm row to another carries the app id: `(app_id, column)` references the parent's
 * `(app_id, id)` (unique in every parent), so the database refuses a row of one farm pointing at a row
 * of another (ADR 049). Nullable links use `on delete set null (column)` in the migration, which keeps
 * `app_id`; Drizzle cannot express the column list, so the schema only says `set null`.
 */
export const farmReference = (
  name: string,
  appId: PgColumn,
  column: PgColumn,
  parent: { appId: PgColumn; id: PgColumn },
) => foreignKey({ name, columns: [appId, column], foreignColumns: [parent.appId, parent.id] });
