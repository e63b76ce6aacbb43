import { defineConfig } from 'drizzle-kit';

// Generates the SQL migrations that server/db/open.ts applies at start, on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  // schema.ts re-exports every table from where it lives (an area's server/<area>/schema.ts, the platform's
  // system-schema.ts); a generic resource's table has its own file in its area's folder (server/crud/served.ts).
  schema: ['./server/db/schema.ts', './server/*/*.table.ts'],
  out: './server/db/migrations',
});
