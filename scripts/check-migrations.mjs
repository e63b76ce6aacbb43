// Fails when the schema (server/db/schema.ts and the resources' table files) and the committed migrations disagree: drizzle-kit generates into
// a copy of the migrations folder, and any file it writes there is a schema change without its
// migration. The real folder is never touched.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const committed = join(root, 'server/db/migrations');
// drizzle-kit reads `out` relative to the working directory, so the copy lives inside the project.
const relativeScratch = 'node_modules/.cache/migrations-check';
const scratch = join(root, relativeScratch);
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });
const out = join(scratch, 'migrations');
cpSync(committed, out, { recursive: true });
const config = join(scratch, 'drizzle.config.mjs');
writeFileSync(
  config,
  `export default { dialect: 'postgresql', schema: ['./server/db/schema.ts', './server/resources/*.table.ts'], out: './${relativeScratch}/migrations' };\n`,
);

const before = new Set(readdirSync(out));
const result = spawnSync(join(root, 'node_modules/.bin/drizzle-kit'), ['generate', '--config', config, '--name', 'unmigrated_schema_change'], {
  cwd: root,
  encoding: 'utf8',
});
const added = readdirSync(out).filter((file) => !before.has(file));
rmSync(scratch, { recursive: true, force: true });

// drizzle-kit may print an error and still exit 0.
if (result.status !== 0 || /\bError\b|ENOENT/.test(`${result.stdout}${result.stderr}`)) {
  console.error(result.stdout, result.stderr);
  console.error('check-migrations: drizzle-kit generate failed');
  process.exit(1);
}
if (added.length) {
  console.error(
    `check-migrations: the schema (server/db/schema.ts, server/resources/*.table.ts) has changes no migration holds (drizzle-kit would write ${added.join(', ')}).`,
  );
  console.error('Run `npx drizzle-kit generate --name <what>` and commit the new migration.');
  process.exit(1);
}
console.log('check-migrations: the schema and the migrations agree');
