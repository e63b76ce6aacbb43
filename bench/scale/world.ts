/**
 * A large construction group's year of business, built straight into the database with
 * `generate_series` (issue 42): corporations, one group tree, quota accounts and their ledger, credit
 * notes with their splits and holder chains, the payments, financing qualifications, bills and ABS
 * packages that follow from those notes, workflow instances with tasks and history, and the operation log. Sizes are a fraction of the full year (`scale` 1 = 100,000 corporations, 10,000
 * units, 5,000 accounts, 10,000,000 ledger rows, 1,000,000 notes, 2,000,000 history rows, 1,000,000
 * log rows), so CI builds a small world with the same shape and `npm run bench:scale` the full one.
 *
 * The world keeps the invariants the product keeps: an account's balances and movement count are what
 * its ledger rows sum to, a split note is the exact sum of its children (the deferred trigger of
 * migration 0013 is paused for the bulk insert and the same rule checked once afterwards by
 * `checkScaleInvariants`), every unit, holder and account a row names exists.
 *
 * Every id starts with `sc-`, so a world can be built beside the demo world and told apart from it.
 */

export type Exec = (statement: string) => Promise<unknown>;
export type Query = <T>(statement: string) => Promise<T[]>;

/** The full year; a world of scale s holds about s times each (and never less than a few rows). */
export const FULL_SIZES = {
  corporations: 100_000,
  units: 10_000,
  accounts: 5_000,
  ledgerRows: 10_000_000,
  notes: 1_000_000,
  historyRows: 2_000_000,
  logRows: 1_000_000,
} as const;

export type ScaleSizes = { -readonly [K in keyof typeof FULL_SIZES]: number };

export function sizesAt(scale: number): ScaleSizes {
  const at = (full: number, least: number) => Math.max(least, Math.round(full * scale));
  const units = at(FULL_SIZES.units, 30);
  return {
    corporations: at(FULL_SIZES.corporations, 200),
    units,
    // One account per unit at most: the account key is (kind, channel, grantor, unit).
    accounts: Math.min(units, at(FULL_SIZES.accounts, 20)),
    ledgerRows: at(FULL_SIZES.ledgerRows, 2_000),
    notes: at(FULL_SIZES.notes, 1_000),
    historyRows: at(FULL_SIZES.historyRows, 400),
    logRows: at(FULL_SIZES.logRows, 500),
  };
}

/** The ids the measurements and checks use. */
/** Notes issued (the rest of the world's notes are the parts of the one in ten split). */
const rootNotes = (sizes: ScaleSizes) => Math.max(1, Math.round(sizes.notes / 1.1));

export const SCALE_IDS = {
  group: 'sc-unit-1',
  groupCorp: 'sc-corp-1',
  /** A supplier that holds notes (about 1 in 100 of them). */
  holder: (sizes: ScaleSizes) => `sc-corp-${supplierBase(sizes) + 7}`,
  account: 'sc-acct-1',
  branch: 'sc-unit-2',
  /** What an operator types in the 票据编号 filter: the last eight digits of the number of a note issued mid-year (SC + twelve digits). */
  noteNoPart: (sizes: ScaleSizes) =>
    String(Math.round(rootNotes(sizes) / 2))
      .padStart(12, '0')
      .slice(-8),
} as const;

/** Corporations 1..branches+1 are the group and its branches; the next are finance institutions; the rest suppliers. */
const branchesOf = (sizes: ScaleSizes) => Math.max(2, Math.round(sizes.units / 100));
const financeCount = (sizes: ScaleSizes) => Math.max(2, Math.round(sizes.corporations / 1000));
const supplierBase = (sizes: ScaleSizes) => branchesOf(sizes) + 1 + financeCount(sizes);
const supplierCount = (sizes: ScaleSizes) => sizes.corporations - supplierBase(sizes);

/** Two-step processes (src/workflows/registry.ts: a handler's Edit, a director's Approve). */
const PROCESS_KEYS = [
  'Process_LMT_DISPATCH_AUDIT',
  'Process_LMT_APPLY_AUDIT',
  'Process_CI_CORE_ADMIT_UPDATE',
  'Process_BILL_MANAGE',
  'PROCESS_ACCOUNT_USAGE_TEMP',
  'Process_PRICE_CONFIG_CREATE',
];

/** Notes a payment settles at most, and notes an ABS package pools (business sizes: docs/developers/benchmarks.md). */
const PAYMENT_NOTES = 10;
const PACKAGE_NOTES = 20;

