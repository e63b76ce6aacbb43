import { defineConfig } from 'drizzle-kit';

// Generates the SQL migrations that server/db/open.ts applies at start, on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  // A resource's table lives in schema.ts or in its own table file (server/crud/served.ts).
  schema: ['./server/db/schema.ts', './server/resources/*.table.ts'],
  out: './server/db/migrations',
});
