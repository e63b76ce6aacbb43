import { defineConfig } from 'drizzle-kit';

// Generates the SQL migrations that server/db/open.ts applies at start, on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
