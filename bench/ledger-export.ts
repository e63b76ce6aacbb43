/**
 * `npm run bench:export` (issue 42 item 1): an xlsx export of a year's ledger of one account, 200,000
 * movements by default, against the real server in a child process on a fresh PGlite folder. It reports
 * the export's time, the server's resident memory before and at its highest during the export (sampled
 * every 100 ms from /proc), and another operator's list call (the account's ledger page) timed before
 * and during the export: p50, p95 and the ratio. Goals: under 60 s, under 150 MB of growth, the list
 * calls under 2× their p95.
 *
 * Settings: BENCH_EXPORT_ROWS (default 200000), BENCH_SAMPLES (list calls timed before, default 100),
 * BENCH_EXPORT_ALONE=1 (no list calls during the export, only the record polled every 250 ms: the export's own
 * memory and time, without the other operator's calls beside it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPGlite, pgliteDatabase } from '../server/db/open';
import { signInAs, type ApiClient } from '../tests/server/client';
import { rssMb, startServer } from './server-process';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 200_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const ALONE = process.env.BENCH_EXPORT_ALONE === '1';
const LEDGER = '/op/v1/quotas/ledger';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const figures = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, p50: +percentile(sorted, 50).toFixed(1), p95: +percentile(sorted, 95).toFixed(1) };
};

async function timed(client: ApiClient, body: Record<string, unknown>): Promise<number> {
  const started = performance.now();
  const answer = await client.call(`${LEDGER}/page`, { json: body });
  if (answer.body?.code !== '0') throw new Error(`ledger page failed: ${answer.text.slice(0, 300)}`);
  return performance.now() - started;
}

const dataDir = mkdtempSync(join(tmpdir(), 'scf-export-'));
try {
  // The demo world first, as on a real install; PGlite has one process at a time, so the server stops before the rows go in.
  await (await startServer(dataDir)).stop();
  const database = pgliteDatabase(createPGlite(join(dataDir, 'pglite')));
  const pglite = database.pglite!;
  const [{ id: accountId }] = (await pglite.query<{ id: string }>(`SELECT id FROM quota_accounts WHERE unit_id = 'unit-demo-group' ORDER BY id LIMIT 1`)).rows;
  const built = performance.now();
  // Freezes and their releases over a year: the account's figures stay as they were; the summaries are rebuilt once.
  // The deferred trigger that applies a transaction's summary changes at commit goes off too (as bench/scale/world.ts
  // does): it would queue one event per inserted row, and the table cannot be altered back while they are pending.
  await pglite.exec(`
    ALTER TABLE quota_ledger DISABLE TRIGGER quota_ledger_summaries;
    ALTER TABLE quota_ledger DISABLE TRIGGER summary_deltas_flush;
    INSERT INTO quota_ledger (account_id, movement, amount, d_frozen, available_after, remark, create_by, create_time)
    SELECT '${accountId}', m.movement, m.sign * (g % 99991 + 1) / 100.0, m.sign * (g % 99991 + 1) / 100.0, 0, 'bench', 'op_handler',
           now() - (${ROWS} - 2 * g) * interval '2 minutes'
      FROM generate_series(1, ${Math.ceil(ROWS / 2)}) g
      CROSS JOIN (VALUES ('FREEZE', 1, 1), ('UNFREEZE', -1, 2)) AS m(movement, sign, ord)
     ORDER BY g, m.ord;
    ALTER TABLE quota_ledger ENABLE TRIGGER quota_ledger_summaries;
    ALTER TABLE quota_ledger ENABLE TRIGGER summary_deltas_flush;
    SELECT quota_ledger_summaries_rebuild();`);
  const movements = (await pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM quota_ledger WHERE account_id = '${accountId}'`)).rows[0].n;
  console.log(`${movements.toLocaleString('en')} movements on the account in ${((performance.now() - built) / 1000).toFixed(0)} s`);
  await database.close();

  const server = await startServer(dataDir);
  try {
    const admin = await signInAs(server.baseUrl, 'op_admin');
    const reader = await signInAs(server.baseUrl, 'op_director');
    const pages = [1, 2, 5, 20].map((pageNum) => ({ accountId, pageNum, pageSize: 10 }));
    for (let i = 0; i < 10; i++) await timed(reader, pages[i % pages.length]);
    const before: number[] = [];
    for (let i = 0; i < SAMPLES; i++) before.push(await timed(reader, pages[i % pages.length]));
    const rssBefore = rssMb(server.child.pid!);

    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.child.pid!))), 100);
    const started = performance.now();
    const answer = await admin.call(`${LEDGER}/export`, { json: { accountId } });
    if (answer.body?.code !== '0') throw new Error(`export refused: ${answer.text.slice(0, 300)}`);
    const id = (answer.body.data as { id: string }).id;
    const during: number[] = [];
    let record: { status: string; rowCount: number | null; message?: string | null } | undefined;
    for (let i = 0; ; i++) {
      if (ALONE) await new Promise((resolve) => setTimeout(resolve, 250));
      else during.push(await timed(reader, pages[i % pages.length]));
      if (ALONE || i % 10 === 0) {
        const list = await admin.call('/op/v1/export/file-export-records/page', { json: { pageSize: 50 } });
        record = (list.body?.data as { records: Array<{ id: string; status: string; rowCount: number | null; message?: string | null }> }).records.find(
          (r) => r.id === id,
        );
        if (record && record.status !== 'PROCESSING') break;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);

    const calm = figures(before);
    const busy = ALONE ? { n: 0, p50: NaN, p95: NaN } : figures(during);
    console.table([
      { measure: 'export status', value: `${record!.status}${record!.message ? ` (${record!.message})` : ''}`, goal: 'SUCCESS' },
      { measure: 'rows written', value: record!.rowCount ?? 0, goal: movements },
      { measure: 'export time, s (includes the polling)', value: +seconds.toFixed(1), goal: '< 60' },
      { measure: 'server RSS before, MB', value: rssBefore, goal: '' },
      { measure: 'server RSS growth at its highest, MB', value: peak - rssBefore, goal: '< 150' },
      { measure: `ledger page before: p50 / p95 ms (${calm.n} calls)`, value: `${calm.p50} / ${calm.p95}`, goal: '' },
      { measure: `ledger page during: p50 / p95 ms (${busy.n} calls)`, value: `${busy.p50} / ${busy.p95}`, goal: '' },
      { measure: 'p95 during ÷ p95 before', value: +(busy.p95 / calm.p95).toFixed(2), goal: '< 2' },
    ]);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