/** The triggers that keep the dashboard's summaries of corporations, notes, instances and open tasks, and the largest lists' row counts, by table. */
const DASHBOARD_SUMMARY_TRIGGERS = [
  ['corporations', 'corporation_summaries'],
  ['credit_notes', 'credit_note_summaries'],
  ['workflow_instances', 'workflow_end_summaries'],
  ['workflow_tasks', 'workflow_open_task_summaries'],
  ...['credit_notes', 'workflow_instances', 'sys_operation_logs', 'corporations', 'financing_applications'].flatMap((table) => [
    [table, 'list_row_counts_added'],
    [table, 'list_row_counts_removed'],
  ]),
  // The payments' rows by status (migration list_counts_of_corporations_financings_payments).
  ...['added', 'removed', 'changed'].map((event) => ['credit_payments', `list_status_counts_${event}`]),
  // The deferred trigger that applies a transaction's summary changes at commit (migration summaries_applied_at_commit_in_key_order):
  // with the row triggers off it would find nothing to apply, but it would still queue one event per bulk-inserted row.
  ...['corporations', 'credit_notes', 'workflow_instances', 'workflow_tasks', 'sys_operation_logs', 'financing_applications', 'credit_payments'].map(
    (table) => [table, 'summary_deltas_flush'],
  ),
] as const;

/** The corporations and the group tree: the first parts of the world, and all a tree journey needs (tests/e2e/group-tree-scale.spec.ts). */
function treeParts(sizes: ScaleSizes): Array<[string, string[]]> {
  const branches = branchesOf(sizes);
  const supBase = supplierBase(sizes);
  return [
    [
      'corporations',
      [
        `INSERT INTO corporations (id, corp_name, credit_code, corp_types, admission_status, registered_address, legal_person_name, manager_name, create_by, update_by, create_time)
        SELECT 'sc-corp-' || i,
          CASE WHEN i = 1 THEN '规模建设集团有限公司' WHEN i <= ${branches + 1} THEN '规模建设第' || (i - 1) || '分公司'
               WHEN i <= ${supBase} THEN '规模银行' || (i - ${branches + 1}) || '号支行' ELSE '规模供应商' || (i - ${supBase}) || '有限公司' END,
          '91SC' || lpad(i::text, 14, '0'),
          CASE WHEN i = 1 THEN ARRAY['CORE_ENTERPRISE'] WHEN i <= ${branches + 1} THEN ARRAY['CORE_ENTERPRISE']
               WHEN i <= ${supBase} THEN ARRAY['FINANCE_INSTITUTION'] ELSE ARRAY['SUPPLIER'] END,
          CASE WHEN i = 1 THEN 'ADMITTED' ELSE 'NOT_APPLIED' END,
          '上海市浦东新区规模路' || i || '号', '法人' || i, '管理员' || i,
          'bench', 'bench', now() - (${sizes.corporations} - i) * interval '5 minutes'
        FROM generate_series(1, ${sizes.corporations}) AS i`,
      ],
    ],

    // The root stands for the group's corporation, each branch for its own; project departments have names of their own.
    [
      'group tree',
      [
        `INSERT INTO group_units (id, group_id, parent_id, kind, unit_name, corp_id, sort_order, create_by, update_by)
        SELECT 'sc-unit-' || i, '${SCALE_IDS.group}',
          CASE WHEN i = 1 THEN NULL WHEN i <= ${branches + 1} THEN '${SCALE_IDS.group}' ELSE 'sc-unit-' || (2 + (i - ${branches + 2}) % ${branches}) END,
          CASE WHEN i = 1 THEN 'GROUP' WHEN i <= ${branches + 1} THEN 'BRANCH' ELSE 'PROJECT_DEPT' END,
          CASE WHEN i <= ${branches + 1} THEN NULL ELSE '规模项目部' || (i - ${branches + 1}) END,
          CASE WHEN i <= ${branches + 1} THEN 'sc-corp-' || i ELSE NULL END,
          i, 'bench', 'bench'
        FROM generate_series(1, ${sizes.units}) AS i`,
      ],
    ],
  ];
}

/** Only the corporations and the group tree of a world of these sizes, analysed: for a journey through the tree at scale. */
export async function buildScaleTree(exec: Exec, sizes: ScaleSizes): Promise<void> {
  for (const [, statements] of treeParts(sizes)) for (const statement of statements) await exec(statement);
  await exec('ANALYZE corporations');
  await exec('ANALYZE group_units');
}

/**
 * What follows from the notes (DOMAIN.md "Credit notes", "Financing", "Securitisation"): the payments that
 * redeemed the REDEEMED notes and those waiting for audit, the suppliers' financing qualifications, the
 * platform's monthly bills and the ABS packages of financed notes. Each is made from the notes already
 * built, so the rules the areas keep hold (checkScaleInvariants checks them).
 */
