/**
 * `npm run bench:month-end` (issue 42): a hundred operators at month end against two server processes
 * on one PostgreSQL. It starts its own cluster (initdb and pg_ctl in a temporary folder, a free port),
 * lets the first process migrate and seed the demo world, starts a second on the same database, signs
 * in the operators alternately on either, and runs them for a while: handlers list and search, split
 * notes, record payments and submit quota dispatches; directors work their to-do list (open a task, its
 * history, approve it) and audit payments; auditors read the lists, the ledger and the dashboard. Then
 * it prints the errors, p50/p95 per kind of call, and checks every money invariant on the database:
 * balances = ledger sums, a split note = the sum of its parts, and every dashboard summary and list
 * count = what its rebuild makes from the raw rows. It also samples how many sessions wait for a lock meanwhile.
 *
 * The month's notes are made before the timed run (bench/month-end-notes.ts): each desk, two handlers working one
 * supplier's notes, gets BENCH_DESK_NOTES (default 80) issued notes, which its handlers find by their numbers and split and
 * pay (a note they paid is pending audit: they do not pick it again); BENCH_BACKLOG (default 1,000) more are paid through
 * the API before the run, so the directors' audit has its queue from the first second, and each director audits from one
 * of its first pages, not all thirty from its top. The run prints how many of each write were done and how many lost a race.
 *
 * An answer that says another operator got there first (the note already split, the task already
 * done) is a refusal the protocol promises, counted apart; an error is a 5xx, a dropped connection or
 * any other refusal.
 *
 * Settings: BENCH_OPERATORS (default 100), BENCH_SECONDS (default 60), BENCH_THINK_MS (default 200-500: the
 * pause of each operator between two actions, drawn evenly from the range). The default keeps every operator
 * acting two to five times a second, a load test's pace (about 170 calls a second from 100 operators); a person
 * reading a list or a task before the next click takes seconds, so `BENCH_THINK_MS=2000-5000` is an operator's
 * pace. The run prints which it used. BENCH_WARMUP_SECONDS (default 10): the calls started in the run's first seconds
 * are the warm-up (each server process compiling its code paths, opening its connections, PostgreSQL preparing each
 * statement once a connection), printed apart; the table and its p95 are of the calls after it, as bench:scale times
 * its calls after warm-up (issue 42). Each operator's first action comes after a pause drawn as between two actions:
 * a hundred people do not click in the same millisecond.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEMO_CORP } from '../server/corporations/demo-seed';
import { REDEMPTION_CALLS } from '../src/lib/redemption';
import { fenOf, yuan } from '../src/lib/money';
import { dataOf, signInAs, type ApiClient } from '../tests/server/client';
import { postgresBinDir, startPostgres } from '../tests/server/postgres';
import { makeIssuedNotes, type MadeNote } from './month-end-notes';
import { checkScaleInvariants } from './scale/world';
import { startServer } from './server-process';

const OPERATORS = Number(process.env.BENCH_OPERATORS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const [THINK_MIN, THINK_MAX] = (process.env.BENCH_THINK_MS ?? '200-500').split('-').map(Number);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
if (!(WARMUP_SECONDS >= 0 && WARMUP_SECONDS < SECONDS))
  throw new Error(`BENCH_WARMUP_SECONDS: seconds from 0 to under BENCH_SECONDS, not ${process.env.BENCH_WARMUP_SECONDS}`);
if (!(THINK_MIN >= 0 && THINK_MAX >= THINK_MIN)) throw new Error(`BENCH_THINK_MS: a range "min-max" in ms, not ${process.env.BENCH_THINK_MS}`);
const WF = '/op/v1/workflow';
const QUOTAS = '/op/v1/quotas';
const NOTES = '/op/v1/credit-notes/notes';
const TERM = `${new Date().getFullYear() + 2}-06-30`;
/** Notes made for each desk before the run (BENCH_DESK_NOTES), and payments waiting for the directors' audit when it starts (BENCH_BACKLOG). */
const DESK_NOTES = Number(process.env.BENCH_DESK_NOTES ?? 80);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 1000);
/** Two handlers work each desk (one enterprise's notes): they race each other now and then, as two colleagues would. */
const HANDLERS_PER_DESK = 2;
const deskPrefix = (desk: number) => `MEH${String(desk).padStart(3, '0')}-`;
const BACKLOG_PREFIX = 'MEB-';

