/**
 * The benchmark's world, small (issue 41 item 5; `npm run bench:audit-rules` builds it at full size):
 * on 40 roles, 800 people and 40,000 history rows built with generate_series, the evaluation finds
 * exactly what a brute force over the same rows finds: the people holding both payment functions
 * through two roles, the instances approved by their own submitter, the auditor's writes. The times
 * are the benchmark's business; this checks that what is timed is right.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateRules } from '../../server/audit-rules/evaluate';
import { PERMISSIONS } from '../../src/features/redemption/permissions';
import { auditSizesAt, buildAuditWorld } from '../../bench/audit-rules/world';
import { startServer, type TestServer } from './server';

let srv: TestServer;
const sizes = auditSizesAt(0.04);

// Its own server: the world adds 800 people, some of whom break rules on purpose.
beforeAll(async () => {
  srv = await startServer();
  await buildAuditWorld((statement) => srv.database.db.execute(sql.raw(statement)), sizes);
});
afterAll(() => srv.close());

const rowsOf = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
  const result: unknown = await srv.database.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
};

describe('the auditors’ rules over the benchmark’s world', () => {
  it('find exactly the conflicts, the self-approvals and the auditor’s writes a brute force finds', async () => {
    const report = await evaluateRules(srv.database.db, { now: () => new Date() });
    const found = (ruleId: string) =>
      new Set(report.findings.filter((f) => f.ruleId === ruleId && f.status === 'VIOLATION' && f.subjectId.startsWith('ab-')).map((f) => f.subjectId));

    const { redemption } = PERMISSIONS;
    const both = await rowsOf<{ user_id: string }>(sql`
      select ur.user_id from user_roles ur join role_permissions rp on rp.pk_role = ur.pk_role
      where ur.user_id like 'ab-user-%' group by ur.user_id
      having bool_or(rp.permission = ${redemption.add}) and bool_or(rp.permission = ${redemption.audit})`);
    expect(both.length).toBeGreaterThan(0);
    expect(found('SOD-PAYMENT-RECORD-AUDIT')).toEqual(new Set(both.map((r) => r.user_id)));

    const selfApproved = await rowsOf<{ instance_id: string }>(sql`
      select h.instance_id from workflow_history h where h.instance_id like 'ab-inst-%'
      group by h.instance_id having count(distinct h.user_id) = 1`);
    expect(selfApproved.length).toBe(Math.floor(sizes.historyRows / 4 / 10_000));
    const fourEyes = report.findings
      .filter((f) => f.ruleId === 'FOUR-EYES-MONEY' && f.status === 'VIOLATION')
      .map((f) => (f.evidence as { instanceId?: string }).instanceId ?? f.subjectId);
    expect(new Set(fourEyes.filter((id) => id.startsWith('ab-')))).toEqual(new Set(selfApproved.map((r) => r.instance_id)));

    // No auditor of this world wrote: the log's rows are the other people's.
    expect([...found('READ-ONLY-AUDITOR')]).toEqual([]);
    expect(report.highBroken).toBe(true);
  });
});