function businessParts(sizes: ScaleSizes): string[] {
  const branches = branchesOf(sizes);
  // A payment settles up to ten notes of one issuing unit (a unit pays what falls due in one transfer); a note is in one payment.
  const batches = (where: string, prefix: string) => `SELECT n.*, '${prefix}' || substr(n.issuer_unit_id, 9) || '-' ||
      ((row_number() OVER (PARTITION BY n.issuer_unit_id ORDER BY n.due_date, n.id) - 1) / ${PAYMENT_NOTES}) AS payment_id
    FROM credit_notes n WHERE n.id LIKE 'sc-note-%' AND n.parent_id IS NULL AND ${where}`;
  // The day the transfer arrived: the notes' latest due date, or for notes paid before they fell due a day of the last 60
  // (a hash of the payment: spread, as an audit queue's days are, rather than every early payment dated today).
  const paidOn = `least(max(b.due_date), current_date - 1 - abs(hashtext(b.payment_id)) % 60)`;
  const payments = (where: string, prefix: string, status: 'APPROVED' | 'PENDING') => [
    `INSERT INTO credit_payments (id, payer_unit_id, amount, value_date, bank_serial_no, remark, status, audit_opinion, audit_by, auditor_name, audit_time, create_by, update_by, create_time)
      SELECT b.payment_id, b.issuer_unit_id, sum(b.amount), ${paidOn}, 'SCBANK' || b.payment_id, '规模付款', '${status}',
        ${status === 'APPROVED' ? `'同意', 'sc-user-1', '规模经办1', ${paidOn} + interval '1 day'` : 'NULL, NULL, NULL, NULL'},
        'bench', 'bench', ${paidOn} + interval '10 hours' + abs(hashtext(b.payment_id)) % 36000 * interval '1 second'
      FROM (${batches(where, prefix)}) b GROUP BY b.payment_id, b.issuer_unit_id`,
    `INSERT INTO credit_payment_notes (id, payment_id, note_id, amount)
      SELECT 'sc-pn-' || b.id, b.payment_id, b.id, b.amount FROM (${batches(where, prefix)}) b`,
  ];
  // The suppliers' qualifications are with the branch that stands for their core enterprise, on the demo world's first product.
  const product = `(SELECT prd_code FROM products ORDER BY prd_code LIMIT 1)`;
  // The notes pooled (one in three FINANCED root notes), numbered into packages in issue order: the same rows for both inserts.
  const pooled = `SELECT n.id AS note_id, n.amount, n.create_time, 'sc-pkg-' || ((row_number() OVER (ORDER BY n.create_time, n.id) - 1) / ${PACKAGE_NOTES} + 1) AS package_id
      FROM credit_notes n WHERE n.id LIKE 'sc-note-%' AND n.parent_id IS NULL AND n.status = 'FINANCED' AND substr(n.id, 9)::int % 3 = 0`;
  const shanghaiMonth = (column: string) => `to_char(${column} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM')`;
  return [
    // The REDEEMED notes' payments, approved; one in twenty overdue ISSUED notes already in a payment waiting for audit.
    ...payments(`n.status = 'REDEEMED'`, 'sc-pay-', 'APPROVED'),
    ...payments(`n.status = 'ISSUED' AND n.due_date < current_date AND substr(n.id, 9)::int % 20 = 1`, 'sc-ppay-', 'PENDING'),
    // Every supplier that financed a note holds a signed qualification for the sum it financed, signed before its first
    // financing; one in twenty-five has a renewal in review (the open-application rule allows one such at a time).
    `INSERT INTO financing_applications (id, application_no, supplier_corp_id, core_corp_id, prd_code, amount, contact_name, status, qualified_at, signed_at, signed_by, create_by, update_by, create_time)
      SELECT 'sc-fa-' || f.s || '-' || k, 'FASC' || lpad(f.s::text, 9, '0') || k, f.holder_corp_id, 'sc-corp-' || (2 + f.s % ${branches}), ${product},
        f.financed, '联系人' || f.s, CASE WHEN k = 1 THEN 'SIGNED' ELSE 'REVIEWING' END,
        CASE WHEN k = 1 THEN f.first - interval '2 days' END, CASE WHEN k = 1 THEN f.first - interval '1 day' END, CASE WHEN k = 1 THEN 'sc_user_1' END,
        'bench', 'bench', CASE WHEN k = 1 THEN f.first - interval '3 days' ELSE now() - (f.s % 30) * interval '1 day' END
      FROM (SELECT holder_corp_id, substr(holder_corp_id, 9)::int AS s, sum(amount) AS financed, min(create_time) AS first
              FROM credit_notes WHERE id LIKE 'sc-note-%' AND status = 'FINANCED' GROUP BY holder_corp_id) f,
        generate_series(1, 2) AS k
      WHERE k = 1 OR f.s % 25 = 0`,
    // A month's bill per core enterprise, as the bills' generation computes it (server/bills/service.ts compute): the group's
    // corporation for the root notes its group issued, each branch for the financings signed with it. No price policy prices
    // the world's notes (they name no application) or the branches' financings, so the whole basis is unpriced and the fee 0.
    // Past months only: paid, but last month's confirmed.
    `INSERT INTO bills (id, bill_no, corp_id, corp_name, period, issued_amount, financed_amount, unpriced_amount, fee_amount, status, paid_date, create_by, update_by, create_time)
      SELECT 'sc-bill-' || b.corp_id || '-' || b.period, 'BSC' || replace(b.period, '-', '') || lpad(substr(b.corp_id, 9), 6, '0'), b.corp_id, c.corp_name, b.period,
        sum(b.issued), sum(b.financed), sum(b.issued) + sum(b.financed), 0,
        CASE WHEN b.period = to_char(current_date - interval '1 month', 'YYYY-MM') THEN 'CONFIRMED' ELSE 'PAID' END,
        CASE WHEN b.period = to_char(current_date - interval '1 month', 'YYYY-MM') THEN NULL ELSE (b.period || '-01')::date + interval '1 month 9 days' END,
        'bench', 'bench', (b.period || '-01')::date + interval '1 month 2 days'
      FROM (SELECT '${SCALE_IDS.groupCorp}' AS corp_id, to_char(issue_date, 'YYYY-MM') AS period, amount AS issued, 0 AS financed
              FROM credit_notes WHERE id LIKE 'sc-note-%' AND parent_id IS NULL
            UNION ALL
            SELECT core_corp_id, ${shanghaiMonth('signed_at')}, 0, amount FROM financing_applications WHERE id LIKE 'sc-fa-%' AND status = 'SIGNED') b
        JOIN corporations c ON c.id = b.corp_id
      WHERE b.period < to_char(current_date, 'YYYY-MM')
      GROUP BY b.corp_id, c.corp_name, b.period`,
    // Packages of twenty financed notes (pooled, below): the oldest issued, then locked, the
    // newest building. A locked or issued package's target is its pool; a building one aims at twice what it holds.
    // One debtor (the group) holds the whole pool, so the packages allow it all.
    `INSERT INTO abs_packages (id, package_no, package_name, programme, min_tenor_days, max_tenor_days, max_debtor_share, target_size, status, create_by, update_by, create_time)
      SELECT p.package_id, 'ABSSC' || lpad(substr(p.package_id, 8), 7, '0'), '规模资产包' || substr(p.package_id, 8), '规模供应链ABS计划', 0, 720, 1,
        CASE WHEN p.k > 0.9 * p.n THEN 2 * p.pool ELSE p.pool END,
        CASE WHEN p.k > 0.9 * p.n THEN 'BUILDING' WHEN p.k > 0.6 * p.n THEN 'LOCKED' ELSE 'ISSUED' END,
        'bench', 'bench', p.first
      FROM (SELECT package_id, sum(amount) AS pool, min(create_time) AS first, substr(package_id, 8)::int AS k, count(*) OVER () AS n
              FROM (${pooled}) pooled GROUP BY package_id) p`,
    `INSERT INTO abs_package_notes (package_id, note_id, create_time, create_by) SELECT package_id, note_id, create_time, 'bench' FROM (${pooled}) pooled`,
  ];
}

