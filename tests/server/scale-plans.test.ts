/**
 * The plans of the busiest lists on a large group's data (issue 42 item 2): a small world of the same
 * shape as `npm run bench:scale`'s (bench/scale/world.ts) is built beside the demo world; each list is
 * called as an operator's screen calls it, first page and a deep page, and every SELECT the server ran
 * for it is explained with sequential scans priced out (`enable_seqscan = off`). A plan that still
 * reads a large table whole has no index to use: at the full size that list would grow with the table,
 * not with the page. The data is small so that it runs in CI; the plan's shape is what is checked.
 *
 * A plan can also read a table whole through an index (an index scan with no bound, or one whose
 * filter drops nearly everything it read): each statement is also run under EXPLAIN ANALYZE and an
 * index node of a large table that examined (returned plus removed by its filter, times its loops) at
 * least 90% of the table's rows, on a table of 500 rows or more, counts as a whole read too.
 */
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeCalls, busyLists, dashboardCalls, DEEP_PAGE, treeCalls, type ScaleCall } from '../../bench/scale/lists';
import { LIST_TOTAL_BOUND } from '../../src/protocol/envelope';
import { activityTypesOf } from '../../src/workflows/activities';
import { buildScaleWorld, checkScaleInvariants, SCALE_IDS, sizesAt } from '../../bench/scale/world';
import { signInAs, type ApiClient } from './client';
import { startServer, type TestServer } from './server';

/** The tables that grow with the business: a whole read of one of them is what the check refuses. */
const LARGE_TABLES = new Set([
  'corporations',
  'group_units',
  'quota_accounts',
  'quota_ledger',
  // Not quota_unit_totals nor quota_ledger_totals: one row per unit or account holding quota, which the quota panel reads whole,
  // once each (the units counted, the accounts' sums in one pass); its ten top units are the first entries of the rank index.
  'credit_notes',
  'credit_note_holds',
  'workflow_instances',
  'workflow_tasks',
  'workflow_history',
  // The to-do's kept four-eyes and maker-checker bars: as many as the open review steps times the people barred from each.
  'workflow_task_bars',
  'sys_operation_logs',
  'credit_payments',
  'credit_payment_notes',
  'financing_applications',
  'bills',
  'abs_packages',
  'abs_package_notes',
]);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Index nodes of the plan with what each examined: rows returned and rows its filter or recheck removed, over every loop. */
const indexReads = (node: PlanNode, parentRelation?: string): Array<{ relation: string; index: string; examined: number }> => {
  // A bitmap index scan names no relation: its parent bitmap heap scan does.
  const relation = node['Relation Name'] ?? parentRelation;
  const own =
    /Index/.test(node['Node Type']) && relation
      ? [
          {
            relation,
            index: node['Index Name'] ?? node['Node Type'],
            examined:
              ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * (node['Actual Loops'] ?? 1),
          },
        ]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => indexReads(child, node['Node Type'] === 'Bitmap Heap Scan' ? relation : undefined))];
};

const quoted = (types: string[]) => types.map((t) => `'${t}'`).join(', ');
const REVIEW_TYPES = quoted(activityTypesOf('director'));
const MAKER_TYPES = quoted(activityTypesOf('handler'));

const seqScans = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap(seqScans),
];

let server: TestServer;
let pglite: PGlite;
let admin: ApiClient;
/** The statements the server sent while `recording` is on. */
let recorded: Array<{ sql: string; params: unknown[] }> = [];
let recording = false;
const sizes = sizesAt(0.002);

beforeAll(async () => {
  // A server of its own: the scale world adds thousands of rows that the shared server's tests would count.
  server = await startServer();
  pglite = server.database.pglite!;
  await buildScaleWorld((statement) => pglite.exec(statement), sizes);
  const query = pglite.query.bind(pglite);
  pglite.query = ((sql: string, params?: unknown[], options?: unknown) => {
    if (recording) recorded.push({ sql, params: params ?? [] });
    return query(sql, params as never, options as never);
  }) as typeof pglite.query;
  // A call's transaction (a move's checks, the dashboard's snapshot) sends its statements through the transaction's own handle.
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = ((callback: (tx: Parameters<Parameters<typeof pglite.transaction>[0]>[0]) => Promise<unknown>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((sql: string, params?: unknown[], options?: unknown) => {
        if (recording) recorded.push({ sql, params: params ?? [] });
        return txQuery(sql, params as never, options as never);
      }) as typeof tx.query;
      return callback(tx);
    })) as typeof pglite.transaction;
  admin = await signInAs(server.baseUrl, 'op_admin');
}, 180_000);

