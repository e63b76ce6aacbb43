/**
 * Benchmark: the signed, authenticated POST /op/v1/userInfo against the unsigned GET /api/web/health
 * of the same server. The goal is that the signed call keeps at least half the bare route's throughput.
 *
 * The server runs as the real app (server/main.ts) in a child process over a temporary DATA_DIR, so
 * it does not share an event loop with autocannon. Every signed request carries its own fresh nonce,
 * timestamp and signature from prepareRequest, used once. They are prepared just before each timed
 * run rather than inside it: signing is the browser's work, and on a small machine the load generator
 * signing in-line would measure itself (about 190 µs of its CPU per request here) more than the server.
 * Rounds alternate bare and signed runs and the medians are reported, because other processes on the
 * machine skew any single run. Server CPU per request comes from /proc and does not depend on the
 * load generator.
 *
 * Second part: the dict-data page call over 100,000 items of one dictionary type (seeded with one
 * INSERT ... SELECT generate_series into the temporary database before the server starts), filtered
 * by label (contains) and ordered by dictSort: 200 sequential signed calls after a warm-up, p50/p95.
 * Goal: p95 under 20 ms on PGlite.
 *
 * BENCH_POSTGRES=1 runs the server on a throwaway PostgreSQL (tests/server/postgres.ts: Debian's package,
 * a cluster in a temporary folder) instead of PGlite; the database's work then happens in PostgreSQL's
 * own processes, which the server CPU column does not count.
 *
 * Settings: BENCH_DURATION (seconds per run, default 10), BENCH_CONNECTIONS (default 10), BENCH_ROUNDS (default 3),
 * BENCH_NODE_ARGS (extra node flags for the server process), BENCH_DICT_ONLY=1 (only the dict-data part),
 * BENCH_THROUGHPUT_ONLY=1 (only the throughput part),
 * BENCH_DICT_INDEX=off (drop the label's trigram index first, to see the figures without it).
 *
 * Third part: the quota ledger (server/quotas). One account with BENCH_QUOTA_ROWS ledger rows (default
 * 1,000,000, inserted with generate_series before the server starts, balances matching the rows):
 * the account's balance (accounts/find-by-id) and a ledger page (newest first, unfiltered, and
 * filtered to one day), 200 sequential signed calls each after a warm-up, p50/p95. Goal: p95 under 20 ms
 * on PGlite. BENCH_QUOTA_ONLY=1 runs only this part.
 *
 * Fourth part: the credit-note list (server/credit-notes/notes.ts). BENCH_NOTE_ROWS notes (default
 * 1,000,000) over 100 holders, four stored statuses and due dates spread over two years around today:
 * one holder's notes filtered by status (已签发, and 已逾期, which is computed from the due date) and
 * sorted by due date, page 1 and a deep page, 200 sequential signed calls each after a warm-up, p50/p95.
 * Goal (issue 18): p95 under 30 ms on PGlite. BENCH_NOTES_ONLY=1 runs only this part.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPGlite, pgliteDatabase, postgresDatabase, type Database } from '../server/db/open';
import type { PreparedRequest } from '../src/protocol/request';
import { freePort } from '../tests/e2e/support/server';
import { signInAs, type ApiClient } from '../tests/server/client';
import { postgresBinDir, startPostgres, type TestPostgres } from '../tests/server/postgres';

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

// autocannon ships no type declarations; this is the part of its API used here.
type Autocannon = (options: { url: string; connections: number; duration: number; requests: AutocannonRequest[] }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  /** Server CPU time per answered request, µs; NaN where /proc is unavailable. */
  serverCpuUs: number;
}

async function waitForHealth(baseUrl: string, deadline = Date.now() + 120_000): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/web/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start within 120 s');
}

/** CPU seconds (user + system) the process has used, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return NaN;
  const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Signed requests, each used once; if the pool runs dry the rest are signed on the spot, never replayed. */
function signedRoute(client: ApiClient, count: number): AutocannonRequest {
  const pool: PreparedRequest[] = Array.from({ length: count }, () => client.prepare('/op/v1/userInfo'));
  let next = 0;
  return {
    method: 'POST',
    setupRequest: (request) => {
      const prepared = pool[next++] ?? client.prepare('/op/v1/userInfo');
      return { ...request, path: prepared.url, headers: prepared.headers };
    },
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'scf-bench-'));

