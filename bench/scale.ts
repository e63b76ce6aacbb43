/**
 * `npm run bench:scale` (issue 42): a large group's year of business (bench/scale/world.ts) built
 * straight into a fresh database, then the operators' busiest calls (bench/scale/lists.ts) timed as
 * signed calls against the real server in a child process, on PGlite and on PostgreSQL side by side,
 * with the server's resident memory. One table; goals beside the figures.
 *
 * Settings: BENCH_SCALE (fraction of the full year, default 1), BENCH_ENGINES (pglite,postgres by
 * default; PostgreSQL needs Debian's package), BENCH_SAMPLES (timed calls per row, default 100, after
 * 10 warm-up calls), BENCH_ONLY (a part of the call labels: time those calls alone), BENCH_WORLD (a
 * folder: each engine's built world is kept there, one folder per engine and scale, and the next run
 * with the same folder starts from it instead of building again; the server's start migrates it, so a
 * new migration and its backfill run on the kept world).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPGlite, pgliteDatabase } from '../server/db/open';
import { signInAs, type ApiClient } from '../tests/server/client';
import { postgresBinDir, startPostgres, type TestPostgres } from '../tests/server/postgres';
import { rssMb, startServer } from './server-process';
import { busyLists, DEEP_PAGE, screenCalls, type ScaleCall } from './scale/lists';
import { buildScaleWorld, checkScaleInvariants, sizesAt, type Exec, type Query } from './scale/world';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const samples = Number(process.env.BENCH_SAMPLES ?? 100);
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim());
/** BENCH_ONLY: a part of the call labels (e.g. "group tree") to time those alone. */
const only = process.env.BENCH_ONLY;
const sizes = sizesAt(scale);
const worldRoot = process.env.BENCH_WORLD;

