import { afterAll } from 'vitest';
import { violations } from './tenancy-checker.js';

// Runs after each test file: a query around tenantDb fails the file even when its error was swallowed.
afterAll(() => {
  if (violations.length === 0) return;
  const distinct = [...new Set(violations)];
  throw new Error(
    `${violations.length} queries on farm tables around tenantDb (ADR 049):\n${distinct.slice(0, 20).join('\n')}`,
  );
});