const BENCH_DICT_TYPE = 'bench_items';
const BENCH_DICT_ROWS = 100_000;

let postgres: TestPostgres | undefined;
let databaseUrl = '';
if (process.env.BENCH_POSTGRES === '1') {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error('BENCH_POSTGRES=1 needs PostgreSQL (Debian package postgresql)');
  postgres = await startPostgres(binDir);
  databaseUrl = await postgres.createDatabase('bench');
}

/** Migrates the bench database and adds 100,000 items of one type, before the server opens it. */
async function seedDictItems(): Promise<void> {
  let database: Database;
  let exec: (statement: string) => Promise<unknown>;
  if (databaseUrl) {
    database = postgresDatabase(databaseUrl);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    exec = (statement) => client.query(statement);
    const close = database.close;
    database.close = async () => {
      await client.end();
      await close();
    };
  } else {
    const client = createPGlite(join(dataDir, 'pglite'));
    database = pgliteDatabase(client);
    exec = (statement) => client.exec(statement);
  }
  await database.migrate();
  await exec(`INSERT INTO sys_dict_type (id, dict_name, dict_type) VALUES ('bench-type', '基准测试', '${BENCH_DICT_TYPE}')`);
  // Labels 标签1..标签100000; sorts a permutation of 0..99999, so the order is not the insertion order.
  await exec(`INSERT INTO sys_dict_data (id, dict_type, dict_label, dict_value, dict_sort)
    SELECT 'bench-' || i, '${BENCH_DICT_TYPE}', '标签' || i, 'v' || i, (i * 7919) % ${BENCH_DICT_ROWS}
    FROM generate_series(1, ${BENCH_DICT_ROWS}) AS i`);
  if (process.env.BENCH_DICT_INDEX === 'off') await exec('DROP INDEX sys_dict_data_label_trgm_idx');
  await exec('ANALYZE sys_dict_data');
  if (parts.quota) await seedQuotaLedger(exec);
  if (parts.notes) await seedCreditNotes(exec);
  await database.close();
}

const BENCH_NOTE_ROWS = Number(process.env.BENCH_NOTE_ROWS ?? 1_000_000);
const BENCH_NOTE_HOLDER = 'bench-holder-7';

/** Which parts run: each ONLY variable runs its part alone; none runs them all. */
const only = {
  quota: process.env.BENCH_QUOTA_ONLY === '1',
  notes: process.env.BENCH_NOTES_ONLY === '1',
  dict: process.env.BENCH_DICT_ONLY === '1',
  throughput: process.env.BENCH_THROUGHPUT_ONLY === '1',
};
const anyOnly = Object.values(only).some(Boolean);
const parts = { quota: only.quota || !anyOnly, notes: only.notes || !anyOnly, dict: only.dict || !anyOnly, throughput: only.throughput || !anyOnly };

/**
 * Issued notes as the final approval leaves them (server/credit-notes/issuance.ts): note i is held by
 * holder i % 100, status by i % 4 (issued, financed, redeemed, split), due from a year ago to a year
 * ahead; amounts 1,000.00 to 100,999.00.
 */
