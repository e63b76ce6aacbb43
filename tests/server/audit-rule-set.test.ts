/**
 * Auditors' rules bite (issue 41 item 4): the shipped rule set passes on the demo world; each kind of
 * violation, built through the API where the API allows it and through the database where only a
 * bypass can make it (an instance approved by its submitter, a write by the auditor), is detected
 * with the evidence an auditor needs; the preventive check refuses a conflicting role and a
 * conflicting pair of roles, naming the rule and the pair, and lets it through only under an
 * exception a second person approved, which the report then lists. The report exports as .xlsx and
 * PDF with the run's time and the rule set's version.
 */
import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_RULES_API, AUDIT_RULE_SET_VERSION } from '../../src/lib/audit-rules';
import { PERMISSIONS } from '../../src/features/redemption/permissions';
import { ROLE_CALLS, STAFF_CALLS } from '../../src/resources/staff';
import { auditRules, operationLogs, roles, users, workflowHistory, workflowInstances, workflowTasks } from '../../server/db/schema';
import type { AuditReport, Finding } from '../../server/audit-rules/evaluate';
import { ApiClient, dataOf, signInAs } from './client';
import { startServer, type TestServer } from './server';
import { testRecords, TEST_START } from './test-records';

let srv: TestServer;
let admin: ApiClient;
let auditor: ApiClient;
let director: ApiClient;
let handler: ApiClient;

beforeAll(async () => {
  srv = await startServer({ extraRoutes: [testRecords] });
  [admin, auditor, director, handler] = await Promise.all(['op_admin', 'op_auditor', 'op_director', 'op_handler'].map((u) => signInAs(srv.baseUrl, u)));
});
afterAll(() => srv.close());

interface Run {
  id: string;
  runByName: string;
  finishedAt: string;
  ruleSetVersion: string;
  report: AuditReport;
}
const run = () => dataOf<Run>(auditor, AUDIT_RULES_API.run);
const findingsOf = (r: Run, ruleId: string, status: Finding['status'] = 'VIOLATION') =>
  r.report.findings.filter((f) => f.ruleId === ruleId && f.status === status);
const resultOf = (r: Run, ruleId: string) => r.report.rules.find((x) => x.id === ruleId)!;

