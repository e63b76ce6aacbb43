/**
 * `npm run bench:scale` (issue 42): a large group's year of business (bench/scale/world.ts) built
 * straight into a fresh database, then the operators' busiest calls (bench/scale/lists.ts) timed as
 * signed calls against the real server in a child process, on PGlite and on PostgreSQL side by side,
 * with the server's resident memory. One table; goals beside the figures.
 *
 * Settings: BENCH_SCALE (fraction of the full year, default 1), BENCH_ENGINES (pglite,postgres by
 * default; PostgreSQL needs Debian's package), BENCH_SAMPLES (timed calls per row, default 100, after
 * 10 warm-up calls), BENCH_ONLY (a part of the call labels: time those calls alone).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
  return { p50: +percentile(times, 50).toFixed(1), p95: +percentile(times, 95).toFixed(1) };
}

interface EngineRun {
  engine: string;
  build: Record<string, number>;
  rows: Map<string, { p50: number; p95: number; goalMs: number }>;
  rssMb: number;
  broken: string[];
}

async function runOn(engine: string): Promise<EngineRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scf-scale-'));
  let postgres: TestPostgres | undefined;
  let databaseUrl = '';
  let exec: Exec;
  let query: Query;
  let close: () => Promise<void>;
  if (engine === 'postgres') {
    const binDir = postgresBinDir();
    if (!binDir) throw new Error('the PostgreSQL run needs PostgreSQL (Debian package postgresql); BENCH_ENGINES=pglite skips it');
    postgres = await startPostgres(binDir);
    databaseUrl = await postgres.createDatabase('scale');
  }
  // The demo world first, as on a real install (the server migrates and seeds; its seeds read the first
  // corporations they find), then the year's data beside it. PGlite has one process at a time: the server is stopped first.
  await (await startServer(dataDir, databaseUrl)).stop();
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    exec = (statement) => client.query(statement);
    query = async <T>(statement: string) => (await client.query(statement)).rows as T[];
    close = () => client.end();
  } else {
    const database = pgliteDatabase(createPGlite(join(dataDir, 'pglite')));
    exec = (statement) => database.pglite!.exec(statement);
    query = async <T>(statement: string) => (await database.pglite!.query<T>(statement)).rows;
    close = () => database.close();
  }
  console.log(`${engine}: building the world at scale ${scale}…`);
  const build = await buildScaleWorld(exec, sizes, (line) => console.log(`  ${line}`));
  const broken = await checkScaleInvariants(query);
  await close();

  const rows = new Map<string, { p50: number; p95: number; goalMs: number }>();
  let rss = NaN;
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
  } finally {
    await server.stop();
    postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { engine, build, rows, rssMb: rss, broken };
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
  }
  table.push(row);
}
console.table(table);
for (const run of runs) {
  console.log(
    `${run.engine}: built in ${Object.entries(run.build)
      .map(([k, v]) => `${k} ${v} s`)
      .join(', ')}; server RSS after the calls ${run.rssMb} MB; invariants ${run.broken.length ? `BROKEN: ${run.broken.join('; ')}` : 'hold'}`,
  );
}
