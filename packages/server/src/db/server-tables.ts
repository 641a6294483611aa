/**
 * Server-level tables: they belong to the installation, not to one farm, so they are read and written
 * without the tenant scope (ADR 049). Every other table with an `app_id` column is a farm table and goes
 * through `tenantDb`. `app_hosts` is here because the host decides the app before any app is known.
 * Add a new server-level table here, and only here.
 */
export const serverTables: readonly string[] = [
  'apps',
  'app_hosts',
  'server_secrets',
  'jobs',
  'rate_limit_counters',
  'credential_failures',
];