/** What a kept world's folder says of itself (world.json, written once its build is checked). */
interface KeptWorld {
  scale: number;
  sizes: typeof sizes;
  build: Record<string, number>;
  builtAt: string;
  loadAverage: number[];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function time(client: ApiClient, call: ScaleCall, body: Record<string, unknown>) {
  const times: number[] = [];
  for (let i = 0; i < 10 + samples; i++) {
    const started = performance.now();
    const answer = await client.call(call.path, { json: body });
    const elapsed = performance.now() - started;
    if (answer.body?.code !== '0') throw new Error(`${call.path} failed: ${answer.text.slice(0, 300)}`);
    if (i >= 10) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  // The answer's size beside its time: a call whose answer grows with the data (all of a group's branches, a search's
  // matches) costs its own size, not a table's (issue 42, growth).
  const last = await client.call(call.path, { json: body });
  return {
    p50: +percentile(times, 50).toFixed(1),
    p95: +percentile(times, 95).toFixed(1),
    kB: +(last.text.length / 1024).toFixed(1),
    rows: rowsOf(last.body?.data),
  };
}

/** How many rows an answer holds: a page's records, a list's items, or the largest array among a whole-page answer's parts. */
function rowsOf(data: unknown): number {
  if (Array.isArray(data)) return data.length;
  if (!data || typeof data !== 'object') return 0;
  const record = data as Record<string, unknown>;
  if (Array.isArray(record.records)) return record.records.length;
  return Math.max(0, ...Object.values(record).map(rowsOf));
}

type Timed = { p50: number; p95: number; kB: number; rows: number; goalMs: number };

interface EngineRun {
  engine: string;
  build: Record<string, number>;
  rows: Map<string, Timed>;
  rssMb: number;
  broken: string[];
  /** When the kept world was built (BENCH_WORLD), if it was not built by this run. */
  kept?: string;
  loadAverage: number[];
}

async function runOn(engine: string): Promise<EngineRun> {
  // A kept world lives in BENCH_WORLD/<engine>-<scale>; without BENCH_WORLD, a temporary folder removed after the run.
  const dataDir = worldRoot ? join(worldRoot, `${engine}-${scale}`) : mkdtempSync(join(tmpdir(), 'scf-scale-'));
  mkdirSync(dataDir, { recursive: true });
  const marker = join(dataDir, 'world.json');
  const kept = existsSync(marker) ? (JSON.parse(readFileSync(marker, 'utf8')) as KeptWorld) : undefined;
  if (kept && kept.scale !== scale) throw new Error(`${dataDir} holds a world of scale ${kept.scale}, not ${scale}`);
  let postgres: TestPostgres | undefined;
  let databaseUrl = '';
  let exec: Exec;
  let query: Query;
  let close: () => Promise<void>;
  if (engine === 'postgres') {
    const binDir = postgresBinDir();
    if (!binDir) throw new Error('the PostgreSQL run needs PostgreSQL (Debian package postgresql); BENCH_ENGINES=pglite skips it');
    postgres = await startPostgres(binDir, worldRoot ? join(dataDir, 'postgres') : undefined);
    if (!kept && worldRoot) {
      // A kept cluster without world.json (a build that did not finish) is built again from an empty database.
      const admin = new pg.Client({ connectionString: postgres.urlOf('postgres') });
      await admin.connect();
      await admin.query('DROP DATABASE IF EXISTS scale WITH (FORCE)');
      await admin.end();
    }
    databaseUrl = kept ? postgres.urlOf('scale') : await postgres.createDatabase('scale');
  }
  // The same for PGlite's folder.
  if (!kept && worldRoot) rmSync(join(dataDir, 'pglite'), { recursive: true, force: true });
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    exec = (statement) => client.query(statement);
    query = async <T>(statement: string) => (await client.query(statement)).rows as T[];
    close = () => client.end();
  } else {
    // PGlite has one process at a time: opened here only once the server that made it has stopped (below).
    let database: ReturnType<typeof pgliteDatabase> | undefined;
    const open = () => (database ??= pgliteDatabase(createPGlite(join(dataDir, 'pglite'))));
    exec = (statement) => open().pglite!.exec(statement);
    query = async <T>(statement: string) => (await open().pglite!.query<T>(statement)).rows;
    close = async () => {
      await database?.close();
    };
  }
  let build: Record<string, number>;
  if (kept) {
    console.log(`${engine}: the world of scale ${scale} kept in ${dataDir} (built ${kept.builtAt}, load ${kept.loadAverage.join(' ')})`);
    build = kept.build;
  } else {
    // The demo world first, as on a real install (the server migrates and seeds; its seeds read the first
    // corporations they find), then the year's data beside it. PGlite has one process at a time: the server is stopped first.
    await (await startServer(dataDir, databaseUrl)).stop();
    console.log(`${engine}: building the world at scale ${scale}…`);
    build = await buildScaleWorld(exec, sizes, (line) => console.log(`  ${line}`));
  }
  const broken = await checkScaleInvariants(query);
  await close();
  if (!kept && worldRoot && !broken.length) {
    const world: KeptWorld = { scale, sizes, build, builtAt: new Date().toISOString(), loadAverage: loadavg().map((l) => +l.toFixed(1)) };
    writeFileSync(marker, JSON.stringify(world, null, 2));
  }

  const rows = new Map<string, Timed>();
  let rss = NaN;
  let loadAverage: number[] = [];
  const server = await startServer(dataDir, databaseUrl);
  try {
    const clients = new Map<string, ApiClient>();
    const clientOf = async (persona = 'op_admin') => {
      if (!clients.has(persona)) clients.set(persona, await signInAs(server.baseUrl, persona));
      return clients.get(persona)!;
    };
    for (const call of [...screenCalls(sizes), ...busyLists(sizes)].filter((c) => !only || c.label.includes(only))) {
      const client = await clientOf(call.persona);
      if (call.paged) {
        rows.set(`${call.label}, page 1`, { ...(await time(client, call, { ...call.body, pageNum: 1 })), goalMs: call.goalMs });
        rows.set(`${call.label}, page ${DEEP_PAGE}`, { ...(await time(client, call, { ...call.body, pageNum: DEEP_PAGE })), goalMs: call.goalMs });
      } else {
        rows.set(call.label, { ...(await time(client, call, call.body)), goalMs: call.goalMs });
      }
      console.log(`  ${engine}: ${call.label} timed`);
    }
    rss = rssMb(server.child.pid!);
    loadAverage = loadavg().map((l) => +l.toFixed(1));
  } finally {
    await server.stop();
    postgres?.stop();
    if (!worldRoot) rmSync(dataDir, { recursive: true, force: true });
  }
  return { engine, build, rows, rssMb: rss, broken, loadAverage, ...(kept ? { kept: kept.builtAt } : {}) };
}

const runs: EngineRun[] = [];
for (const engine of engines) runs.push(await runOn(engine));

console.log(
  `\nA large group's year at scale ${scale}: ${Object.entries(sizes)
    .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
    .join(', ')}`,
);
const table: Array<Record<string, string | number>> = [];
for (const label of runs[0].rows.keys()) {
  const row: Record<string, string | number> = { call: label, 'goal p95 ms': runs[0].rows.get(label)!.goalMs };
  for (const run of runs) {
    const figures = run.rows.get(label)!;
    row[`${run.engine} p50`] = figures.p50;
    row[`${run.engine} p95`] = figures.p95;
    row[`${run.engine} met`] = figures.p95 < figures.goalMs ? 'yes' : 'NO';
    row[`${run.engine} kB`] = figures.kB;
    row[`${run.engine} rows`] = figures.rows;
  }
  table.push(row);
}
console.table(table);
for (const run of runs) {
  console.log(
    `${run.engine}: built in ${Object.entries(run.build)
      .map(([k, v]) => `${k} ${v} s`)
      .join(
        ', ',
      )}${run.kept ? ` (kept world, built ${run.kept})` : ''}; server RSS after the calls ${run.rssMb} MB; load average after the calls ${run.loadAverage.join(' ')}; invariants ${run.broken.length ? `BROKEN: ${run.broken.join('; ')}` : 'hold'}`,
  );
}