/** Builds the world; returns the seconds each part took. */
export async function buildScaleWorld(exec: Exec, sizes: ScaleSizes, log: (line: string) => void = () => {}): Promise<Record<string, number>> {
  const took: Record<string, number> = {};
  const part = async (name: string, statements: string[]) => {
    const started = performance.now();
    for (const statement of statements) await exec(statement);
    took[name] = +((performance.now() - started) / 1000).toFixed(1);
    log(`${name}: ${took[name]} s`);
  };
  const branches = branchesOf(sizes);
  const supBase = supplierBase(sizes);
  const suppliers = supplierCount(sizes);
  const depts = sizes.units - 1 - branches;

  // The dashboard's summaries of corporations, notes and instances (migration dashboard_note_task_corporation_summaries): off for
  // the bulk insert (a row-by-row upsert over a million rows), made once from the rows at the end.
  await part(
    'summary triggers off',
    DASHBOARD_SUMMARY_TRIGGERS.map(([table, trigger]) => `ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`),
  );
  for (const [name, statements] of treeParts(sizes)) await part(name, statements);

  // Account a is the platform's quota of unit a. Ledger row i belongs to account 1 + i % A and is the
  // k-th of it (k = i / A): k = 0 grants 1,000,000.00, odd k occupy 10.00, even k release them again.
  const A = sizes.accounts;
  // The ledger's bulk insert with the dashboard's summary trigger off (a row-by-row upsert over millions), the summaries made once afterwards.
  await part('quota accounts and ledger', [
    'ALTER TABLE quota_ledger DISABLE TRIGGER quota_ledger_summaries',
    'ALTER TABLE quota_ledger DISABLE TRIGGER summary_deltas_flush',
    `INSERT INTO quota_accounts (id, kind, channel, grantor_id, unit_id, group_id, parent_id, granted, term_end, create_by, update_by)
      SELECT 'sc-acct-' || a, 'PLATFORM', 'PLATFORM', 'PLATFORM', 'sc-unit-' || a, '${SCALE_IDS.group}', NULL, 0, '2099-12-31', 'bench', 'bench'
      FROM generate_series(1, ${A}) AS a`,
    `INSERT INTO quota_ledger (account_id, movement, amount, d_granted, d_used, available_after, process_key, remark, create_by, create_time)
      SELECT 'sc-acct-' || (1 + i % ${A}),
        CASE WHEN i / ${A} = 0 THEN 'GRANT' WHEN (i / ${A}) % 2 = 1 THEN 'OCCUPY' ELSE 'RELEASE' END,
        CASE WHEN i / ${A} = 0 THEN 1000000.00 ELSE 10.00 END,
        CASE WHEN i / ${A} = 0 THEN 1000000.00 ELSE 0 END,
        CASE WHEN i / ${A} = 0 THEN 0 WHEN (i / ${A}) % 2 = 1 THEN 10.00 ELSE -10.00 END,
        CASE WHEN i / ${A} > 0 AND (i / ${A}) % 2 = 1 THEN 999990.00 ELSE 1000000.00 END,
        CASE WHEN i / ${A} = 0 THEN 'Process_LMT_APPLY_AUDIT' ELSE NULL END,
        '规模流水', 'bench', now() - (${sizes.ledgerRows} - i) * (interval '1 year' / ${sizes.ledgerRows})
      FROM generate_series(0, ${sizes.ledgerRows - 1}) AS i`,
    // What the rows sum to: an even count of movements after the grant leaves 10.00 occupied.
    `UPDATE quota_accounts a SET movements = l.n, granted = l.granted, used = l.used
      FROM (SELECT account_id, count(*)::int AS n, sum(d_granted) AS granted, sum(d_used) AS used FROM quota_ledger WHERE account_id LIKE 'sc-acct-%' GROUP BY account_id) l
      WHERE a.id = l.account_id`,
    'ALTER TABLE quota_ledger ENABLE TRIGGER quota_ledger_summaries',
    'ALTER TABLE quota_ledger ENABLE TRIGGER summary_deltas_flush',
    'SELECT quota_ledger_summaries_rebuild()',
  ]);

  // Root notes: issued by project departments to suppliers, a year back to a year ahead; one in ten split in two.
  const roots = rootNotes(sizes);
  const splits = Math.floor(roots / 10);
  await part('credit notes', [
    'ALTER TABLE credit_notes DISABLE TRIGGER credit_notes_split_conserved',
    `INSERT INTO credit_notes (id, note_no, parent_id, root_id, group_id, issuer_unit_id, issuer_name, quota_account_id, holder_corp_id, holder_name,
        amount, issue_date, due_date, product_name, status, create_by, update_by, create_time)
      SELECT 'sc-note-' || i, 'SC' || lpad(i::text, 12, '0'), NULL, 'sc-note-' || i, '${SCALE_IDS.group}',
        'sc-unit-' || (${branches + 2} + i % ${Math.max(1, depts)}), '规模项目部', 'sc-acct-' || (1 + i % ${A}),
        'sc-corp-' || (${supBase + 1} + i % ${suppliers}), '规模供应商',
        1000.00 + (i % 100000), current_date - 365 + (i % 365), current_date - 180 + (i % 540), '规模产品',
        CASE WHEN i % 10 = 0 THEN 'SPLIT' ELSE (ARRAY['ISSUED', 'ISSUED', 'FINANCED', 'REDEEMED'])[1 + (i / 10) % 4] END,
        'bench', 'bench', now() - (${roots} - i) * (interval '1 year' / ${roots})
      FROM generate_series(1, ${roots}) AS i`,
    // A split note's two children: 60% passed to the next supplier, the rest kept; together exactly the parent.
    `INSERT INTO credit_notes (id, note_no, parent_id, root_id, group_id, issuer_unit_id, issuer_name, quota_account_id, holder_corp_id, holder_name,
        amount, issue_date, due_date, product_name, status, create_by, update_by, create_time)
      SELECT 'sc-note-' || p.i || '-' || c, p.note_no || '-' || c, 'sc-note-' || p.i, 'sc-note-' || p.i, p.group_id, p.issuer_unit_id, p.issuer_name, p.quota_account_id,
        CASE WHEN c = 1 THEN 'sc-corp-' || (${supBase + 1} + (p.i + 1) % ${suppliers}) ELSE p.holder_corp_id END, p.holder_name,
        CASE WHEN c = 1 THEN round(p.amount * 0.6, 2) ELSE p.amount - round(p.amount * 0.6, 2) END,
        p.issue_date, p.due_date, p.product_name, 'ISSUED', 'bench', 'bench', p.create_time
      FROM (SELECT n.*, substr(n.id, 9)::int AS i FROM credit_notes n WHERE n.id LIKE 'sc-note-%' AND n.status = 'SPLIT') p, generate_series(1, 2) AS c`,
    'ALTER TABLE credit_notes ENABLE TRIGGER credit_notes_split_conserved',
    `INSERT INTO credit_note_holds (id, note_id, kind, from_corp_id, from_name, to_corp_id, to_name, amount, create_by, create_time)
      SELECT 'sc-hold-' || n.id, n.id, CASE WHEN n.parent_id IS NULL THEN 'ISSUE' ELSE 'SPLIT' END, NULL, NULL, n.holder_corp_id, n.holder_name, n.amount, 'bench', n.create_time
      FROM credit_notes n WHERE n.id LIKE 'sc-note-%'`,
  ]);
  log(`credit notes: ${roots} issued, ${splits} split into ${2 * splits}`);

  await part('payments, financings, bills and packages', businessParts(sizes));

  // Instances of four history rows each (start, claim, two passes); one in fifty still waits for its director.
  const instances = Math.max(1, Math.floor(sizes.historyRows / 4));
  await part('workflow', [
    `INSERT INTO workflow_instances (id, process_key, business_key, summary, business_no, status, current_activity, start_user_id, start_username, start_person_name, end_time, create_by, update_by, create_time)
      SELECT 'sc-inst-' || i, (ARRAY[${PROCESS_KEYS.map((k) => `'${k}'`).join(', ')}])[1 + i % ${PROCESS_KEYS.length}], 'sc-biz-' || i,
        '规模业务 ' || i, 'SCB' || lpad(i::text, 10, '0'),
        CASE WHEN i % 50 = 0 THEN 'RUNNING' ELSE 'APPROVED' END, CASE WHEN i % 50 = 0 THEN 'Approve' ELSE NULL END,
        'sc-user-' || (i % 100), 'sc_user_' || (i % 100), '规模经办' || (i % 100),
        CASE WHEN i % 50 = 0 THEN NULL ELSE now() - (${instances} - i) * (interval '1 year' / ${instances}) + interval '1 hour' END,
        'bench', 'bench', now() - (${instances} - i) * (interval '1 year' / ${instances})
      FROM generate_series(1, ${instances}) AS i`,
    `INSERT INTO workflow_tasks (id, instance_id, process_key, task_definition_key, activity_type, working_role, status, assignee_id, assignee_name, outcome, complete_time, create_by, update_by, create_time)
      SELECT 'sc-task-' || w.id || '-' || s, w.id, w.process_key, CASE WHEN s = 1 THEN 'Edit' ELSE 'Approve' END, CASE WHEN s = 1 THEN 'edit' ELSE 'approve' END,
        CASE WHEN s = 1 THEN 'handler' ELSE 'director' END,
        CASE WHEN s = 2 AND w.status = 'RUNNING' THEN 'TODO' ELSE 'DONE' END,
        CASE WHEN s = 2 AND w.status = 'RUNNING' THEN NULL ELSE w.start_user_id END,
        CASE WHEN s = 2 AND w.status = 'RUNNING' THEN NULL ELSE w.start_person_name END,
        CASE WHEN s = 2 AND w.status = 'RUNNING' THEN NULL ELSE 'PASS' END,
        CASE WHEN s = 2 AND w.status = 'RUNNING' THEN NULL ELSE w.create_time + interval '30 minutes' * s END,
        'bench', 'bench', w.create_time + interval '1 minute' * s
      FROM workflow_instances w, generate_series(1, 2) AS s WHERE w.id LIKE 'sc-inst-%'`,
    `INSERT INTO workflow_history (id, instance_id, task_id, task_definition_key, activity_type, action, user_id, username, person_name, remark, create_time)
      SELECT 'sc-hist-' || w.id || '-' || s, w.id, 'sc-task-' || w.id || '-' || (CASE WHEN s <= 3 THEN 1 ELSE 2 END),
        CASE WHEN s <= 3 THEN 'Edit' ELSE 'Approve' END, CASE WHEN s <= 3 THEN 'edit' ELSE 'approve' END,
        (ARRAY['START', 'CLAIM', 'PASS', 'PASS'])[s], w.start_user_id, w.start_username, w.start_person_name, '同意', w.create_time + interval '1 minute' * s
      FROM workflow_instances w, generate_series(1, 4) AS s WHERE w.id LIKE 'sc-inst-%' AND NOT (w.status = 'RUNNING' AND s = 4)`,
  ]);

  await part('operation log', [
    `INSERT INTO sys_operation_logs (id, user_id, username, person_name, ip_address, resource, record_id, action, fields, before, after, create_time)
      SELECT 'sc-log-' || i, 'sc-user-' || (i % 100), 'sc_user_' || (i % 100), '规模经办' || (i % 100), '10.0.' || (i % 250) || '.' || (i % 200),
        (ARRAY['corporations', 'quota-requests', 'credit-notes', 'workflow'])[1 + i % 4], 'sc-rec-' || (i % 50000),
        (ARRAY['CREATE', 'UPDATE', 'UPDATE', 'DELETE'])[1 + (i / 4) % 4], 'remark',
        jsonb_build_object('remark', 'before ' || i), jsonb_build_object('remark', 'after ' || i),
        now() - (${sizes.logRows} - i) * (interval '1 year' / ${sizes.logRows})
      FROM generate_series(1, ${sizes.logRows}) AS i`,
  ]);

  await part('dashboard summaries', [
    ...DASHBOARD_SUMMARY_TRIGGERS.map(([table, trigger]) => `ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`),
    'SELECT dashboard_summaries_rebuild()',
    'SELECT list_row_counts_rebuild()',
  ]);
  await part('analyze', ['ANALYZE']);
  return took;
}