let seq = 0;
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${seq++}`;
const { redemption } = PERMISSIONS;

const createRole = (permissions: string[]) =>
  admin.call<{ id: string }>(ROLE_CALLS.save, {
    json: { roleName: unique('角色'), code: unique('ROLE_T').toUpperCase(), status: '0', permissions, menuIds: [] },
  });

describe('the shipped rule set', () => {
  it('is stored from the reference data and passes on the demo world, the administrator listed as mitigated', async () => {
    const stored = await srv.database.db.select({ id: auditRules.id }).from(auditRules);
    expect(stored.length).toBeGreaterThanOrEqual(10);
    const first = await run();
    expect(first.ruleSetVersion).toBe(AUDIT_RULE_SET_VERSION);
    expect(first.runByName).toBe('审计员赵六');
    expect(first.report.rules.filter((r) => !r.passed)).toEqual([]);
    expect(first.report.highBroken).toBe(false);
    // The wildcard holds both sides of every conflict: listed as mitigated, never silently skipped.
    const mitigated = findingsOf(first, 'SOD-PAYMENT-RECORD-AUDIT', 'MITIGATED');
    expect(mitigated.map((f) => f.subjectName).sort()).toEqual(['系统管理员', '系统管理员']);
  });

  it('is read by the auditor but run by no one without the permission', async () => {
    const overview = await dataOf<{ rules: Array<{ id: string; lastResult: unknown }> }>(auditor, AUDIT_RULES_API.overview);
    expect(overview.rules.every((r) => r.lastResult !== null)).toBe(true);
    const refused = await handler.call(AUDIT_RULES_API.run);
    expect(refused.status).toBe(403);
  });
});

describe('preventive: a save that would break a rule is refused', () => {
  it('refuses a role that records and audits payments, naming the rule and the pair, and saves nothing', async () => {
    const before = (await srv.database.db.select({ n: sql<number>`count(*)::int` }).from(roles))[0].n;
    const refused = await createRole([redemption.list, redemption.add, redemption.audit]);
    expect(refused.body.code).toBe('AUDIT_RULE_BROKEN');
    expect(refused.body.message).toContain('付款登记与付款审核不相容');
    expect(refused.body.message).toContain('SOD-PAYMENT-RECORD-AUDIT');
    expect(refused.body.message).toContain('“登记付款”');
    expect(refused.body.message).toContain('“审核付款”');
    expect((await srv.database.db.select({ n: sql<number>`count(*)::int` }).from(roles))[0].n).toBe(before);
  });

  it('refuses the roles that together break a rule on one person; an exception approved by a second person lets it through and is listed', async () => {
    const recorder = await createRole([redemption.list, redemption.add]);
    const checker = await createRole([redemption.list, redemption.audit]);
    expect([recorder.body.code, checker.body.code]).toEqual(['0', '0']);
    const username = unique('clerk');
    const made = await admin.call<{ id: string; dataVersion: number }>(STAFF_CALLS.save, {
      json: {
        username,
        personName: '出纳钱九',
        password: admin.encrypt('Init@2026!'),
        corpIds: ['CORP-HQ'],
        orgId: 'org-ops',
        roleIds: [recorder.body.data!.id],
      },
    });
    expect(made.body.code).toBe('0');
    const person = made.body.data!;
    const both = {
      id: person.id,
      dataVersion: person.dataVersion,
      personName: '出纳钱九',
      corpIds: ['CORP-HQ'],
      orgId: 'org-ops',
      roleIds: [recorder.body.data!.id, checker.body.data!.id],
    };
    const refused = await admin.call(STAFF_CALLS.update, { json: both });
    expect(refused.body.code).toBe('AUDIT_RULE_BROKEN');
    expect(refused.body.message).toContain('人员“出纳钱九”');

    // The exception: a reason, an expiry, asked by one person and approved by another.
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const asked = await dataOf<{ id: string }>(admin, AUDIT_RULES_API.requestException, {
      ruleId: 'SOD-PAYMENT-RECORD-AUDIT',
      subjectType: 'user',
      subjectId: person.id,
      reason: '月末结账期间人手不足，临时兼岗',
      expiresAt,
    });
    const stillRefused = await admin.call(STAFF_CALLS.update, { json: both });
    expect(stillRefused.body.code).toBe('AUDIT_RULE_BROKEN');
    const selfApproved = await admin.call(AUDIT_RULES_API.approveException, { json: { id: asked.id } });
    expect(selfApproved.body.code).toBe('MAKER_CHECKER');
    await dataOf(director, AUDIT_RULES_API.approveException, { id: asked.id });
    const saved = await admin.call(STAFF_CALLS.update, { json: both });
    expect(saved.body.code).toBe('0');

    const after = await run();
    const excepted = findingsOf(after, 'SOD-PAYMENT-RECORD-AUDIT', 'EXCEPTED').find((f) => f.subjectId === person.id)!;
    expect(excepted.exception).toMatchObject({ reason: '月末结账期间人手不足，临时兼岗', approvedByName: '主管李四', requestedByName: '系统管理员' });
    expect(resultOf(after, 'SOD-PAYMENT-RECORD-AUDIT')).toMatchObject({ passed: true });
    // Requesting and approving are in the operation log.
    const logged = await srv.database.db
      .select({ action: operationLogs.action, username: operationLogs.username })
      .from(operationLogs)
      .where(eq(operationLogs.recordId, asked.id));
    expect(logged.map((l) => `${l.action}:${l.username}`).sort()).toEqual(['CREATE:op_admin', 'UPDATE:op_director']);
  });

  it('refuses an exception without a reason or with a past expiry, changing nothing', async () => {
    const noReason = await admin.call(AUDIT_RULES_API.requestException, {
      json: { ruleId: 'SOD-TEMPLATE', subjectType: 'role', subjectId: 'r-op-handler', reason: ' ', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(noReason.body.message).toBe('例外原因不能为空');
    const past = await admin.call(AUDIT_RULES_API.requestException, {
      json: { ruleId: 'SOD-TEMPLATE', subjectType: 'role', subjectId: 'r-op-handler', reason: '原因', expiresAt: '2020-01-01T00:00:00Z' },
    });
    expect(past.body.message).toBe('到期时间必须是将来的日期，且不超过一年');
    const history = await admin.call(AUDIT_RULES_API.requestException, {
      json: {
        ruleId: 'FOUR-EYES-ALL',
        subjectType: 'role',
        subjectId: 'r-op-handler',
        reason: '原因',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(history.body.message).toBe('只有不相容职责和受限职责规则可以申请例外');
  });
});

describe('detective: each kind of violation is found with its evidence', () => {
  it('a role granted both functions behind the API, and a person given two roles that together hold them', async () => {
    const role = await createRole([redemption.list, redemption.add]);
    const pkRole = role.body.data!.id;
    // The bypass: grants written straight into the database, as a careless migration or script would.
    await srv.database.db.execute(sql`insert into role_permissions (pk_role, permission) values (${pkRole}, ${redemption.audit})`);
    await srv.database.db.execute(sql`insert into user_roles (user_id, pk_role) values ('u-op-director', 'r-op-handler')`);
    const found = await run();
    const byRole = findingsOf(found, 'SOD-PAYMENT-RECORD-AUDIT').find((f) => f.subjectId === pkRole)!;
    expect(byRole.evidence).toMatchObject({ a: [{ pkRole, permissions: [redemption.add] }], b: [{ pkRole, permissions: [redemption.audit] }] });
    const byPerson = findingsOf(found, 'SOD-QUOTA-DISPATCH').find((f) => f.subjectId === 'u-op-director')!;
    expect(byPerson.subjectName).toBe('主管李四');
    const evidence = byPerson.evidence as {
      roles: Array<{ code: string }>;
      a: Array<{ code: string; permissions: string[] }>;
      b: Array<{ code: string; steps: string[] }>;
    };
    expect(evidence.roles.map((r) => r.code).sort()).toEqual(['ROLE_OP_DIRECTOR', 'ROLE_OP_HANDLER']);
    expect(evidence.a).toEqual([expect.objectContaining({ code: 'ROLE_OP_HANDLER', permissions: expect.arrayContaining(['quota:account:dispatch']) })]);
    expect(evidence.b).toEqual([expect.objectContaining({ code: 'ROLE_OP_DIRECTOR', steps: expect.arrayContaining(['Process_LMT_DISPATCH_AUDIT.Approve']) })]);
    expect(found.report.highBroken).toBe(true);
    await srv.database.db.execute(sql`delete from user_roles where user_id = 'u-op-director' and pk_role = 'r-op-handler'`);
    await srv.database.db.execute(sql`delete from role_permissions where pk_role = ${pkRole} and permission = ${redemption.audit}`);
  });

  it('an instance approved by its submitter through a seam that bypasses the engine', async () => {
    const started = await dataOf<{ instance: { id: string }; task: { id: string; taskDefinitionKey: string; activityType: string } }>(handler, TEST_START, {
      processKey: 'Process_LMT_DISPATCH_AUDIT',
      businessKey: unique('FE'),
      businessType: 'TEST',
    });
    // The engine would refuse MAKER_CHECKER; the database does not know the rule.
    const db = srv.database.db;
    await db
      .update(workflowTasks)
      .set({ status: 'DONE', outcome: 'PASS', assigneeId: 'u-op-handler', completeTime: new Date() })
      .where(eq(workflowTasks.id, started.task.id));
    await db.insert(workflowHistory).values({
      instanceId: started.instance.id,
      taskId: started.task.id,
      taskDefinitionKey: started.task.taskDefinitionKey,
      activityType: started.task.activityType,
      action: 'PASS',
      userId: 'u-op-handler',
      username: 'op_handler',
      personName: '经办人张三',
    });
    await db
      .update(workflowInstances)
      .set({ status: 'APPROVED', currentActivity: null, endTime: new Date() })
      .where(eq(workflowInstances.id, started.instance.id));
    const found = await run();
    for (const ruleId of ['FOUR-EYES-MONEY', 'FOUR-EYES-ALL']) {
      const [finding] = findingsOf(found, ruleId).filter((f) => f.subjectId === started.instance.id);
      expect(finding.evidence).toMatchObject({
        breach: 'SUBMITTED_AND_APPROVED',
        processKey: 'Process_LMT_DISPATCH_AUDIT',
        person: { username: 'op_handler', personName: '经办人张三' },
      });
      const steps = (finding.evidence as { steps: Array<{ step: string; action: string; personName: string }> }).steps.filter((s) => s.action === 'PASS');
      expect(steps.map((s) => `${s.step}:${s.personName}`)).toEqual([`${steps[0].step}:经办人张三`, `${started.task.taskDefinitionKey}:经办人张三`]);
    }
  });

  it('a change applied without its instance ending approved', async () => {
    const db = srv.database.db;
    const [instance] = await db
      .insert(workflowInstances)
      .values({
        processKey: 'Process_BILL_MANAGE',
        businessKey: unique('BILL'),
        status: 'REJECTED',
        startUserId: 'u-op-handler',
        startUsername: 'op_handler',
        startPersonName: '经办人张三',
      })
      .returning();
    await db.execute(sql`insert into approval_changes (id, resource, scope, record_id, action, process_key, instance_id, proposed, status)
      values ('chg-bypass', 'bills', 'bills', 'b-1', 'update', 'Process_BILL_MANAGE', ${instance.id}, '{}'::jsonb, 'APPROVED')`);
    const [finding] = findingsOf(await run(), 'FOUR-EYES-MONEY').filter((f) => f.subjectId === 'chg-bypass');
    expect(finding.evidence).toMatchObject({ breach: 'APPLIED_WITHOUT_APPROVAL', instanceId: instance.id, instanceStatus: 'REJECTED' });
  });

  it("a write by the auditor, made through the database, with the log rows as evidence; the auditor's reveals are not writes", async () => {
    const db = srv.database.db;
    const [auditorRow] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'op_auditor'));
    await db.insert(operationLogs).values([
      { userId: auditorRow.id, username: 'op_auditor', personName: '审计员赵六', resource: 'sys-configs', recordId: 'cfg-1', action: 'UPDATE' },
      { userId: auditorRow.id, username: 'op_auditor', personName: '审计员赵六', resource: 'corporations', recordId: 'c-1', action: 'REVEAL' },
    ]);
    const [finding] = findingsOf(await run(), 'READ-ONLY-AUDITOR');
    expect(finding).toMatchObject({ subjectType: 'user', subjectName: '审计员赵六' });
    expect(finding.evidence).toMatchObject({ writes: 1, logRows: [{ resource: 'sys-configs', recordId: 'cfg-1', action: 'UPDATE' }] });
  });
});

describe('the report taken away', () => {
  it('exports the last run as .xlsx and PDF, each with the run time and the rule set version', async () => {
    const last = await run();
    const time = last.finishedAt.replace('T', ' ').slice(0, 19);
    const xlsx = await dataOf<{ fileName: string; base64: string }>(auditor, AUDIT_RULES_API.export, { format: 'xlsx' });
    expect(xlsx.fileName).toMatch(/^审计规则_\d{14}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(xlsx.base64, 'base64') as unknown as ArrayBuffer);
    const heading = String(book.worksheets[0].getCell('A1').value);
    expect(heading).toContain(AUDIT_RULE_SET_VERSION);
    expect(heading).toContain(time);
    expect(heading).toContain('审计员赵六');
    const findings = book.worksheets[1];
    const rows = findings.getSheetValues().flat().map(String).join('\n');
    expect(rows).toContain('READ-ONLY-AUDITOR');
    // Permissions in the evidence read as their labels, as on the screens, not as codes.
    expect(rows).not.toMatch(/\b[a-z]+:[a-zA-Z]+:[a-zA-Z-]+\b/);
    const pdf = await dataOf<{ base64: string; mimeType: string }>(auditor, AUDIT_RULES_API.export, { format: 'pdf' });
    expect(pdf.mimeType).toBe('application/pdf');
    // pdf.js reads it in a process of its own (tests/server/support/pdf-text.mjs says why).
    const { text } = JSON.parse(
      execFileSync(process.execPath, [new URL('./support/pdf-text.mjs', import.meta.url).pathname], { input: Buffer.from(pdf.base64, 'base64') }).toString(),
    ) as { text: string };
    expect(text).toContain(AUDIT_RULE_SET_VERSION);
    expect(text).toContain('READ-ONLY-AUDITOR');
    const badFormat = await auditor.call(AUDIT_RULES_API.export, { json: { format: 'doc' } });
    expect(badFormat.body.message).toBe('导出格式的值不在可选范围内：doc');
  });
});