afterAll(() => server?.close());

const counted = new Map<string, number>();
/** A table's rows (counted once: the calls checked here do not add rows that matter to the ratio). */
async function tableRows(table: string): Promise<number> {
  if (!counted.has(table)) counted.set(table, (await pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);
  return counted.get(table)!;
}

const callers = new Map<string, ApiClient>();
/** The persona a call is made as (a to-do list is each role's own), signed in once. */
async function callerOf(persona: ScaleCall['persona'] = 'op_admin'): Promise<ApiClient> {
  if (persona === 'op_admin') return admin;
  if (!callers.has(persona)) callers.set(persona, await signInAs(server.baseUrl, persona));
  return callers.get(persona)!;
}

/** The large tables the statements of one call read whole, even with sequential scans priced out. */
async function wholeReads(path: string, body: Record<string, unknown>, persona?: ScaleCall['persona']): Promise<string[]> {
  const caller = await callerOf(persona);
  recorded = [];
  recording = true;
  const answer = await caller.call<unknown>(path, { json: body });
  recording = false;
  expect(answer.body.code, `${path}: ${answer.text.slice(0, 200)}`).toBe('0');
  const statements = recorded.filter((r) => /^\s*(select|with)\b/i.test(r.sql));
  expect(statements.length, `${path} ran a query`).toBeGreaterThan(0);
  const found = new Set<string>();
  await pglite.exec('SET enable_seqscan = off');
  try {
    for (const { sql, params } of statements) {
      const plan = await pglite.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (FORMAT JSON) ${sql}`, params as never);
      for (const table of seqScans(plan.rows[0]['QUERY PLAN'][0].Plan)) if (LARGE_TABLES.has(table)) found.add(`${table} (${sql.slice(0, 160)}…)`);
      // Run, to see what each index node examined (reads only: the calls' SELECTs).
      const analysed = await pglite.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params as never);
      for (const read of indexReads(analysed.rows[0]['QUERY PLAN'][0].Plan)) {
        if (!LARGE_TABLES.has(read.relation)) continue;
        const rows = await tableRows(read.relation);
        if (rows >= 500 && read.examined >= 0.9 * rows)
          found.add(`${read.relation} walked whole by ${read.index}: ${read.examined} of ${rows} rows (${sql.slice(0, 160)}…)`);
      }
    }
  } finally {
    await pglite.exec('SET enable_seqscan = on');
  }
  return [...found];
}

describe('the plans of the busiest lists on a large group’s data', () => {
  it('builds a world that keeps the invariants (balances = ledger sums, splits = originals)', async () => {
    expect(await checkScaleInvariants(async (sql) => (await pglite.query(sql)).rows as never)).toEqual([]);
    const count = await pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM quota_ledger WHERE account_id LIKE 'sc-acct-%'`);
    expect(count.rows[0].n).toBe(sizes.ledgerRows);
    // The lists timed beside the notes have rows of the world's to read: payments of both tabs, applications, bills, packages.
    const made = await pglite.query<Record<string, number>>(`SELECT
      (SELECT count(*)::int FROM credit_payments WHERE id LIKE 'sc-pay-%' AND status = 'APPROVED') AS approved,
      (SELECT count(*)::int FROM credit_payments WHERE id LIKE 'sc-ppay-%' AND status = 'PENDING') AS pending,
      (SELECT count(*)::int FROM financing_applications WHERE id LIKE 'sc-fa-%') AS applications,
      (SELECT count(*)::int FROM bills WHERE id LIKE 'sc-bill-%') AS bills,
      (SELECT count(*)::int FROM abs_packages WHERE id LIKE 'sc-pkg-%') AS packages`);
    for (const [object, n] of Object.entries(made.rows[0])) expect(n, object).toBeGreaterThan(0);
  });

  it.each(busyLists(sizes).map((call) => [call.label, call] as const))(
    '%s: no whole read of a large table, first page and a deep page',
    async (label, call) => {
      const reads = [
        ...(await wholeReads(call.path, { ...call.body, pageNum: 1 }, call.persona)),
        ...(await wholeReads(call.path, { ...call.body, pageNum: DEEP_PAGE }, call.persona)),
      ];
      const left = LISTS_WHOLE_READS_LEFT[label] ?? [];
      // What a list still reads whole is named below (issue 42 item 3, left); anything else is a regression.
      expect(reads.filter((r) => !left.some((known) => r.includes(known)))).toEqual([]);
    },
  );

  it.each([
    ['credit notes', '/op/v1/credit-notes/notes/page', 'credit_notes'],
    ['approval instances', '/op/v1/workflow/instances/page', 'workflow_instances'],
    ['operation log', '/op/v1/sys/operation-logs/page', 'sys_operation_logs'],
  ])('%s: the unfiltered pager total is the table’s exact count (kept, not counted)', async (_label, path, table) => {
    const page = await admin.call<{ total: number }>(path, { json: { pageNum: 2, pageSize: 20 } });
    expect(page.body.code, page.text).toBe('0');
    const [{ n }] = (await pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows;
    expect(page.body.data!.total).toBe(n);
  });

  // Lists whose pager total (and 付款审核's tab counts) grew with the table: counted from every row on every page, 1.7 to 8.7 ms
  // p50 from 10% to the full year on PostgreSQL (issue 42, growth). Now read from list_row_counts (row-counts.ts): no statement
  // counts the table, and the first page examines its page's rows of it, not the table's.
  it.each([
    ['payments waiting for audit', 'credit_payments'],
    ['payments approved', 'credit_payments'],
    ['financing applications, newest first', 'financing_applications'],
    ['corporations, newest first', 'corporations'],
  ])('%s: the total and the tabs’ counts are the kept counts, not a count of %s', async (label, table) => {
    const call = busyLists(sizes).find((c) => c.label === label)!;
    const pageSize = Number(call.body.pageSize);
    const [{ n }] = (await pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows;
    // The table holds more than a page, or the check below could not tell a count from a page.
    expect(n).toBeGreaterThan(4 * pageSize);
    for (const pageNum of [1, DEEP_PAGE]) {
      recorded = [];
      recording = true;
      const answer = await admin.call<{ total: number }>(call.path, { json: { ...call.body, pageNum } });
      recording = false;
      expect(answer.body.code, answer.text).toBe('0');
      const statements = recorded.filter((r) => /^\s*(select|with)\b/i.test(r.sql));
      expect(
        statements.some((r) => r.sql.includes('list_row_counts')),
        JSON.stringify(statements.map((r) => r.sql.slice(0, 120))),
      ).toBe(true);
      const counting = statements.filter((r) => r.sql.includes(`"${table}"`) && /count\(/i.test(r.sql));
      expect(counting.map((r) => r.sql.slice(0, 200))).toEqual([]);
      if (pageNum !== 1) continue;
      // Sequential scans priced out, as above; what each statement examined of the table, over every loop.
      await pglite.exec('SET enable_seqscan = off');
      try {
        let examined = 0;
        for (const { sql, params } of statements) {
          const plan = (await pglite.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params as never)).rows[0][
            'QUERY PLAN'
          ][0].Plan;
          expect(seqScans(plan), sql.slice(0, 200)).not.toContain(table);
          for (const read of indexReads(plan)) if (read.relation === table) examined += read.examined;
        }
        // The page's rows, read twice at most (the financing list's ids, then its rows by id), and a few ties of the order.
        expect(examined).toBeLessThanOrEqual(2 * pageSize + 5);
      } finally {
        await pglite.exec('SET enable_seqscan = on');
      }
    }
  });

  // The quota panel reads one row per account holding quota (its sums) and one per unit (to count them): once each, in one pass
  // (grouping sets) where the totals, the groups and the grantors were three statements each reading every account's sums and
  // joining them to the accounts (issue 42, growth). The ledger itself is never read.
  it('the quota section reads each account’s sums and each unit’s row once, the ledger never', async () => {
    recorded = [];
    recording = true;
    const answer = await admin.call<unknown>('/op/v1/dashboard/overview', { json: { section: 'quotas' } });
    recording = false;
    expect(answer.body.code, answer.text).toBe('0');
    const examined = new Map<string, number>();
    const reads = (node: PlanNode): void => {
      const relation = node['Relation Name'];
      if (relation)
        examined.set(
          relation,
          (examined.get(relation) ?? 0) + ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1),
        );
      for (const child of node.Plans ?? []) reads(child);
    };
    // Sequential scans priced out, as for the lists above: at this small size a scan of the units and a sort for the ten is
    // the planner's cheaper choice (26 rows), where the full year's 5,000 take the rank index's first ten. The whole reads
    // (every account's sums, every unit counted) read each row once either way.
    await pglite.exec('SET enable_seqscan = off');
    try {
      for (const { sql, params } of recorded.filter((r) => /^\s*(select|with)\b/i.test(r.sql))) {
        const plan = await pglite.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params as never);
        reads(plan.rows[0]['QUERY PLAN'][0].Plan);
      }
    } finally {
      await pglite.exec('SET enable_seqscan = on');
    }
    const rows = async (table: string) => (await pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
    expect(examined.get('quota_ledger') ?? 0).toBe(0);
    expect(examined.get('quota_ledger_totals')).toBe(await rows('quota_ledger_totals'));
    // The units counted (every row once) and the ten ranked units.
    expect(examined.get('quota_unit_totals')).toBeLessThanOrEqual((await rows('quota_unit_totals')) + 10);
  });

  it.each(treeCalls(sizes).map((call) => [call.label, call] as const))('%s: no whole read of a large table', async (_label, call) => {
    expect(await wholeReads(call.path, call.body)).toEqual([]);
  });

  it.each(badgeCalls().map((call) => [call.label, call] as const))('%s: no whole read of a large table', async (_label, call) => {
    expect(await wholeReads(call.path, call.body, call.persona)).toEqual([]);
  });

  // The whole page and each section alone, as bench:scale times them: every panel comes from the summaries the writes keep.
  it.each(dashboardCalls().map((call) => [call.label, call] as const))('%s: no whole read of a large table', async (_label, call) => {
    expect(await wholeReads(call.path, call.body)).toEqual([]);
  });
});

