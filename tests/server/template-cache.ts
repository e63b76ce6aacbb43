/**
 * Seeded templates for test servers (tests/server/server.ts, tests/e2e/support/server.ts). A first
 * start migrates, seeds and builds the demo world through the workflow engine: some 20 s of one core
 * on a quiet machine, a minute on a busy one, paid again by every test server. A template is that
 * work done once and kept under node_modules/.cache, named by a hash of every source the seeds read
 * and the day (the demo world is dated from today), so a changed seed or a new day builds a new one.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dayOf } from '../../src/lib/dates';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const CACHE = join(ROOT, 'node_modules/.cache');
/** What the migrations, the seeds and the demo world are made of. */
const SOURCES = ['server', 'src', 'locales', 'tests/resources', 'package-lock.json'];

let keyMemo: string | undefined;
function sourceKey(): string {
  if (keyMemo) return keyMemo;
  const hash = createHash('sha256');
  const add = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) add(join(path, name));
      return;
    }
    hash.update(path.slice(ROOT.length)).update(readFileSync(path));
  };
  for (const source of SOURCES) add(join(ROOT, source));
  // The business day the demo world is dated from (src/lib/dates), not the UTC one: they differ eight hours a day.
  hash.update(dayOf(Date.now()));
  return (keyMemo = hash.digest('hex').slice(0, 20));
}

/**
 * The folder of the template `kind` for today's sources: built by `build` into a staging folder by the
 * first caller, waited for by the others (other test files, other workers), then renamed into place
 * whole, so a reader never sees half of one.
 */
export async function cachedTemplate(kind: string, build: (staging: string) => Promise<void>): Promise<string> {
  const parent = join(CACHE, kind);
  const dir = join(parent, sourceKey());
  const done = join(dir, 'ready');
  if (existsSync(done)) return dir;
  mkdirSync(parent, { recursive: true });
  const lock = `${dir}.lock`;
  // A lock left by a run killed while building is older than any build takes.
  if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 300_000) rmSync(lock, { force: true });
  let held: number | undefined;
  try {
    held = openSync(lock, 'wx');
  } catch {
    for (let waited = 0; waited < 300_000 && !existsSync(done); waited += 250) await new Promise((r) => setTimeout(r, 250));
    if (existsSync(done)) return dir;
  }
  try {
    const staging = mkdtempSync(join(parent, 'staging-'));
    try {
      await build(staging);
      closeSync(openSync(join(staging, 'ready'), 'w'));
      renameSync(staging, dir);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(done)) throw error;
    }
  } finally {
    if (held !== undefined) {
      closeSync(held);
      rmSync(lock, { force: true });
    }
  }
  return dir;
}
