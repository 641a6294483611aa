import { defineConfig } from 'drizzle-kit';

// Only used by `npm run db:generate`: turns the schema into a committed SQL migration in ./drizzle.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