/** Answers that say another operator changed the thing first: the protocol's refusal of a lost race, not a fault. */
const LOST_RACE = new Set([
  'TASK_COMPLETED', // another director approved it
  'DATA_VERSION_CONFLICT', // changed since it was read
  'CREDIT_NOTE_NOT_SPLITTABLE', // split, claimed or redeemed since the list was read
  'CREDIT_NOTE_CLAIMED', // another handler's pending payment holds the note
  'CREDIT_PAYMENT_NOT_REDEEMABLE', // redeemed since the list was read (recording a payment)
  'CREDIT_NOTE_NOT_REDEEMABLE', // its note redeemed since the payment was recorded (its audit)
  'CREDIT_PAYMENT_AUDITED', // another director audited it
]);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

class Tally {
  /** Calls started before this moment (performance.now()) are the warm-up's: timed apart. */
  warmupUntil = Infinity;
  times = new Map<string, number[]>();
  warmup: number[] = [];
  lostRaces = new Map<string, number>();
  /** Calls answered 0 (done), by kind: how much of the month's work happened. */
  done = new Map<string, number>();
  /** Calls answered, by kind, over the whole run (the warm-up's too, as `done` and the lost races count them). */
  answered = new Map<string, number>();
  errors: string[] = [];

  async call<T>(client: ApiClient, kind: string, path: string, json: unknown = {}): Promise<T | undefined> {
    const started = performance.now();
    let answer;
    try {
      answer = await client.call<T>(path, { json });
    } catch (error) {
      this.errors.push(`${kind}: ${String(error)}`);
      return undefined;
    }
    const elapsed = performance.now() - started;
    this.answered.set(kind, (this.answered.get(kind) ?? 0) + 1);
    if (started < this.warmupUntil) this.warmup.push(elapsed);
    else {
      if (!this.times.has(kind)) this.times.set(kind, []);
      this.times.get(kind)!.push(elapsed);
    }
    if (answer.body?.code === '0') {
      this.done.set(kind, (this.done.get(kind) ?? 0) + 1);
      return answer.body.data as T;
    }
    const code = String(answer.body?.code ?? answer.status);
    if (answer.status < 500 && LOST_RACE.has(code)) this.lostRaces.set(`${kind}: ${code}`, (this.lostRaces.get(`${kind}: ${code}`) ?? 0) + 1);
    else this.errors.push(`${kind} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
    return undefined;
  }
}

const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** An operator's pause between two actions (BENCH_THINK_MS). */
const think = () => pause(THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN));

interface NoteRow {
  id: string;
  amount: string;
  holderCorpId: string;
  issuerUnitId: string;
  status: string;
}

/** The group, branch and funded account the handlers dispatch from (as dashboard-summaries.test.ts makes them). */
async function dispatchSource(handler: ApiClient, director: ApiClient, db: pg.Client) {
  const { id: groupId } = await dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'GROUP', corpId: DEMO_CORP.northCore });
  const branches = await Promise.all(
    [1, 2, 3].map((n) => dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'BRANCH', parentId: groupId, unitName: `月末下发分公司${n}` })),
  );
  const { taskId } = await dataOf<{ taskId: string }>(handler, `${QUOTAS}/requests/apply`, {
    kind: 'PLATFORM',
    unitId: groupId,
    amount: '90000000.00',
    termEnd: TERM,
    reason: '月末额度',
  });
  await dataOf(director, `${WF}/tasks/complete`, { taskId, outcome: 'PASS', remark: '同意' });
  const { rows } = await db.query<{ id: string }>('SELECT id FROM quota_accounts WHERE unit_id = $1', [groupId]);
  return { accountId: rows[0].id, branchIds: branches.map((b) => b.id) };
}

/** The backlog: payments recorded before the run through the API, one note each, so the directors' audit has work from its first second. */
async function recordBacklog(handler: ApiClient, notes: readonly MadeNote[]) {
  const valueDate = new Date().toISOString().slice(0, 10);
  for (let i = 0; i < notes.length; i += 10)
    await Promise.all(
      notes.slice(i, i + 10).map((n) =>
        dataOf(handler, REDEMPTION_CALLS.addPayment, {
          payerUnitId: n.issuerUnitId,
          amount: yuan(n.fen),
          valueDate,
          bankSerialNo: `MEB${randomUUID().slice(0, 12)}`,
          noteIds: [n.id],
        }),
      ),
    );
}

/** What a handler remembers between two actions: the notes it has paid (a pending payment holds them, though the list still shows them 已签发). */
interface Desk {
  prefix: string;
  paid: Set<string>;
}

async function handlerLoop(client: ApiClient, tally: Tally, until: number, source: { accountId: string; branchIds: string[] }, desk: Desk) {
  /** The desk's issued notes, as the handler filters the list by its enterprise's note numbers; less the ones it paid itself. */
  const deskNotes = async () => {
    const page = await tally.call<{ records: NoteRow[] }>(client, 'notes list', `${NOTES}/page`, { status: 'ISSUED', noteNo: desk.prefix, pageSize: 50 });
    return (page?.records ?? []).filter((n) => !desk.paid.has(n.id));
  };
  // One action; a return ends it early (nothing to split or pay), and the operator still pauses before the next.
  const act = async () => {
    const roll = Math.random();
    if (roll < 0.35) {
      await tally.call(client, 'notes list', `${NOTES}/page`, { pageNum: 1 + Math.floor(Math.random() * 3), pageSize: 20 });
    } else if (roll < 0.5) {
      await tally.call(client, 'corporations search', '/op/v1/corporations/page', { corpName: pick(['钢材', '水泥', '建材', '电缆']), pageSize: 20 });
    } else if (roll < 0.7) {
      const note = pick((await deskNotes()).filter((n) => fenOf(n.amount) >= 2000n));
      if (!note) return;
      // To another of the demo's suppliers (never the holder itself: that split is refused).
      const to = pick([...Array(8).keys()].map((k) => DEMO_CORP.supplier(k + 1)).filter((id) => id !== note.holderCorpId))!;
      await tally.call(client, 'split a note', `${NOTES}/split`, { noteId: note.id, toCorpId: to, amount: yuan(fenOf(note.amount) / 4n) });
    } else if (roll < 0.85) {
      const note = pick(await deskNotes());
      if (!note) return;
      const paid = await tally.call(client, 'record a payment', REDEMPTION_CALLS.addPayment, {
        payerUnitId: note.issuerUnitId,
        amount: note.amount,
        valueDate: new Date().toISOString().slice(0, 10),
        bankSerialNo: `ME${randomUUID().slice(0, 12)}`,
        noteIds: [note.id],
      });
      if (paid) desk.paid.add(note.id);
    } else {
      await tally.call(client, 'submit a dispatch', `${QUOTAS}/requests/dispatch`, {
        accountId: source.accountId,
        reason: '月末下发',
        lines: [
          { unitId: pick(source.branchIds)!, amount: `${1 + Math.floor(Math.random() * 99)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}` },
        ],
      });
    }
  };
  await think(); // the first action comes after a pause, as every other
  while (Date.now() < until) {
    await act();
    await think();
  }
}

/** The process the bench's dispatches start: the tasks its directors approve with a plain 通过 (a financing's needs its files reviewed first). */
const DISPATCH_PROCESS = 'Process_LMT_DISPATCH_AUDIT';

async function directorLoop(client: ApiClient, tally: Tally, until: number) {
  let pendingPages = 1;
  await think(); // the first action comes after a pause, as every other
  while (Date.now() < until) {
    const roll = Math.random();
    if (roll < 0.6) {
      const todo = await tally.call<{ records: Array<{ id: string; instanceId: string; processKey: string }> }>(client, 'to-do list', `${WF}/tasks/todo/page`, {
        pageSize: 20,
      });
      const task = pick((todo?.records ?? []).filter((t) => t.processKey === DISPATCH_PROCESS));
      if (task) {
        await tally.call(client, 'open a task', `${WF}/tasks/find-by-id`, { taskId: task.id });
        await tally.call(client, 'open a task', `${WF}/instances/history`, { instanceId: task.instanceId });
        await tally.call(client, 'approve a task', `${WF}/tasks/complete`, { taskId: task.id, outcome: 'PASS', remark: '月末同意' });
      }
    } else {
      // A page of the pending payments among the first pages still there, as thirty directors share the queue instead of all taking its top.
      const payments = await tally.call<{ records: Array<{ id: string; status: string }>; total: number }>(client, 'payments list', REDEMPTION_CALLS.payments, {
        pageNum: 1 + Math.floor(Math.random() * Math.min(5, pendingPages)),
        pageSize: 20,
        status: 'PENDING',
      });
      if (payments) pendingPages = Math.max(1, Math.ceil(payments.total / 20));
      const payment = pick(payments?.records ?? []);
      if (payment) await tally.call(client, 'audit a payment', REDEMPTION_CALLS.audit, { id: payment.id, outcome: 'PASS', opinion: '到账一致' });
    }
    await think();
  }
}

async function auditorLoop(client: ApiClient, tally: Tally, until: number, accountId: string) {
  const reads: Array<[string, string, Record<string, unknown>]> = [
    ['operation log', '/op/v1/sys/operation-logs/page', { pageSize: 20 }],
    ['approval instances', `${WF}/instances/page`, { pageSize: 20 }],
    ['quota ledger', `${QUOTAS}/ledger/page`, { accountId, pageSize: 20 }],
    ['dashboard', '/op/v1/dashboard/overview', {}],
    ['notes list', `${NOTES}/page`, { pageSize: 20 }],
  ];
  await think(); // the first action comes after a pause, as every other
  while (Date.now() < until) {
    const [kind, path, body] = pick(reads)!;
    await tally.call(client, kind, path, body);
    await think();
  }
}

/** Every summary table read as rows, kept and as its rebuild makes it from the raw rows (the rebuild rolled back). */
async function summariesOff(db: pg.Client): Promise<string[]> {
  const reads = {
    credit_note_due_totals: 'SELECT due_date::text, status, notes, amount::text FROM credit_note_due_totals ORDER BY 1, 2',
    credit_note_issue_totals: 'SELECT issue_date::text, notes, amount::text FROM credit_note_issue_totals ORDER BY 1',
    credit_note_holder_totals: 'SELECT holder_corp_id, notes, amount::text FROM credit_note_holder_totals ORDER BY 1',
    workflow_end_bins: 'SELECT bin::text, status, instances FROM workflow_end_bins ORDER BY 1, 2',
    corporation_type_counts: 'SELECT corp_type, admission_status, corporations FROM corporation_type_counts ORDER BY 1, 2',
    quota_recycle_bins: 'SELECT bin::text, movements, amount::text FROM quota_recycle_bins ORDER BY 1',
    list_row_counts: 'SELECT table_name, sum(rows)::text FROM list_row_counts GROUP BY 1 ORDER BY 1',
  };
  const read = async () => {
    const rows: Record<string, string> = {};
    for (const [k, q] of Object.entries(reads)) rows[k] = JSON.stringify((await db.query(q)).rows);
    return rows;
  };
  const kept = await read();
  await db.query('BEGIN');
  await db.query('SELECT dashboard_summaries_rebuild(), quota_ledger_summaries_rebuild(), list_row_counts_rebuild()');
  const rebuilt = await read();
  await db.query('ROLLBACK');
  return Object.keys(reads)
    .filter((k) => kept[k] !== rebuilt[k])
    .map((k) => `${k}: the kept rows differ from its rebuild`);
}

/**
 * Samples, every 500 ms while the operators run, how many of the database's sessions wait for a lock (a row
 * another transaction holds: the dispatch source's account, a task): the contention behind the writers' p95,
 * which the machine's load moves far less than it moves the latencies.
 */
function sampleLockWaits(db: pg.Client, until: number, sourceAccountId: string, issuingAccountIds: string[]) {
  const waiting: number[] = [];
  /** What the waiting sessions were running (the statement's start), by how many samples saw it wait. */
  const waitedIn = new Map<string, number>();
  const done = (async () => {
    while (Date.now() < until) {
      const { rows } = await db.query<{ query: string }>(
        // The statement's start, and what it waits for: a quota account's row by its role (the first waiter holds the row's tuple
        // lock and waits for the holder's transaction, the next wait for the tuple lock: either names the row), else the table
        // of the lock not granted, else its type (transactionid: a row of the statement's table).
        `SELECT left(regexp_replace(a.query, '\\s+', ' ', 'g'), 60) || ' [' || coalesce(
                  (SELECT CASE WHEN q.id = $1 THEN 'the dispatch source' WHEN q.id = ANY($2) THEN 'an issuing account' ELSE 'another quota account' END
                     FROM pg_locks t JOIN quota_accounts q ON q.ctid = format('(%s,%s)', t.page, t.tuple)::tid
                    WHERE t.pid = a.pid AND t.locktype = 'tuple' AND t.relation = 'quota_accounts'::regclass LIMIT 1),
                  (SELECT coalesce(l.relation::regclass::text, l.locktype) FROM pg_locks l WHERE l.pid = a.pid AND NOT l.granted LIMIT 1),
                  a.wait_event) || ']' AS query
           FROM pg_stat_activity a WHERE a.datname = current_database() AND a.wait_event_type = 'Lock'`,
        [sourceAccountId, issuingAccountIds],
      );
      waiting.push(rows.length);
      for (const { query } of rows) waitedIn.set(query, (waitedIn.get(query) ?? 0) + 1);
      await pause(500);
    }
  })();
  return async () => {
    await done;
    const sampled = waiting.length;
    const some = waiting.filter((n) => n > 0).length;
    const mean = waiting.reduce((sum, n) => sum + n, 0) / Math.max(1, sampled);
    const top = [...waitedIn].sort(([, a], [, b]) => b - a).slice(0, 6);
    return [
      `sessions waiting for a lock, sampled every 500 ms: in ${some} of ${sampled} samples, ${mean.toFixed(2)} on average, ${Math.max(0, ...waiting)} at most`,
      ...top.map(([query, n]) => `  ${n} waiting in: ${query}`),
    ].join('\n');
  };
}

async function main() {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error('bench:month-end needs PostgreSQL (Debian package postgresql)');
  const postgres = await startPostgres(binDir);
  const dataDir = mkdtempSync(join(tmpdir(), 'scf-month-end-'));
  const servers: Array<{ stop(): Promise<void>; baseUrl: string }> = [];
  const databaseUrl = await postgres.createDatabase('month_end');
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    console.log('starting two server processes on one PostgreSQL (the first migrates and seeds the demo world)…');
    servers.push(await startServer(dataDir, databaseUrl));
    servers.push(await startServer(dataDir, databaseUrl));
    await db.connect();
    const at = (i: number) => servers[i % 2].baseUrl;
    const [firstHandler, firstDirector] = await Promise.all([signInAs(at(0), 'op_handler'), signInAs(at(0), 'op_director')]);
    const source = await dispatchSource(firstHandler, firstDirector, db);
    const handlers = Array.from({ length: OPERATORS }, (_, i) => i % 10 < 5).filter(Boolean).length; // the roles' split below
    const desks = Math.ceil(handlers / HANDLERS_PER_DESK);
    let clock = performance.now();
    // Each desk's notes (a supplier's, worked by its two handlers) and the backlog's (paid before the run, waiting for the directors' audit).
    const supplier = (i: number) => DEMO_CORP.supplier(1 + (i % 8));
    const made = await makeIssuedNotes(databaseUrl, db, [
      ...Array.from({ length: desks }, (_, desk) => ({ prefix: deskPrefix(desk), count: DESK_NOTES, holder: () => supplier(desk) })),
      { prefix: BACKLOG_PREFIX, count: BACKLOG, holder: supplier },
    ]);
    const backlog = made.filter((n) => n.noteNo.startsWith(BACKLOG_PREFIX));
    console.log(
      `${desks * DESK_NOTES + backlog.length} notes made (${desks} desks of ${DESK_NOTES}, ${backlog.length} for the backlog) in ${((performance.now() - clock) / 1000).toFixed(1)} s`,
    );
    clock = performance.now();
    await recordBacklog(firstHandler, backlog);
    console.log(`${backlog.length} payments recorded through the API for the directors' audit in ${((performance.now() - clock) / 1000).toFixed(1)} s`);

    // Half handlers, three in ten directors (both of them), the rest auditors and admins; alternately on either process.
    const roles = Array.from({ length: OPERATORS }, (_, i) =>
      i % 10 < 5 ? 'op_handler' : i % 10 < 8 ? (i % 2 ? 'op_director' : 'op_director2') : i % 2 ? 'op_auditor' : 'op_admin',
    );
    console.log(`signing in ${OPERATORS} operators…`);
    const clients: ApiClient[] = [];
    for (let i = 0; i < roles.length; i += 10) clients.push(...(await Promise.all(roles.slice(i, i + 10).map((user, j) => signInAs(at(i + j), user)))));

    const deskOf = new Map<number, Desk>();
    let handlerNo = 0;
    const deskFor = () => {
      const desk = Math.floor(handlerNo++ / HANDLERS_PER_DESK) % desks;
      if (!deskOf.has(desk)) deskOf.set(desk, { prefix: deskPrefix(desk), paid: new Set() });
      return deskOf.get(desk)!;
    };
    const tally = new Tally();
    tally.warmupUntil = performance.now() + WARMUP_SECONDS * 1000;
    const started = Date.now();
    const until = started + SECONDS * 1000;
    console.log(`running ${OPERATORS} operators for ${SECONDS} s, ${THINK_MIN}-${THINK_MAX} ms between actions…`);
    const lockWaits = sampleLockWaits(db, until, source.accountId, [...new Set(made.map((n) => n.quotaAccountId))]);
    await Promise.all(
      clients.map((client, i) =>
        roles[i] === 'op_handler'
          ? handlerLoop(client, tally, until, source, deskFor())
          : roles[i].startsWith('op_director')
            ? directorLoop(client, tally, until)
            : auditorLoop(client, tally, until, source.accountId),
      ),
    );
    const ran = (Date.now() - started) / 1000;

    const rows = [...tally.times.entries()].sort(([a], [b]) => a.localeCompare(b));
    const all = rows.flatMap(([, t]) => t).sort((a, b) => a - b);
    console.log(
      `\n${OPERATORS} operators (${THINK_MIN}-${THINK_MAX} ms between actions), two server processes, one PostgreSQL, ${ran.toFixed(0)} s; the calls after the first ${WARMUP_SECONDS} s (warm-up)\n`,
    );
    console.log('| call | calls | p50 ms | p95 ms |');
    console.log('|---|---|---|---|');
    for (const [kind, times] of rows) {
      times.sort((a, b) => a - b);
      console.log(`| ${kind} | ${times.length} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`);
    }
    console.log(`| every call | ${all.length} | ${percentile(all, 50).toFixed(1)} | ${percentile(all, 95).toFixed(1)} |`);
    const whole = [...all, ...tally.warmup].sort((a, b) => a - b);
    const warm = [...tally.warmup].sort((a, b) => a - b);
    if (warm.length)
      console.log(
        `\nthe warm-up's ${warm.length} calls: p50 ${percentile(warm, 50).toFixed(1)} / p95 ${percentile(warm, 95).toFixed(1)} ms; the whole run's ${whole.length}: p50 ${percentile(whole, 50).toFixed(1)} / p95 ${percentile(whole, 95).toFixed(1)} ms`,
      );
    const writes = ['split a note', 'record a payment', 'audit a payment', 'submit a dispatch', 'approve a task'];
    console.log(
      `\ndone (answered 0) of the writes, the whole run: ${writes.map((k) => `${k} ${tally.done.get(k) ?? 0} of ${tally.answered.get(k) ?? 0}`).join(', ')}`,
    );
    console.log(`lost races (refused as the protocol says): ${[...tally.lostRaces.entries()].map(([k, n]) => `${k} ×${n}`).join(', ') || 'none'}`);
    console.log(await lockWaits());
    console.log(`errors: ${tally.errors.length}`);
    for (const error of tally.errors.slice(0, 20)) console.log(`  ${error}`);

    const query = async <T>(statement: string) => (await db.query(statement)).rows as T[];
    const broken = [...(await checkScaleInvariants(query)), ...(await summariesOff(db))];
    const deadlocks = await query<{ deadlocks: string }>(`SELECT deadlocks::text FROM pg_stat_database WHERE datname = 'month_end'`);
    console.log(`PostgreSQL's deadlocks in the database: ${deadlocks[0]?.deadlocks}`);
    console.log(broken.length ? `invariants broken:\n  ${broken.join('\n  ')}` : 'every money invariant and every summary holds');
    if (broken.length || tally.errors.length) process.exitCode = 1;
  } finally {
    await db.end().catch(() => {});
    for (const server of servers) await server.stop();
    postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
