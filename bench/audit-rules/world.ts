/**
 * The auditors' rules at scale (issue 41 item 5): 1,000 roles, 20,000 people and 1,000,000 workflow
 * history rows (and a log of their writes), built straight into the database with `generate_series`
 * beside the demo world, as bench/scale/world.ts builds a group's year. Sizes are a fraction of the
 * full world (`scale` 1), so a test can build a small one with the same shape.
 *
 * The world is shaped so every kind of rule has work to do and something to find: one role in twenty
 * records payments and one in twenty audits them (people holding both through two roles break the
 * payment rule), one in ten handles tasks, one person in two hundred is an auditor, one instance in
 * ten thousand was approved by its own submitter, and a few auditors wrote to the log. Every id starts
 * with `ab-`.
 */
import { ALL_PERMISSIONS } from '../../src/lib/all-permissions';
import { PERMISSIONS as REDEMPTION_PERMISSIONS } from '../../src/features/redemption/permissions';
import { PERMISSIONS as PLATFORM_PERMISSIONS } from '../../src/lib/permissions';

/** The permission strings named here, each group from its area's catalogue (or the platform's). */
const PERMISSIONS = { ...REDEMPTION_PERMISSIONS, ...PLATFORM_PERMISSIONS };

export type Exec = (statement: string) => Promise<unknown>;

export const FULL_AUDIT_SIZES = { roles: 1_000, people: 20_000, historyRows: 1_000_000, logRows: 200_000 } as const;
export type AuditSizes = { -readonly [K in keyof typeof FULL_AUDIT_SIZES]: number };

export function auditSizesAt(scale: number): AuditSizes {
  const at = (full: number, least: number) => Math.max(least, Math.round(full * scale));
  return {
    roles: at(FULL_AUDIT_SIZES.roles, 40),
    people: at(FULL_AUDIT_SIZES.people, 200),
    historyRows: at(FULL_AUDIT_SIZES.historyRows, 400),
    logRows: at(FULL_AUDIT_SIZES.logRows, 200),
  };
}

/** The money processes the four-eyes rule names (two steps: a handler's Edit, a director's Approve). */
const PROCESSES = [
  'Process_LMT_DISPATCH_AUDIT',
  'Process_LMT_APPLY_AUDIT',
  'Process_CREDIT_REDEEM_REGISTER_BIZ',
  'Process_BILL_MANAGE',
  'Process_FINANCING_SIGN_UP',
  'Process_CI_CORE_ADMIT_UPDATE',
];
const quoted = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