async function seedCreditNotes(exec: (statement: string) => Promise<unknown>): Promise<void> {
  const n = BENCH_NOTE_ROWS;
  const started = performance.now();
  // The split-conservation trigger (migration 0013) runs once per inserted row at commit; these notes
  // have no children, so it has nothing to check here and would only multiply the seeding time.
  await exec('ALTER TABLE credit_notes DISABLE TRIGGER credit_notes_split_conserved');
  await exec(`INSERT INTO credit_notes (id, note_no, parent_id, root_id, group_id, issuer_unit_id, issuer_name, quota_account_id, holder_corp_id, holder_name, amount, issue_date, due_date, product_name, status)
    SELECT 'bench-note-' || i, 'CN2026' || lpad(i::text, 12, '0'), NULL, 'bench-note-' || i, 'bench-group', 'bench-unit', '基准测试集团', 'bench-account',
      'bench-holder-' || (i % 100), '基准供应商' || (i % 100), 1000.00 + (i % 100000),
      current_date - 400 + (i % 365), current_date - 365 + (i % 730), '基准产品',
      (ARRAY['ISSUED', 'FINANCED', 'REDEEMED', 'SPLIT'])[1 + (i / 100) % 4]
    FROM generate_series(1, ${n}) AS i`);
  await exec('ALTER TABLE credit_notes ENABLE TRIGGER credit_notes_split_conserved');
  await exec('VACUUM ANALYZE credit_notes');
  console.log(`credit notes: ${n} rows seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function creditNoteList(admin: ApiClient): Promise<void> {
  console.log(`credit notes: ${BENCH_NOTE_ROWS} notes, one holder's (${BENCH_NOTE_ROWS / 100}) filtered by status, sorted by due date:`);
  const page = (label: string, body: Record<string, unknown>) =>
    timeQuotaCall(admin, label, '/op/v1/credit-notes/notes/page', { holderCorpId: BENCH_NOTE_HOLDER, pageSize: 20, ...body });
  const rows = [
    await page('已签发, page 1', { status: 'ISSUED', pageNum: 1 }),
    await page('已签发, page 50', { status: 'ISSUED', pageNum: 50 }),
    await page('已逾期 (computed), page 1', { status: 'OVERDUE', pageNum: 1 }),
    await page('已兑付, page 1', { status: 'REDEEMED', pageNum: 1 }),
  ];
  console.table([...rows, await timeQuotaCall(admin, 'baseline: signed userInfo', '/op/v1/userInfo', {})]);
  const worst = Math.max(...rows.map((r) => r['p95 ms']));
  console.log(`credit-note list p95: ${worst} ms (goal: under 30) -> ${worst < 30 ? 'met' : 'NOT met'}`);
}

const BENCH_QUOTA_ROWS = Number(process.env.BENCH_QUOTA_ROWS ?? 1_000_000);
const BENCH_QUOTA_ACCOUNT = 'bench-quota-account';

/**
 * One platform quota of a group unit: a grant, then freezes and unfreezes of 1.00 in turn, one every
 * 30 seconds back from now; the account row holds what the rows sum to (movements included).
 */
async function seedQuotaLedger(exec: (statement: string) => Promise<unknown>): Promise<void> {
  const n = BENCH_QUOTA_ROWS;
  const freezes = Math.floor((n - 1 + 1) / 2);
  const unfreezes = n - 1 - freezes;
  const frozen = freezes - unfreezes;
  const started = performance.now();
  await exec(`INSERT INTO group_units (id, group_id, parent_id, kind, unit_name) VALUES ('bench-unit', 'bench-unit', NULL, 'GROUP', '基准测试集团')`);
  await exec(`INSERT INTO quota_accounts (id, kind, channel, grantor_id, unit_id, group_id, granted, frozen, movements, term_end)
    VALUES ('${BENCH_QUOTA_ACCOUNT}', 'PLATFORM', 'PLATFORM', 'PLATFORM', 'bench-unit', 'bench-unit', 1000000.00, ${frozen}.00, ${n}, '2099-12-31')`);
  // Row 1 grants 1,000,000.00; even rows freeze 1.00, odd rows unfreeze it.
  await exec(`INSERT INTO quota_ledger (account_id, movement, amount, d_granted, d_frozen, available_after, remark, create_by, create_time)
    SELECT '${BENCH_QUOTA_ACCOUNT}',
      CASE WHEN i = 1 THEN 'GRANT' WHEN i % 2 = 0 THEN 'FREEZE' ELSE 'UNFREEZE' END,
      CASE WHEN i = 1 THEN 1000000.00 ELSE 1.00 END,
      CASE WHEN i = 1 THEN 1000000.00 ELSE 0 END,
      CASE WHEN i = 1 THEN 0 WHEN i % 2 = 0 THEN 1.00 ELSE -1.00 END,
      CASE WHEN i % 2 = 0 THEN 999999.00 ELSE 1000000.00 END,
      '基准流水', 'bench', now() - (${n} - i) * interval '30 seconds'
    FROM generate_series(1, ${n}) AS i`);
  await exec('ANALYZE quota_ledger');
  console.log(`quota ledger: ${n} rows seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // The database's own time for the two reads, without HTTP, the protocol or a busy machine's queue.
  const executionMs = async (query: string) => {
    const answer = (await exec(`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`)) as
      { rows: Array<Record<string, unknown>> } | Array<{ rows: Array<Record<string, unknown>> }>;
    const rows = Array.isArray(answer) ? answer[0].rows : answer.rows;
    return (rows[0]['QUERY PLAN'] as Array<{ 'Execution Time': number }>)[0]['Execution Time'];
  };
  const queries = {
    'balance (the account row)': `SELECT * FROM quota_accounts WHERE id = '${BENCH_QUOTA_ACCOUNT}'`,
    'ledger page 1 (20 newest)': `SELECT * FROM quota_ledger WHERE account_id = '${BENCH_QUOTA_ACCOUNT}' ORDER BY id DESC LIMIT 20 OFFSET 0`,
    'ledger count, one day': `SELECT count(*) FROM quota_ledger WHERE account_id = '${BENCH_QUOTA_ACCOUNT}' AND create_time >= now() - interval '2 days' AND create_time <= now() - interval '1 day'`,
  };
  const table: Array<Record<string, string | number>> = [];
  for (const [label, query] of Object.entries(queries)) {
    const times: number[] = [];
    for (let i = 0; i < 25; i++) times.push(await executionMs(query));
    times.sort((a, b) => a - b);
    table.push({ query: label, 'execution p50 ms': +percentile(times, 50).toFixed(3), 'execution p95 ms': +percentile(times, 95).toFixed(3) });
  }
  console.table(table);
}

/** Sequential signed calls of one quota read: p50 / p95 as the browser sees them. */
async function timeQuotaCall(client: ApiClient, label: string, path: string, body: Record<string, unknown>, samples = 200, warmUp = 20) {
  const times: number[] = [];
  let shown = '';
  for (let i = 0; i < warmUp + samples; i++) {
    const started = performance.now();
    const answer = await client.call<{ total?: number; available?: string }>(path, { json: body });
    const elapsed = performance.now() - started;
    if (answer.body?.code !== '0') throw new Error(`${path} failed: ${answer.text}`);
    const data = answer.body.data!;
    shown = data.total !== undefined ? `total ${data.total}` : data.available !== undefined ? `available ${data.available}` : '-';
    if (i >= warmUp) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { call: label, answer: shown, 'p50 ms': +percentile(times, 50).toFixed(2), 'p95 ms': +percentile(times, 95).toFixed(2) };
}

async function quotaLedger(admin: ApiClient): Promise<void> {
  console.log(`quota ledger: one account with ${BENCH_QUOTA_ROWS} ledger rows:`);
  const day = new Date(Date.now() - 2 * 24 * 3600_000);
  const rows = [
    await timeQuotaCall(admin, 'balance (accounts/find-by-id)', '/op/v1/quotas/accounts/find-by-id', { id: BENCH_QUOTA_ACCOUNT }),
    await timeQuotaCall(admin, 'ledger page 1, newest first', '/op/v1/quotas/ledger/page', { accountId: BENCH_QUOTA_ACCOUNT, pageNum: 1, pageSize: 20 }),
    await timeQuotaCall(admin, 'ledger page 1, one day', '/op/v1/quotas/ledger/page', {
      accountId: BENCH_QUOTA_ACCOUNT,
      pageNum: 1,
      pageSize: 20,
      createTimeStart: day.toISOString(),
      createTimeEnd: new Date(day.getTime() + 24 * 3600_000).toISOString(),
    }),
  ];
  // The same signed round trip with (almost) no data: what the protocol, HTTP and a busy machine cost.
  console.table([...rows, await timeQuotaCall(admin, 'baseline: signed userInfo', '/op/v1/userInfo', {})]);
  const worst = Math.max(...rows.map((r) => r['p95 ms']));
  console.log(`quota balance and ledger page p95: ${worst} ms (goal: under 20) -> ${worst < 20 ? 'met' : 'NOT met'}`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Sequential signed page calls: latency as the browser sees it, one at a time. */
async function timeDictPage(client: ApiClient, dictLabel: string, dictType = BENCH_DICT_TYPE, samples = 200, warmUp = 20) {
  const body = { dictType, dictLabel, orderBy: [{ field: 'dictSort', order: 'asc' }], pageNum: 1, pageSize: 20 };
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < warmUp + samples; i++) {
    const started = performance.now();
    const answer = await client.call<{ total: number }>('/op/v1/sys/dict-datas/page', { json: body });
    const elapsed = performance.now() - started;
    if (answer.body?.code !== '0') throw new Error(`dict-data page failed: ${answer.text}`);
    total = answer.body.data!.total;
    if (i >= warmUp) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return {
    filter: `${dictType}: dictLabel contains '${dictLabel}'`,
    matches: total,
    'p50 ms': +percentile(times, 50).toFixed(2),
    'p95 ms': +percentile(times, 95).toFixed(2),
  };
}

await seedDictItems();
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
// Warnings only: per-request info logs would measure the log pipe, not the protocol.
// BENCH_NODE_ARGS passes flags to the server's node, e.g. --cpu-prof to profile it under this load.
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function measure(label: string, request: AutocannonRequest, seconds: number): Promise<Measurement> {
  const cpuBefore = cpuSeconds(child.pid!);
  const result = await autocannon({ url: baseUrl, connections, duration: seconds, requests: [request] });
  const cpu = cpuSeconds(child.pid!) - cpuBefore;
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, serverCpuUs: (cpu * 1e6) / result.requests.total };
}

/** Throughput of the signed userInfo call against the bare health route (the first benchmark). */
async function throughput(admin: ApiClient): Promise<void> {
  const bare: AutocannonRequest = { method: 'GET', path: '/api/web/health' };

  console.log(`${rounds} rounds of ${duration} s per route, ${connections} connections, after a warm-up...`);
  await measure('warm-up bare', bare, 2);
  let expectedSignedRps = (await measure('warm-up signed', signedRoute(admin, 20_000), 2)).rps;

  const results: Record<'bare' | 'signed', Measurement[]> = { bare: [], signed: [] };
  for (let round = 1; round <= rounds; round++) {
    results.bare.push(await measure('bare', bare, duration));
    // Room for twice the last rate; any shortfall is signed on the spot.
    const signed = await measure('signed', signedRoute(admin, Math.ceil(expectedSignedRps * duration * 2)), duration);
    results.signed.push(signed);
    expectedSignedRps = signed.rps;
    console.log(`round ${round}: bare ${Math.round(results.bare.at(-1)!.rps)} req/s, signed ${Math.round(signed.rps)} req/s`);
  }

  const row = (route: string, runs: Measurement[]) => ({
    route,
    'req/s (median)': Math.round(median(runs.map((r) => r.rps))),
    'p50 ms': median(runs.map((r) => r.p50)),
    'p99 ms': median(runs.map((r) => r.p99)),
    'server CPU µs/req': Math.round(median(runs.map((r) => r.serverCpuUs))),
  });
  const bareRow = row('GET /api/web/health (unsigned)', results.bare);
  const signedRow = row('POST /op/v1/userInfo (signed, session, CSRF)', results.signed);
  console.table([bareRow, signedRow]);
  const ratio = signedRow['req/s (median)'] / bareRow['req/s (median)'];
  console.log(`signed / bare throughput: ${ratio.toFixed(2)} (goal: at least 0.50) -> ${ratio >= 0.5 ? 'met' : 'NOT met'}`);
  console.log(`signed / bare server CPU per request: ${(signedRow['server CPU µs/req'] / bareRow['server CPU µs/req']).toFixed(1)}x`);
}

try {
  await waitForHealth(baseUrl);
  const admin = await signInAs(baseUrl, 'op_admin');

  console.log(`database: ${databaseUrl ? 'PostgreSQL (throwaway cluster)' : 'PGlite'}`);
  if (parts.quota) await quotaLedger(admin);
  if (parts.notes) await creditNoteList(admin);
  if (parts.dict) {
    console.log(`dict-data page over ${BENCH_DICT_ROWS} items, ordered by dictSort, trigram index ${process.env.BENCH_DICT_INDEX === 'off' ? 'OFF' : 'on'}:`);
    // 3+ characters can use the trigram index; 2 characters cannot (pg_trgm needs a whole trigram).
    const dictRows = [await timeDictPage(admin, '777'), await timeDictPage(admin, '标签9999'), await timeDictPage(admin, '77')];
    // The same call on a two-item dictionary: what the protocol and HTTP cost without the data.
    console.table([...dictRows, await timeDictPage(admin, '正', 'sys_normal_disable')]);
    const worst = Math.max(...dictRows.slice(0, 2).map((r) => r['p95 ms']));
    console.log(`dict-data page p95 (3+ character terms): ${worst} ms (goal: under 20) -> ${worst < 20 ? 'met' : 'NOT met'}`);
  }
  if (parts.throughput) await throughput(admin);
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