/** The invariants the world keeps (and a month-end run must keep), the dashboard's summaries among them: a list of what is broken, empty when none. */
export async function checkScaleInvariants(query: Query): Promise<string[]> {
  const broken: string[] = [];
  const accounts = await query<{ id: string }>(`
    SELECT a.id FROM quota_accounts a
      LEFT JOIN (SELECT account_id, count(*) AS n, sum(d_granted) AS g, sum(d_dispatched) AS d, sum(d_frozen) AS f, sum(d_used) AS u FROM quota_ledger GROUP BY account_id) l ON l.account_id = a.id
     WHERE a.granted <> coalesce(l.g, 0) OR a.dispatched <> coalesce(l.d, 0) OR a.frozen <> coalesce(l.f, 0) OR a.used <> coalesce(l.u, 0) OR a.movements <> coalesce(l.n, 0)
     LIMIT 5`);
  for (const { id } of accounts) broken.push(`account ${id}: balances differ from its ledger`);
  const notes = await query<{ note_no: string }>(`
    SELECT p.note_no FROM credit_notes p JOIN credit_notes c ON c.parent_id = p.id
     GROUP BY p.id, p.note_no, p.amount, p.status HAVING p.status <> 'SPLIT' OR p.amount <> sum(c.amount) LIMIT 5`);
  for (const { note_no } of notes) broken.push(`note ${note_no}: not the exact sum of its split notes`);
  // The dashboard's summaries (server/db/schema-dashboard.ts) are the ledger's sums, kept by its trigger.
  const summaries = await query<{ account_id: string }>(`
    SELECT coalesce(t.account_id, l.account_id) AS account_id FROM quota_ledger_totals t
      FULL JOIN (SELECT account_id, count(*)::int AS n, sum(d_granted) AS g, sum(d_dispatched) AS d, sum(d_frozen) AS f, sum(d_used) AS u FROM quota_ledger GROUP BY account_id) l ON l.account_id = t.account_id
     WHERE t.movements IS DISTINCT FROM l.n OR t.d_granted IS DISTINCT FROM l.g OR t.d_dispatched IS DISTINCT FROM l.d OR t.d_frozen IS DISTINCT FROM l.f OR t.d_used IS DISTINCT FROM l.u
     LIMIT 5`);
  for (const { account_id } of summaries) broken.push(`account ${account_id}: the dashboard's ledger totals differ from its ledger`);
  // A payment is the exact sum of the notes it settles, each matched at its full amount and issued by the paying unit; an approved
  // payment's notes are redeemed, a pending one's still outstanding (src/lib/redemption.ts, server/redemption/payments.ts).
  const payments = await query<{ id: string }>(`
    SELECT p.id FROM credit_payments p JOIN credit_payment_notes pn ON pn.payment_id = p.id JOIN credit_notes n ON n.id = pn.note_id
     GROUP BY p.id, p.amount, p.status, p.payer_unit_id
    HAVING p.amount <> sum(pn.amount) OR bool_or(pn.amount <> n.amount) OR bool_or(n.issuer_unit_id <> p.payer_unit_id)
        OR (p.status = 'APPROVED' AND bool_or(n.status <> 'REDEEMED')) OR (p.status = 'PENDING' AND bool_or(n.status NOT IN ('ISSUED', 'FINANCED')))
     LIMIT 5`);
  for (const { id } of payments) broken.push(`payment ${id}: not the exact sum of its notes, or its notes' status differs from its own`);
  // The world's redeemed notes were redeemed by an approved payment (it pays no note outside the platform).
  const unpaid = await query<{ note_no: string }>(`
    SELECT n.note_no FROM credit_notes n WHERE n.id LIKE 'sc-note-%' AND n.status = 'REDEEMED'
       AND NOT EXISTS (SELECT 1 FROM credit_payment_notes pn JOIN credit_payments p ON p.id = pn.payment_id WHERE pn.note_id = n.id AND p.status = 'APPROVED')
     LIMIT 5`);
  for (const { note_no } of unpaid) broken.push(`note ${note_no}: redeemed without an approved payment`);
  // A financed note's holder is qualified: a signed financing application, supplier and core enterprise of their types.
  const unqualified = await query<{ note_no: string }>(`
    SELECT n.note_no FROM credit_notes n WHERE n.id LIKE 'sc-note-%' AND n.status = 'FINANCED'
       AND NOT EXISTS (SELECT 1 FROM financing_applications f WHERE f.supplier_corp_id = n.holder_corp_id AND f.status = 'SIGNED' AND f.signed_at IS NOT NULL)
     LIMIT 5`);
  for (const { note_no } of unqualified) broken.push(`note ${note_no}: financed by a supplier with no signed financing application`);
  const parties = await query<{ id: string }>(`
    SELECT f.id FROM financing_applications f JOIN corporations s ON s.id = f.supplier_corp_id JOIN corporations c ON c.id = f.core_corp_id
     WHERE f.id LIKE 'sc-fa-%' AND NOT ('SUPPLIER' = ANY (s.corp_types) AND 'CORE_ENTERPRISE' = ANY (c.corp_types)) LIMIT 5`);
  for (const { id } of parties) broken.push(`financing application ${id}: its supplier or core enterprise is not of its type`);
  // A world's bill is what the bills' generation computes for its corporation and month: the root notes its group issued, the
  // financings signed with it (signing day in the business zone); nothing priced, so all of it unpriced and no fee.
  const bills = await query<{ bill_no: string }>(`
    SELECT b.bill_no FROM bills b
      LEFT JOIN (SELECT g.corp_id, to_char(n.issue_date, 'YYYY-MM') AS period, sum(n.amount) AS amount
                   FROM credit_notes n JOIN group_units g ON g.id = n.group_id WHERE n.parent_id IS NULL GROUP BY 1, 2) i ON i.corp_id = b.corp_id AND i.period = b.period
      LEFT JOIN (SELECT core_corp_id AS corp_id, to_char(signed_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM') AS period, sum(amount) AS amount
                   FROM financing_applications WHERE status = 'SIGNED' GROUP BY 1, 2) f ON f.corp_id = b.corp_id AND f.period = b.period
      LEFT JOIN (SELECT bill_id, sum(fee_amount) AS fee, sum(basis_amount) AS basis FROM bill_lines GROUP BY 1) l ON l.bill_id = b.id
     WHERE b.id LIKE 'sc-bill-%' AND (b.issued_amount <> coalesce(i.amount, 0) OR b.financed_amount <> coalesce(f.amount, 0)
        OR b.fee_amount <> coalesce(l.fee, 0) OR b.issued_amount + b.financed_amount <> coalesce(l.basis, 0) + b.unpriced_amount)
     LIMIT 5`);
  for (const { bill_no } of bills) broken.push(`bill ${bill_no}: differs from its period's issued notes and signed financings`);
  // A locked or issued package holds exactly its target; every pooled note is financed.
  const packages = await query<{ package_no: string }>(`
    SELECT p.package_no FROM abs_packages p JOIN abs_package_notes pn ON pn.package_id = p.id JOIN credit_notes n ON n.id = pn.note_id
     WHERE p.id LIKE 'sc-pkg-%' GROUP BY p.id, p.package_no, p.status, p.target_size
    HAVING (p.status <> 'BUILDING' AND p.target_size <> sum(n.amount)) OR bool_or(n.status <> 'FINANCED') LIMIT 5`);
  for (const { package_no } of packages) broken.push(`package ${package_no}: its target differs from its notes' sum, or it pools a note not financed`);
  return broken;
}