/**
 * The director's to-do list when open tasks pile up (issue 42): its page walks workflow_tasks_todo_idx
 * (open, newest first, id), or workflow_tasks_todo_role_idx (the same order among one role's open
 * tasks), and stops at the page, instead of reading and sorting every open task; its total is exact and
 * read from the kept open-task counts, the director's own claimed tasks and bars (rules.ts todoCount),
 * not from the open tasks. 3,000 more open director tasks are added, so a plan that read them all would
 * show it. Runs after the lists above: these rows would change what they count.
 */
describe('the director’s to-do list with many open tasks', () => {
  const OPEN = 3_000;
  const BARRED = 300;
  const DIRECTOR_ID = 'u-op-director';
  const PAGE = 20;
  /** The director's to-do total as the lists counted it before the bars were kept: every open task checked against the history. */
  const historyCount = async () =>
    (
      await pglite.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM workflow_tasks t WHERE t.status = 'TODO' AND t.working_role = 'director'
          AND (t.assignee_id IS NULL OR t.assignee_id = $1)
          AND NOT (t.activity_type IN (${REVIEW_TYPES}) AND EXISTS (SELECT 1 FROM workflow_history h WHERE h.instance_id = t.instance_id AND h.user_id = $1
            AND h.action IN ('PASS', 'REJECT') AND (h.activity_type IN (${MAKER_TYPES}) OR (h.activity_type IN (${REVIEW_TYPES}) AND h.task_definition_key <> t.task_definition_key))))`,
        [DIRECTOR_ID],
      )
    ).rows[0].n;
  let director: ApiClient;

  beforeAll(async () => {
    await pglite.exec(`INSERT INTO workflow_instances (id, process_key, business_key, summary, business_no, status, current_activity, start_user_id, start_username, start_person_name, create_by, update_by, create_time)
      SELECT 'sc-open-' || i, 'Process_LMT_DISPATCH_AUDIT', 'sc-open-biz-' || i, '待办积压 ' || i, 'SCO' || lpad(i::text, 8, '0'), 'RUNNING', 'Approve',
        'sc-user-' || (i % 100), 'sc_user_' || (i % 100), '规模经办' || (i % 100), 'bench', 'bench', now() + interval '1 hour' + i * interval '1 second'
      FROM generate_series(1, ${OPEN}) AS i`);
    await pglite.exec(`INSERT INTO workflow_tasks (id, instance_id, process_key, task_definition_key, activity_type, working_role, status, create_by, update_by, create_time)
      SELECT 'sc-open-task-' || i, 'sc-open-' || i, 'Process_LMT_DISPATCH_AUDIT', 'Approve', 'approve', 'director', 'TODO', 'bench', 'bench', now() + interval '1 hour' + i * interval '1 second'
      FROM generate_series(1, ${OPEN}) AS i`);
    // The director made the oldest BARRED of them (their edit step's pass in the history): maker-checker bars them from those
    // (the history's trigger keeps the bars), which are the list's last pages, so the pages below walk past none.
    await pglite.exec(`INSERT INTO workflow_history (id, instance_id, task_id, task_definition_key, activity_type, action, user_id, username, person_name, create_time)
      SELECT 'sc-open-hist-' || i, 'sc-open-' || i, 'sc-open-edit-' || i, 'Edit', 'edit', 'PASS', '${DIRECTOR_ID}', 'op_director', '主管李四', now()
      FROM generate_series(1, ${BARRED}) AS i`);
    // The statistics a database in service has (autovacuum's ANALYZE): the planner weighs the page against the open tasks it knows of.
    await pglite.exec('ANALYZE workflow_tasks; ANALYZE workflow_instances; ANALYZE workflow_history; ANALYZE workflow_task_bars');
    director = await signInAs(server.baseUrl, 'op_director');
  }, 60_000);

  it('reads the page through a to-do index and stops there, first page and a deep page; counts from kept counts, exactly', async () => {
    for (const pageNum of [1, DEEP_PAGE]) {
      recorded = [];
      recording = true;
      const answer = await director.call<{ total: number; records: Array<{ id: string }> }>('/op/v1/workflow/tasks/todo/page', {
        json: { pageNum, pageSize: PAGE },
      });
      recording = false;
      expect(answer.body.code, answer.text).toBe('0');
      expect(answer.body.data!.records).toHaveLength(PAGE);
      expect(answer.body.data!.total).toBeGreaterThanOrEqual(OPEN - BARRED);
      expect(answer.body.data!.total).toBe(await historyCount());
      expect(answer.body.data).not.toHaveProperty('totalBounded');
      if (pageNum === 1) expect(answer.body.data!.records[0].id).toBe(`sc-open-task-${OPEN}`);
      const statements = recorded.filter((r) => /^\s*select\b/i.test(r.sql) && /from "workflow_tasks"/i.test(r.sql));
      const page = statements.find((r) => /order by/i.test(r.sql));
      const counting = recorded.find((r) => /workflow_open_task_counts/i.test(r.sql));
      expect(page && counting, JSON.stringify(statements.map((r) => r.sql.slice(0, 120)))).toBeTruthy();
      // As above, reads of every open task priced out (sequential and bitmap scans: at 3,000 open tasks a bitmap and a sort are
      // cheap enough for the planner); what is checked is that the page has an index in its order to walk and stop in.
      const analyse = async ({ sql, params }: { sql: string; params: unknown[] }) => {
        await pglite.exec('SET enable_seqscan = off; SET enable_bitmapscan = off');
        try {
          const plan = await pglite.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params as never);
          return plan.rows[0]['QUERY PLAN'][0].Plan;
        } finally {
          await pglite.exec('SET enable_seqscan = on; SET enable_bitmapscan = on');
        }
      };
      const taskReads = (node: PlanNode): Array<{ type: string; index?: string; examined: number }> => [
        ...(node['Relation Name'] === 'workflow_tasks'
          ? [
              {
                type: node['Node Type'],
                index: node['Index Name'],
                examined: ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1),
              },
            ]
          : []),
        ...(node.Plans ?? []).flatMap(taskReads),
      ];
      const pageReads = taskReads(await analyse(page!));
      expect(pageReads, JSON.stringify(pageReads)).toHaveLength(1);
      expect(['workflow_tasks_todo_idx', 'workflow_tasks_todo_role_idx']).toContain(pageReads[0].index);
      // The rows before the page and the page itself, with a little slack for the demo world's own open tasks: not the 3,000.
      expect(pageReads[0].examined).toBeLessThanOrEqual(pageNum * PAGE + 100);
      // The count reads the director's own claimed tasks and the tasks of its bars (the BARRED), not the tasks waiting.
      const countReads = taskReads(await analyse(counting!));
      expect(
        countReads.reduce((sum, read) => sum + read.examined, 0),
        JSON.stringify(countReads),
      ).toBeLessThanOrEqual(BARRED + 100);
    }
  });

  it('the approvals panel counts them from workflow_open_task_counts: a few index entries a process are read, not the 3,000 waiting', async () => {
    recorded = [];
    recording = true;
    const answer = await admin.call<{ tasks: { pending: number; byProcess: unknown[] } }>('/op/v1/dashboard/overview', { json: { section: 'tasks' } });
    recording = false;
    expect(answer.body.code, answer.text).toBe('0');
    expect(answer.body.data!.tasks.pending).toBeGreaterThanOrEqual(OPEN);
    const statements = recorded.filter((r) => /^\s*select\b/i.test(r.sql));
    let examined = 0;
    for (const { sql, params } of statements) {
      const plan = (await pglite.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params as never)).rows[0][
        'QUERY PLAN'
      ][0].Plan;
      expect(seqScans(plan), sql.slice(0, 200)).not.toContain('workflow_tasks');
      for (const read of indexReads(plan)) if (read.relation === 'workflow_tasks') examined += read.examined;
    }
    // One entry of workflow_tasks_open_process_idx per process (the longest wait), and nothing else of the tasks.
    expect(examined).toBeLessThanOrEqual(2 * answer.body.data!.tasks.byProcess.length);
  });
});

/**
 * A filtered list that matches more rows than LIST_TOTAL_BOUND (issue 42): the pager's total is counted
 * only up to the bound and one more, and says so (`totalBounded`); a smaller match is counted exactly.
 * Runs last: its rows would change what the checks above count.
 */
describe('bounded totals of a filtered list', () => {
  const PATH = '/op/v1/sys/operation-logs/page';
  const MANY = LIST_TOTAL_BOUND + 1_500;
  const page = async (pageNum: number) => {
    const answer = await admin.call<{ total: number; totalBounded?: boolean; records: Array<{ id: string; action: string }> }>(PATH, {
      json: { action: 'REVEAL', pageNum, pageSize: 20 },
    });
    expect(answer.body.code, answer.text).toBe('0');
    return answer.body.data!;
  };

  beforeAll(async () => {
    await pglite.exec(`INSERT INTO sys_operation_logs (id, username, resource, record_id, action, create_time)
      SELECT 'sc-bound-' || i, 'sc_bound', 'corporations', 'sc-rec-' || i, 'REVEAL', now() + interval '1 day' - i * interval '1 second' FROM generate_series(1, ${MANY}) AS i`);
  }, 60_000);

  it('counts at most the bound and one more, marks the total bounded, and pages the first, a deep and a page past the bound rightly', async () => {
    const first = await page(1);
    expect(first).toMatchObject({ total: LIST_TOTAL_BOUND + 1, totalBounded: true });
    expect(first.records.map((r) => r.id).slice(0, 3)).toEqual(['sc-bound-1', 'sc-bound-2', 'sc-bound-3']);
    const deep = await page(DEEP_PAGE);
    expect(deep.records[0].id).toBe(`sc-bound-${(DEEP_PAGE - 1) * 20 + 1}`);
    // Past the bound the rows are still there, and the total never says fewer than the page reaches: on the last page, every match.
    const [{ n }] = (await pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_operation_logs WHERE action = 'REVEAL'`)).rows;
    expect(n).toBeGreaterThanOrEqual(MANY);
    const last = await page(Math.ceil(n / 20));
    expect(last.records.length).toBe(n - (Math.ceil(n / 20) - 1) * 20);
    expect(last).toMatchObject({ total: n, totalBounded: true });
  });

  it('counts a match under the bound exactly, unmarked', async () => {
    const answer = await admin.call<{ total: number; totalBounded?: boolean }>(PATH, { json: { action: 'REVEAL', username: 'sc_user_1', pageSize: 20 } });
    expect(answer.body.code, answer.text).toBe('0');
    const [{ n }] = (await pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_operation_logs WHERE action = 'REVEAL' AND username = 'sc_user_1'`))
      .rows;
    expect(answer.body.data).toMatchObject({ total: n });
    expect(answer.body.data!.totalBounded).toBeUndefined();
  });

  it('reads at most the bound and one more of the matches for the count (EXPLAIN ANALYZE), first page and deep page', async () => {
    for (const pageNum of [1, DEEP_PAGE]) {
      recorded = [];
      recording = true;
      await page(pageNum);
      recording = false;
      const statements = recorded.filter((r) => /^\s*select\b/i.test(r.sql) && r.sql.includes('sys_operation_logs'));
      expect(statements.length).toBeGreaterThan(0);
      for (const { sql, params } of statements) {
        const analysed = await pglite.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params as never);
        const plan = analysed.rows[0]['QUERY PLAN'][0].Plan;
        // Whatever the scan (index or, for a filter matching most of the table, sequential), it stops at the bound.
        const scans = (node: PlanNode): number[] => [
          ...(node['Relation Name'] === 'sys_operation_logs'
            ? [
                ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
                  (node['Actual Loops'] ?? 1),
              ]
            : []),
          ...(node.Plans ?? []).flatMap(scans),
        ];
        for (const examined of scans(plan)) expect(examined, sql.slice(0, 200)).toBeLessThanOrEqual(LIST_TOTAL_BOUND + 1 + pageNum * 20);
      }
    }
  });
});

/**
 * Whole reads the lists still make: none. The unfiltered lists' totals are the row counts the database
 * keeps (server/crud/row-counts.ts), and the instances list walks workflow_instances_order_idx.
 */
const LISTS_WHOLE_READS_LEFT: Record<string, string[]> = {};

/**
 * checkScaleInvariants catches a broken row of each business object the world builds: each change is made
 * in a transaction, checked there and rolled back, so the world is as built for whatever runs after.
 */
describe('the scale world’s invariants fail on a broken row', () => {
  it.each([
    [
      'a payment a fen off its notes',
      `UPDATE credit_payments SET amount = amount + 0.01 WHERE id = (SELECT min(id) FROM credit_payments WHERE id LIKE 'sc-pay-%')`,
      'payment ',
    ],
    [
      'an approved payment’s note outstanding again',
      `UPDATE credit_notes SET status = 'ISSUED' WHERE id = (SELECT min(note_id) FROM credit_payment_notes WHERE payment_id LIKE 'sc-pay-%')`,
      'payment ',
    ],
    [
      'a redeemed note taken out of its payment',
      `DELETE FROM credit_payment_notes WHERE id = (SELECT min(id) FROM credit_payment_notes WHERE payment_id LIKE 'sc-pay-%')`,
      'redeemed without an approved payment',
    ],
    [
      'a financed note’s holder with its signed application withdrawn',
      `UPDATE financing_applications SET status = 'WITHDRAWN' WHERE id LIKE 'sc-fa-%-1'
         AND supplier_corp_id = (SELECT holder_corp_id FROM credit_notes WHERE id LIKE 'sc-note-%' AND status = 'FINANCED' ORDER BY id LIMIT 1)`,
      'no signed financing application',
    ],
    [
      'a bill off its month’s issued notes',
      `UPDATE bills SET issued_amount = issued_amount + 1, unpriced_amount = unpriced_amount + 1 WHERE id = (SELECT min(id) FROM bills WHERE id LIKE 'sc-bill-${SCALE_IDS.groupCorp}-%')`,
      'bill ',
    ],
    [
      'a locked package off its target',
      `UPDATE abs_packages SET target_size = target_size + 1 WHERE id = (SELECT min(id) FROM abs_packages WHERE id LIKE 'sc-pkg-%' AND status <> 'BUILDING')`,
      'package ',
    ],
    [
      'a pooled note redeemed',
      `UPDATE credit_notes SET status = 'REDEEMED' WHERE id = (SELECT min(note_id) FROM abs_package_notes WHERE package_id LIKE 'sc-pkg-%')`,
      'package ',
    ],
  ])('%s', async (_label, change, found) => {
    const broken = await pglite.transaction(async (tx) => {
      const changed = await tx.query(change);
      expect(changed.affectedRows, change).toBe(1);
      const result = await checkScaleInvariants(async (sql) => (await tx.query(sql)).rows as never);
      await tx.rollback();
      return result;
    });
    expect(
      broken.some((line) => line.includes(found)),
      JSON.stringify(broken),
    ).toBe(true);
  });

  it('holds again once each change is rolled back', async () => {
    expect(await checkScaleInvariants(async (sql) => (await pglite.query(sql)).rows as never)).toEqual([]);
  });
});
