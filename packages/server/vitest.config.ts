import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Each file builds its own app on its own fresh database, so files may run side by side.
    pool: 'forks',
    // Fails a test file whose server queries went around the tenant scope (ADR 049).
    setupFiles: ['test/helpers/tenancy-guard.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