/** Builds the world; returns the seconds each part took. */
export async function buildAuditWorld(exec: Exec, sizes: AuditSizes, log: (line: string) => void = () => {}): Promise<Record<string, number>> {
  const took: Record<string, number> = {};
  const part = async (name: string, statements: string[]) => {
    const started = performance.now();
    for (const statement of statements) await exec(statement);
    took[name] = +((performance.now() - started) / 1000).toFixed(1);
    log(`${name}: ${took[name]} s`);
  };
  // Reading permissions every role may hold without breaking a rule; the makers and checkers are added apart.
  const reads = ALL_PERMISSIONS.filter((p) => /:(list|query)$/.test(p));
  const { redemption, task } = PERMISSIONS;
  const { roles, people } = sizes;
  await part('roles', [
    `INSERT INTO roles (pk_role, code, role_name, status) SELECT 'ab-role-' || i, 'ROLE_AB_' || i, '规模角色' || i, '0' FROM generate_series(1, ${roles}) AS i`,
    `INSERT INTO role_permissions (pk_role, permission)
      SELECT DISTINCT 'ab-role-' || i, (${quoted(reads)})[1 + (i * 7 + k * 13) % ${reads.length}] FROM generate_series(1, ${roles}) AS i, generate_series(1, 6) AS k`,
    `INSERT INTO role_permissions (pk_role, permission)
      SELECT 'ab-role-' || i, CASE WHEN i % 20 = 0 THEN '${redemption.add}' ELSE '${redemption.audit}' END FROM generate_series(1, ${roles}) AS i WHERE i % 20 IN (0, 1)`,
    `INSERT INTO role_permissions (pk_role, permission) SELECT 'ab-role-' || i, '${task.handle}' FROM generate_series(1, ${roles}) AS i WHERE i % 10 = 5`,
  ]);
  await part('people', [
    `INSERT INTO users (id, username, password_hash, person_name, status) SELECT 'ab-user-' || i, 'ab_user_' || i, 'bench', '规模人员' || i, '0' FROM generate_series(1, ${people}) AS i`,
    // Two roles each (1 + i % roles and another spread over the roles), the auditor's for one in two hundred.
    `INSERT INTO user_roles (user_id, pk_role)
      SELECT DISTINCT 'ab-user-' || i, 'ab-role-' || (1 + (CASE WHEN k = 1 THEN i ELSE i / 3 + i * 13 END) % ${roles}) FROM generate_series(1, ${people}) AS i, generate_series(1, 2) AS k`,
    `INSERT INTO user_roles (user_id, pk_role) SELECT 'ab-user-' || i, 'r-op-auditor' FROM generate_series(1, ${people}) AS i WHERE i % 200 = 0`,
  ]);
  // Instances of four history rows each (start, claim, the submitter's pass, another person's approval);
  // one in ten thousand approved by its own submitter, which four eyes in fact must find.
  const instances = Math.max(1, Math.floor(sizes.historyRows / 4));
  await part('workflow history', [
    `INSERT INTO workflow_instances (id, process_key, business_key, summary, business_no, status, current_activity, start_user_id, start_username, start_person_name, end_time, create_by, update_by, create_time)
      SELECT 'ab-inst-' || i, (${quoted(PROCESSES)})[1 + i % ${PROCESSES.length}], 'ab-biz-' || i, '规模业务 ' || i, 'ABB' || lpad(i::text, 10, '0'),
        'APPROVED', NULL, 'ab-user-' || (1 + i % ${people}), 'ab_user_' || (1 + i % ${people}), '规模人员' || (1 + i % ${people}),
        now() - (${instances} - i) * (interval '1 year' / ${instances}) + interval '1 hour', 'bench', 'bench', now() - (${instances} - i) * (interval '1 year' / ${instances})
      FROM generate_series(1, ${instances}) AS i`,
    `INSERT INTO workflow_history (id, instance_id, task_id, task_definition_key, activity_type, action, user_id, username, person_name, remark, create_time)
      SELECT 'ab-hist-' || i || '-' || s, 'ab-inst-' || i, 'ab-task-' || i || '-' || (CASE WHEN s <= 3 THEN 1 ELSE 2 END),
        CASE WHEN s <= 3 THEN (CASE WHEN i % ${PROCESSES.length} = 2 THEN 'Register' WHEN i % ${PROCESSES.length} = 3 THEN 'ModifyStatus' ELSE 'Edit' END) ELSE 'Approve' END,
        CASE WHEN s <= 3 THEN (CASE WHEN i % ${PROCESSES.length} = 3 THEN 'modifyStatus' ELSE 'edit' END) ELSE 'approve' END,
        (ARRAY['START', 'CLAIM', 'PASS', 'PASS'])[s],
        'ab-user-' || (1 + (CASE WHEN s = 4 AND i % 10000 <> 0 THEN i + 1 ELSE i END) % ${people}),
        'ab_user_' || (1 + (CASE WHEN s = 4 AND i % 10000 <> 0 THEN i + 1 ELSE i END) % ${people}),
        '规模人员' || (1 + (CASE WHEN s = 4 AND i % 10000 <> 0 THEN i + 1 ELSE i END) % ${people}),
        '同意', now() - (${instances} - i) * (interval '1 year' / ${instances}) + interval '1 minute' * s
      FROM generate_series(1, ${instances}) AS i, generate_series(1, 4) AS s`,
  ]);
  // The people's writes; the auditors among them (i % 200 = 0) are left out but for a handful of rows.
  await part('operation log', [
    `INSERT INTO sys_operation_logs (id, user_id, username, person_name, ip_address, resource, record_id, action, create_time)
      SELECT 'ab-log-' || i, 'ab-user-' || u, 'ab_user_' || u, '规模人员' || u, '10.0.0.1', 'corporations', 'ab-rec-' || (i % 5000),
        (ARRAY['CREATE', 'UPDATE', 'REVEAL'])[1 + i % 3], now() - (${sizes.logRows} - i) * (interval '1 year' / ${sizes.logRows})
      FROM (SELECT i, CASE WHEN i % 50000 = 0 THEN 200 WHEN (1 + i % ${people}) % 200 = 0 THEN i % ${people} ELSE 1 + i % ${people} END AS u FROM generate_series(1, ${sizes.logRows}) AS i) AS g`,
  ]);
  await part('analyze', [
    'ANALYZE roles',
    'ANALYZE role_permissions',
    'ANALYZE users',
    'ANALYZE user_roles',
    'ANALYZE workflow_instances',
    'ANALYZE workflow_history',
    'ANALYZE sys_operation_logs',
  ]);
  return took;
}
