/**
 * Rule edits go through an approval process of their own and are in the operation log (issue 41
 * item 1): a change proposed by one person takes effect only when a second person approves it; until
 * then the rule, the evaluation and the preventive check are as they were. A rejected and withdrawn
 * change applies nothing. The rule set's version moves with each applied change and the reports name
 * it. Bad input is refused with its message and stores nothing; a proposal from a stale version is
 * refused, and so is the approval of a change whose rule changed meanwhile. Only a holder of
 * audit:rule:edit proposes: never the auditor, who is read-only by rule.
 *
 * The documented exceptions (issue 41 item 2): listed with who asked, who approved and where each
 * stands (in force, expired, revoked), in the report's exports too; an expired exception excuses
 * nothing any more, neither at a save nor in a run; a revocation is logged.
 */
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_RULES_API,
  AUDIT_RULE_CHANGE_PROCESS,
  AUDIT_RULE_CHANGE_SCOPE,
  AUDIT_RULE_SET_VERSION,
  type AuditRule,
  type AuditRuleChange,
} from '../../src/lib/audit-rules';
import { PERMISSIONS as BILLS_PERMISSIONS } from '../../src/features/bills/permissions';
import { PERMISSIONS as REDEMPTION_PERMISSIONS } from '../../src/features/redemption/permissions';
import { PERMISSIONS as STAFF_PERMISSIONS } from '../../src/features/staff/permissions';
import { ROLE_CALLS } from '../../src/resources/staff';
import { operationLogResource } from '../../src/resources/operation-log';
import { approvalChanges, auditRuleExceptions, auditRules, operationLogs } from '../../server/db/schema';
import type { AuditReport, ExceptionListing } from '../../server/audit-rules/evaluate';
import { ApiClient, dataOf, refusalOf, signInAs } from './client';
import { startServer, type TestServer } from './server';

/** The permission strings named here, each group from its area's catalogue (or the platform's). */
const PERMISSIONS = { ...BILLS_PERMISSIONS, ...REDEMPTION_PERMISSIONS, ...STAFF_PERMISSIONS };

let srv: TestServer;
let admin: ApiClient;
let auditor: ApiClient;
let director: ApiClient;
let handler: ApiClient;

// Its own server: an applied rule change changes the preventive check every save on that server meets.
beforeAll(async () => {
  srv = await startServer();
  [admin, auditor, director, handler] = await Promise.all(['op_admin', 'op_auditor', 'op_director', 'op_handler'].map((u) => signInAs(srv.baseUrl, u)));
});
afterAll(() => srv.close());

const WF = '/op/v1/workflow';
interface Task {
  id: string;
  taskDefinitionKey: string;
}
interface Overview {
  ruleSetVersion: string;
  rules: Array<{ id: string; enabled: boolean; dataVersion: number; definition: AuditRule }>;
}
const overview = () => dataOf<Overview>(auditor, AUDIT_RULES_API.overview);
const ruleOf = async (id: string) => (await overview()).rules.find((r) => r.id === id);
const openTask = async (instanceId: string) => (await dataOf<{ currentTask: Task | null }>(director, `${WF}/instances/find-by-id`, { instanceId })).currentTask;
const propose = (client: ApiClient, body: Record<string, unknown>) =>
  client.call<{ change: AuditRuleChange; instanceId: string }>(AUDIT_RULES_API.proposeChange, { json: body });
const changeCount = async () =>
  (
    await srv.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(approvalChanges)
      .where(eq(approvalChanges.scope, AUDIT_RULE_CHANGE_SCOPE))
  )[0].n;
const logOf = (recordId: string) =>
  srv.database.db
    .select({ action: operationLogs.action, username: operationLogs.username, resource: operationLogs.resource })
    .from(operationLogs)
    .where(and(eq(operationLogs.resource, AUDIT_RULE_CHANGE_SCOPE), eq(operationLogs.recordId, recordId)));

/** The rule as the form sends it: its current definition with the given parts changed. */
const edited = (rule: AuditRule, changes: Record<string, unknown>) => {
  const { id: _id, ...rest } = rule;
  return { ...rest, ...changes };
};

describe('a change of a rule', () => {
  it('is proposed by the administrator, waits for a second person, and takes effect when approved; both steps are logged and the version moves', async () => {
    const before = (await ruleOf('SOD-TEMPLATE'))!;
    expect(before.definition.severity).toBe('medium');
    const proposed = await propose(admin, {
      action: 'update',
      ruleId: 'SOD-TEMPLATE',
      dataVersion: before.dataVersion,
      rule: edited(before.definition, { severity: 'high', nameKey: undefined, name: '协议模板起草与定稿须分离' }),
    });
    expect(proposed.body.code).toBe('0');
    const { instanceId, change } = proposed.body.data!;
    expect(change).toMatchObject({ ruleId: 'SOD-TEMPLATE', action: 'update', status: 'RUNNING', createByName: '系统管理员' });
    expect(change.before!.definition.severity).toBe('medium');
    expect(change.after.definition).toMatchObject({ severity: 'high', name: '协议模板起草与定稿须分离' });

    // Nothing has changed yet: the rule, the version.
    expect((await ruleOf('SOD-TEMPLATE'))!.definition.severity).toBe('medium');
    expect((await overview()).ruleSetVersion).toBe(AUDIT_RULE_SET_VERSION);

    // The task names the rule and the change; the task view reads the change (before → after).
    const task = (await openTask(instanceId))!;
    expect(task.taskDefinitionKey).toBe('Approve');
    const instance = await dataOf<{ summary: string; businessNo: string }>(director, `${WF}/instances/find-by-id`, { instanceId });
    expect(instance.summary).toBe('修改审计规则“协议模板起草与定稿须分离”（SOD-TEMPLATE）');
    expect(instance.businessNo).toBe('SOD-TEMPLATE');
    const viewed = await dataOf<AuditRuleChange>(director, AUDIT_RULES_API.changeByInstance, { instanceId });
    expect(viewed).toMatchObject({ ruleId: 'SOD-TEMPLATE', createByName: '系统管理员' });
    expect(viewed.roleNames.ROLE_OP_AUDITOR).toBe('运营审计');

    // The proposer cannot approve it; a director can.
    const self = await admin.call(`${WF}/tasks/complete`, { json: { taskId: task.id, outcome: 'PASS' } });
    expect(refusalOf(self).code).toBe('MAKER_CHECKER');
    expect((await ruleOf('SOD-TEMPLATE'))!.definition.severity).toBe('medium');
    await dataOf(director, `${WF}/tasks/complete`, { taskId: task.id, outcome: 'PASS', remark: '同意' });

    const after = (await ruleOf('SOD-TEMPLATE'))!;
    expect(after.definition).toMatchObject({ severity: 'high', name: '协议模板起草与定稿须分离' });
    expect(after.dataVersion).toBe(before.dataVersion + 1);
    expect((await overview()).ruleSetVersion).toBe(`${AUDIT_RULE_SET_VERSION}+1`);
    const [stored] = await srv.database.db.select().from(auditRules).where(eq(auditRules.id, 'SOD-TEMPLATE'));
    expect([stored.severity, stored.updateBy]).toEqual(['high', 'op_director']);

    // The proposal by its proposer and the write by its approver, in the operation log.
    expect((await logOf('SOD-TEMPLATE')).map((l) => `${l.action}:${l.username}`).sort()).toEqual(['PROPOSE:op_admin', 'UPDATE:op_director']);

    // A run names the new version and the new name, and so does the report.
    const run = await dataOf<{ ruleSetVersion: string; report: AuditReport }>(auditor, AUDIT_RULES_API.run);
    expect(run.ruleSetVersion).toBe(`${AUDIT_RULE_SET_VERSION}+1`);
    expect(run.report.rules.find((r) => r.id === 'SOD-TEMPLATE')).toMatchObject({ severity: 'high', name: '协议模板起草与定稿须分离' });
    const xlsx = await dataOf<{ base64: string }>(auditor, AUDIT_RULES_API.export, { format: 'xlsx' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(xlsx.base64, 'base64') as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(String(sheet.getCell('A1').value)).toContain(`规则集版本 ${AUDIT_RULE_SET_VERSION}+1`);
    const names: string[] = [];
    sheet.eachRow((row) => names.push(String(row.getCell(2).value)));
    expect(names).toContain('协议模板起草与定稿须分离');
  });

  it('a new rule, approved, bites at the next save and is named as its proposer wrote it', async () => {
    const { redemption, bill } = PERMISSIONS;
    const rule = {
      name: '付款登记与账单付款登记不相容',
      severity: 'medium',
      owner: 'ROLE_OP_AUDITOR',
      kind: 'CONFLICTING_FUNCTIONS',
      a: { name: '兑付登记', permissions: [redemption.register] },
      b: { name: '账单付款登记', permissions: [bill.pay] },
      mitigatedRoles: ['admin'],
    };
    const proposed = await propose(admin, { action: 'create', ruleId: 'SOD-REDEEM-BILL-PAY', rule });
    expect(proposed.body.code).toBe('0');
    // Until approved, such a role saves.
    const roleBody = (code: string) => ({
      roleName: `兼岗${code}`,
      code,
      status: '0',
      permissions: [redemption.list, redemption.register, bill.list, bill.pay],
      menuIds: [],
    });
    const early = await admin.call<{ id: string }>(ROLE_CALLS.save, { json: roleBody(`ROLE_T_EARLY_${Date.now()}`) });
    expect(early.body.code).toBe('0');
    const task = (await openTask(proposed.body.data!.instanceId))!;
    await dataOf(director, `${WF}/tasks/complete`, { taskId: task.id, outcome: 'PASS' });
    expect(await ruleOf('SOD-REDEEM-BILL-PAY')).toMatchObject({ enabled: true, definition: { name: '付款登记与账单付款登记不相容' } });
    const refused = await admin.call(ROLE_CALLS.save, { json: roleBody(`ROLE_T_LATE_${Date.now()}`) });
    expect(refused.body.code).toBe('AUDIT_RULE_BROKEN');
    expect(refused.body.message).toContain('违反审计规则“付款登记与账单付款登记不相容”（SOD-REDEEM-BILL-PAY）');
    expect(refused.body.message).toContain('“兑付登记”');
    expect(refused.body.message).toContain('“账单付款登记”');
    // The role saved before it took effect is the detective report's business.
    const run = await dataOf<{ report: AuditReport }>(auditor, AUDIT_RULES_API.run);
    expect(run.report.findings.filter((f) => f.ruleId === 'SOD-REDEEM-BILL-PAY' && f.status === 'VIOLATION').map((f) => f.subjectId)).toContain(
      early.body.data!.id,
    );
    expect((await logOf('SOD-REDEEM-BILL-PAY')).map((l) => `${l.action}:${l.username}`).sort()).toEqual(['CREATE:op_director', 'PROPOSE:op_admin']);
  });

  it('a read-only rule that ignores no action, approved, runs (an empty list is no placeholder)', async () => {
    const rule = {
      name: '经办人员事实上只读（演练）',
      severity: 'low',
      owner: 'ROLE_OP_AUDITOR',
      kind: 'READ_ONLY_IN_FACT',
      roles: ['ROLE_PLATFORM_AG_OPERATOR'],
      ignoredActions: [],
    };
    const proposed = await propose(admin, { action: 'create', ruleId: 'READ-ONLY-AGENT', rule });
    expect(proposed.body.code).toBe('0');
    await dataOf(director, `${WF}/tasks/complete`, { taskId: (await openTask(proposed.body.data!.instanceId))!.id, outcome: 'PASS' });
    const run = await dataOf<{ report: AuditReport }>(auditor, AUDIT_RULES_API.run);
    expect(run.report.rules.find((r) => r.id === 'READ-ONLY-AGENT')).toMatchObject({ kind: 'READ_ONLY_IN_FACT', name: '经办人员事实上只读（演练）' });
  });

  it('a retirement rejected and withdrawn applies nothing; approved, the rule is no longer checked', async () => {
    const rule = (await ruleOf('SOD-REDEEM-BILL-PAY'))!;
    const first = await propose(admin, { action: 'retire', ruleId: rule.id, dataVersion: rule.dataVersion });
    expect(first.body.code).toBe('0');
    const instanceId = first.body.data!.instanceId;
    const review = (await openTask(instanceId))!;
    await dataOf(director, `${WF}/tasks/complete`, { taskId: review.id, outcome: 'REJECT', remark: '仍需此规则' });
    // Back with the proposer, who withdraws it.
    await dataOf(admin, `${WF}/instances/withdraw`, { instanceId });
    const [closed] = await srv.database.db.select({ status: approvalChanges.status }).from(approvalChanges).where(eq(approvalChanges.instanceId, instanceId));
    expect(closed.status).toBe('REJECTED');
    expect(await ruleOf(rule.id)).toMatchObject({ enabled: true, dataVersion: rule.dataVersion });
    const versionBefore = (await overview()).ruleSetVersion;

    const second = await propose(admin, { action: 'retire', ruleId: rule.id, dataVersion: rule.dataVersion });
    await dataOf(director, `${WF}/tasks/complete`, { taskId: (await openTask(second.body.data!.instanceId))!.id, outcome: 'PASS' });
    expect(await ruleOf(rule.id)).toMatchObject({ enabled: false, dataVersion: rule.dataVersion + 1 });
    expect((await overview()).ruleSetVersion).not.toBe(versionBefore);
    const run = await dataOf<{ report: AuditReport }>(auditor, AUDIT_RULES_API.run);
    expect(run.report.rules.map((r) => r.id)).not.toContain(rule.id);
    const { redemption, bill } = PERMISSIONS;
    const saved = await admin.call(ROLE_CALLS.save, {
      json: {
        roleName: '兼岗已允许',
        code: `ROLE_T_AFTER_${Date.now()}`,
        status: '0',
        permissions: [redemption.list, redemption.register, bill.list, bill.pay],
        menuIds: [],
      },
    });
    expect(saved.body.code).toBe('0');
    // A retired rule takes no further change.
    const again = await propose(admin, { action: 'retire', ruleId: rule.id, dataVersion: rule.dataVersion + 1 });
    expect(refusalOf(again)).toMatchObject({ code: 'RULE_RETIRED', message: '审计规则 SOD-REDEEM-BILL-PAY 已停用，不能再变更' });
  });
});

describe('refusals change nothing', () => {
  it('refuses the auditor and the handler: rule edits are not theirs', async () => {
    const rule = (await ruleOf('SOD-BILL'))!;
    for (const client of [auditor, handler]) {
      const refused = await propose(client, { action: 'retire', ruleId: 'SOD-BILL', dataVersion: rule.dataVersion });
      expect(refused.status).toBe(403);
    }
    expect(await auditor.call(AUDIT_RULES_API.changeOptions).then((r) => r.status)).toBe(403);
  });

  it.each([
    ['an unknown action', { action: 'drop', ruleId: 'SOD-BILL' }, '变更类型的值不在可选范围内：drop'],
    ['a bad id', { action: 'create', ruleId: 'bad id', rule: {} }, '规则编号须以大写字母开头，由大写字母、数字和连字符组成，共 3 至 40 位'],
    ['an id taken', { action: 'create', ruleId: 'SOD-BILL', rule: {} }, '审计规则 SOD-BILL 已存在'],
    ['no rule', { action: 'create', ruleId: 'NEW-RULE-1' }, '请填写规则内容'],
    [
      'no name',
      { action: 'create', ruleId: 'NEW-RULE-1', rule: { name: ' ', severity: 'high', owner: 'ROLE_OP_AUDITOR', kind: 'FOUR_EYES_IN_FACT', processKeys: '*' } },
      '请填写规则名称（不超过 60 个字）',
    ],
    [
      'a made-up name key',
      {
        action: 'create',
        ruleId: 'NEW-RULE-1',
        rule: { nameKey: 'rules.nothing', severity: 'high', owner: 'ROLE_OP_AUDITOR', kind: 'FOUR_EYES_IN_FACT', processKeys: '*' },
      },
      '请填写规则名称（不超过 60 个字）',
    ],
    [
      'a bad severity',
      {
        action: 'create',
        ruleId: 'NEW-RULE-1',
        rule: { name: '新规则', severity: 'urgent', owner: 'ROLE_OP_AUDITOR', kind: 'FOUR_EYES_IN_FACT', processKeys: '*' },
      },
      '请选择严重程度：高、中或低',
    ],
    [
      'an unknown owner',
      { action: 'create', ruleId: 'NEW-RULE-1', rule: { name: '新规则', severity: 'high', owner: 'ROLE_NOBODY', kind: 'FOUR_EYES_IN_FACT', processKeys: '*' } },
      '请选择规则的负责角色',
    ],
    [
      'an unknown kind',
      { action: 'create', ruleId: 'NEW-RULE-1', rule: { name: '新规则', severity: 'high', owner: 'ROLE_OP_AUDITOR', kind: 'ANYTHING' } },
      '请选择规则类型',
    ],
    [
      'an unknown process',
      {
        action: 'create',
        ruleId: 'NEW-RULE-1',
        rule: { name: '新规则', severity: 'high', owner: 'ROLE_OP_AUDITOR', kind: 'FOUR_EYES_IN_FACT', processKeys: ['Process_NOTHING'] },
      },
      '流程 Process_NOTHING 不存在',
    ],
    [
      'no process',
      {
        action: 'create',
        ruleId: 'NEW-RULE-1',
        rule: { name: '新规则', severity: 'high', owner: 'ROLE_OP_AUDITOR', kind: 'FOUR_EYES_IN_FACT', processKeys: [] },
      },
      '请选择至少一个流程，或选择全部流程',
    ],
    [
      'an unknown permission',
      {
        action: 'create',
        ruleId: 'NEW-RULE-1',
        rule: {
          name: '新规则',
          severity: 'high',
          owner: 'ROLE_OP_AUDITOR',
          kind: 'RESTRICTED_FUNCTION',
          fn: { name: '职责', permissions: ['made:up:perm'] },
          allowedRoles: ['admin'],
        },
      },
      '权限 made:up:perm 不存在',
    ],
    [
      'an unknown step',
      {
        action: 'create',
        ruleId: 'NEW-RULE-1',
        rule: {
          name: '新规则',
          severity: 'high',
          owner: 'ROLE_OP_AUDITOR',
          kind: 'RESTRICTED_FUNCTION',
          fn: { name: '职责', steps: [{ processKey: 'Process_BILL_MANAGE', step: 'Nowhere' }] },
          allowedRoles: ['admin'],
        },
      },
      '流程环节 Process_BILL_MANAGE.Nowhere 不存在',
    ],
    [
      'an empty function',
      {
        action: 'create',
        ruleId: 'NEW-RULE-1',
        rule: { name: '新规则', severity: 'high', owner: 'ROLE_OP_AUDITOR', kind: 'RESTRICTED_FUNCTION', fn: { name: '职责' }, allowedRoles: ['admin'] },
      },
      '“受限职责”至少要包含一个权限或一个流程环节',
    ],
    [
      'no allowed role',
      {
        action: 'create',
        ruleId: 'NEW-RULE-1',
        rule: {
          name: '新规则',
          severity: 'high',
          owner: 'ROLE_OP_AUDITOR',
          kind: 'RESTRICTED_FUNCTION',
          fn: { name: '职责', permissions: [PERMISSIONS.role.add] },
          allowedRoles: [],
        },
      },
      '请为“允许持有的角色”选择至少一个角色',
    ],
    [
      'an unknown role',
      {
        action: 'create',
        ruleId: 'NEW-RULE-1',
        rule: { name: '新规则', severity: 'high', owner: 'ROLE_OP_AUDITOR', kind: 'READ_ONLY_IN_FACT', roles: ['ROLE_NOBODY'], ignoredActions: [] },
      },
      '角色代码 ROLE_NOBODY 不存在',
    ],
    [
      'an unknown log action',
      {
        action: 'create',
        ruleId: 'NEW-RULE-1',
        rule: { name: '新规则', severity: 'high', owner: 'ROLE_OP_AUDITOR', kind: 'READ_ONLY_IN_FACT', roles: ['ROLE_OP_AUDITOR'], ignoredActions: ['NAP'] },
      },
      '不计为写入的操作必须是操作日志记载的操作',
    ],
    // Each part of the wrong type, refused by the rule's schema (server/audit-rules/input.ts) with its own message.
    ['a rule that is a list', { action: 'create', ruleId: 'NEW-RULE-1', rule: [] }, '请填写规则内容'],
    [
      'a name of 61 characters',
      {
        action: 'create',
        ruleId: 'NEW-RULE-1',
        rule: { name: '规'.repeat(61), severity: 'high', owner: 'ROLE_OP_AUDITOR', kind: 'FOUR_EYES_IN_FACT', processKeys: '*' },
      },
      '请填写规则名称（不超过 60 个字）',
    ],
    [
      'an owner that is a number',
      { action: 'create', ruleId: 'NEW-RULE-1', rule: { name: '新规则', severity: 'high', owner: 7, kind: 'FOUR_EYES_IN_FACT', processKeys: '*' } },
      '请选择规则的负责角色',
    ],
    [
      'processes that are one word other than all',
      {
        action: 'create',
        ruleId: 'NEW-RULE-1',
        rule: { name: '新规则', severity: 'high', owner: 'ROLE_OP_AUDITOR', kind: 'FOUR_EYES_IN_FACT', processKeys: 'all' },
      },
      '请选择至少一个流程，或选择全部流程',
    ],
    [
      'a function that is text',
      {
        action: 'create',
        ruleId: 'NEW-RULE-1',
        rule: {
          name: '新规则',
          severity: 'high',
          owner: 'ROLE_OP_AUDITOR',
          kind: 'CONFLICTING_FUNCTIONS',
          a: 'pay',
          b: { name: '职责', permissions: [PERMISSIONS.role.add] },
        },
      },
      '请填写“职责 A”',
    ],
    [
      'permissions that are not a list',
      {
        action: 'create',
        ruleId: 'NEW-RULE-1',
        rule: {
          name: '新规则',
          severity: 'high',
          owner: 'ROLE_OP_AUDITOR',
          kind: 'RESTRICTED_FUNCTION',
          fn: { name: '职责', permissions: 'role:add' },
          allowedRoles: ['admin'],
        },
      },
      '请填写“受限职责”',
    ],
    [
      'a step that is not a step',
      {
        action: 'create',
        ruleId: 'NEW-RULE-1',
        rule: {
          name: '新规则',
          severity: 'high',
          owner: 'ROLE_OP_AUDITOR',
          kind: 'RESTRICTED_FUNCTION',
          fn: { name: '职责', steps: [42] },
          allowedRoles: ['admin'],
        },
      },
      '流程环节 . 不存在',
    ],
    [
      'mitigated roles of null',
      {
        action: 'create',
        ruleId: 'NEW-RULE-1',
        rule: {
          name: '新规则',
          severity: 'high',
          owner: 'ROLE_OP_AUDITOR',
          kind: 'CONFLICTING_FUNCTIONS',
          a: { name: '甲', permissions: [PERMISSIONS.role.add] },
          b: { name: '乙', permissions: [PERMISSIONS.role.edit] },
          mitigatedRoles: null,
        },
      },
      '请为“已缓释角色”选择至少一个角色',
    ],
    [
      'read-only roles that are not codes',
      {
        action: 'create',
        ruleId: 'NEW-RULE-1',
        rule: { name: '新规则', severity: 'high', owner: 'ROLE_OP_AUDITOR', kind: 'READ_ONLY_IN_FACT', roles: [1], ignoredActions: [] },
      },
      '请为“只读角色”选择至少一个角色',
    ],
    [
      'ignored actions that are not a list',
      {
        action: 'create',
        ruleId: 'NEW-RULE-1',
        rule: { name: '新规则', severity: 'high', owner: 'ROLE_OP_AUDITOR', kind: 'READ_ONLY_IN_FACT', roles: ['ROLE_OP_AUDITOR'], ignoredActions: 'REVEAL' },
      },
      '不计为写入的操作必须是操作日志记载的操作',
    ],
    ['an unknown rule', { action: 'retire', ruleId: 'NO-SUCH-RULE', dataVersion: 0 }, '审计规则 NO-SUCH-RULE 不存在'],
    ['no version', { action: 'retire', ruleId: 'SOD-BILL' }, undefined],
  ])('%s', async (_name, body, message) => {
    const before = await changeCount();
    const refused = await propose(admin, body);
    expect(refused.body.code).not.toBe('0');
    expect(refused.status).toBeLessThan(500);
    if (message) expect(refused.body.message).toBe(message);
    else expect(refused.body.message).toMatch(/[\u4e00-\u9fa5]/);
    expect(await changeCount()).toBe(before);
  });

  it('refuses a stale version, a change that changes nothing and a second change while one is pending', async () => {
    const rule = (await ruleOf('SOD-BILL'))!;
    const stale = await propose(admin, {
      action: 'update',
      ruleId: 'SOD-BILL',
      dataVersion: rule.dataVersion + 5,
      rule: edited(rule.definition, { severity: 'high' }),
    });
    expect(refusalOf(stale)).toMatchObject({ code: 'DATA_VERSION_CONFLICT', message: '数据已被他人修改，请刷新后重试' });
    const same = await propose(admin, { action: 'update', ruleId: 'SOD-BILL', dataVersion: rule.dataVersion, rule: edited(rule.definition, {}) });
    expect(refusalOf(same)).toMatchObject({ code: 'VALIDATION_FAILED', message: '规则没有任何改动' });
    const first = await propose(admin, {
      action: 'update',
      ruleId: 'SOD-BILL',
      dataVersion: rule.dataVersion,
      rule: edited(rule.definition, { severity: 'high' }),
    });
    expect(first.body.code).toBe('0');
    const second = await propose(admin, { action: 'retire', ruleId: 'SOD-BILL', dataVersion: rule.dataVersion });
    expect(refusalOf(second)).toMatchObject({ code: 'APPROVAL_PENDING', message: '该规则已有一项变更在审批中，请待其结束后再提交' });

    // The rule changes under the running change (a release's data, the database): its approval is refused and nothing applies.
    await srv.database.db
      .update(auditRules)
      .set({ dataVersion: sql`${auditRules.dataVersion} + 1` })
      .where(eq(auditRules.id, 'SOD-BILL'));
    const task = (await openTask(first.body.data!.instanceId))!;
    const refused = await director.call(`${WF}/tasks/complete`, { json: { taskId: task.id, outcome: 'PASS' } });
    expect(refusalOf(refused)).toMatchObject({
      code: 'DATA_VERSION_CONFLICT',
      message: '审计规则 SOD-BILL 在变更提出后已被修改，此变更不能生效，请驳回后重新提出',
    });
    expect((await ruleOf('SOD-BILL'))!.definition.severity).toBe('medium');
    expect((await openTask(first.body.data!.instanceId))!.id).toBe(task.id);
  });

  it('is its own process, owned by the rules: the generic start starts none', async () => {
    const refused = await admin.call(`${WF}/instances/start`, { json: { processKey: AUDIT_RULE_CHANGE_PROCESS, businessKey: 'MADE-UP', summary: 'x' } });
    expect(refusalOf(refused).code).toBe('PROCESS_OWNED');
  });
});

describe('documented exceptions', () => {
  const { redemption } = PERMISSIONS;
  const RULE = 'SOD-PAYMENT-RECORD-AUDIT';
  const stamp = Date.now().toString(36).toUpperCase();
  const exceptions = () => dataOf<ExceptionListing[]>(auditor, AUDIT_RULES_API.exceptions);
  const expire = (id: string) =>
    srv.database.db
      .update(auditRuleExceptions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(auditRuleExceptions.id, id));
  const grant = async (subjectId: string, reason: string) => {
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const asked = await dataOf<{ id: string }>(admin, AUDIT_RULES_API.requestException, { ruleId: RULE, subjectType: 'role', subjectId, reason, expiresAt });
    await dataOf(director, AUDIT_RULES_API.approveException, { id: asked.id });
    return asked.id;
  };
  const makeRole = async (code: string) =>
    dataOf<{ id: string; dataVersion: number }>(admin, ROLE_CALLS.save, {
      roleName: `出纳${code}`,
      code,
      status: '0',
      permissions: [redemption.list, redemption.add],
      menuIds: [],
    });
  const addAudit = (role: { id: string; dataVersion: number }, code: string) =>
    admin.call(ROLE_CALLS.update, {
      json: {
        id: role.id,
        dataVersion: role.dataVersion,
        roleName: `出纳${code}`,
        status: '0',
        permissions: [redemption.list, redemption.add, redemption.audit],
      },
    });

  it('an exception in force lets a save through and is listed with its people; expired, it excuses nothing, at a save or in a run', async () => {
    const code = `ROLE_T_EXC_${stamp}`;
    const role = await makeRole(code);
    const id = await grant(role.id, '月末结账临时兼岗');
    expect((await addAudit(role, code)).body.code).toBe('0');
    const listed = (await exceptions()).find((e) => e.id === id)!;
    expect(listed).toMatchObject({
      ruleId: RULE,
      subjectType: 'role',
      subjectName: `出纳${code}`,
      status: 'APPROVED',
      requestedByName: '系统管理员',
      approvedByName: '主管李四',
    });
    let run = await dataOf<{ report: AuditReport }>(auditor, AUDIT_RULES_API.run);
    expect(run.report.findings.find((f) => f.subjectId === role.id && f.ruleId === RULE)).toMatchObject({
      status: 'EXCEPTED',
      exception: { reason: '月末结账临时兼岗' },
    });

    await expire(id);
    expect((await exceptions()).find((e) => e.id === id)!.status).toBe('EXPIRED');
    run = await dataOf<{ report: AuditReport }>(auditor, AUDIT_RULES_API.run);
    expect(run.report.findings.find((f) => f.subjectId === role.id && f.ruleId === RULE)!.status).toBe('VIOLATION');
    expect(run.report.exceptions!.find((e) => e.id === id)!.status).toBe('EXPIRED');

    // At a save: a second role granted the same way under an exception that has expired is refused.
    const code2 = `ROLE_T_EXC2_${stamp}`;
    const second = await makeRole(code2);
    await expire(await grant(second.id, '临时兼岗'));
    expect(refusalOf(await addAudit(second, code2)).code).toBe('AUDIT_RULE_BROKEN');

    // The exports list the exceptions with their state.
    const xlsx = await dataOf<{ base64: string }>(auditor, AUDIT_RULES_API.export, { format: 'xlsx' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(xlsx.base64, 'base64') as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('例外')!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(String)));
    expect(rows[0]).toEqual(['规则', '对象', '原因', '有效至', '申请人', '批准人', '状态']);
    expect(rows).toContainEqual([RULE, `角色“出纳${code}”`, '月末结账临时兼岗', expect.any(String), '系统管理员', '主管李四', '已过期']);
    const pdf = await dataOf<{ base64: string; mimeType: string }>(auditor, AUDIT_RULES_API.export, { format: 'pdf' });
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a revoked exception excuses nothing; the revocation is logged and cannot be repeated', async () => {
    const code = `ROLE_T_REV_${stamp}`;
    const role = await makeRole(code);
    const id = await grant(role.id, '项目期间兼岗');
    expect((await addAudit(role, code)).body.code).toBe('0');
    expect(refusalOf(await auditor.call(AUDIT_RULES_API.revokeException, { json: { id } })).status).toBe(403);
    await dataOf(admin, AUDIT_RULES_API.revokeException, { id });
    expect((await exceptions()).find((e) => e.id === id)!.status).toBe('REVOKED');
    expect(refusalOf(await admin.call(AUDIT_RULES_API.revokeException, { json: { id } }))).toMatchObject({
      code: 'EXCEPTION_REVOKED',
      message: '该例外已撤销，不能再撤销',
    });
    const logged = await srv.database.db
      .select({ action: operationLogs.action, username: operationLogs.username })
      .from(operationLogs)
      .where(eq(operationLogs.recordId, id));
    expect(logged.map((l) => `${l.action}:${l.username}`).sort()).toEqual(['CREATE:op_admin', 'UPDATE:op_admin', 'UPDATE:op_director']);
    // The entries read by names (issue 38 item 2): the rule, the role excused, who asked and who approved, no id among them.
    const entryNames = async (action: string, username: string) => {
      const [entry] = await srv.database.db
        .select({ id: operationLogs.id })
        .from(operationLogs)
        .where(and(eq(operationLogs.recordId, id), eq(operationLogs.action, action), eq(operationLogs.username, username)));
      return (await dataOf<{ names: Record<string, Record<string, string>> }>(auditor, `${operationLogResource.apiBase}/find-by-id`, { id: entry.id })).names;
    };
    const asked = await entryNames('CREATE', 'op_admin');
    expect(asked).toMatchObject({ ruleId: { [RULE]: expect.stringMatching(/\p{Script=Han}/u) }, subjectId: { [role.id]: `出纳${code}` } });
    expect(Object.values(asked.requestedBy ?? {})).toEqual(['系统管理员']);
    expect(Object.values((await entryNames('UPDATE', 'op_director')).approvedBy ?? {})).toEqual(['主管李四']);
    const run = await dataOf<{ report: AuditReport }>(auditor, AUDIT_RULES_API.run);
    expect(run.report.findings.find((f) => f.subjectId === role.id && f.ruleId === RULE)!.status).toBe('VIOLATION');
  });
});

/**
 * 重新提交 of a returned change (issue 37 item 5 for issue 41's process): the director's 驳回 returns the
 * change to its proposer, who changes the rule in the rule form and resubmits it. The revised rule is
 * checked as a first proposal is; nothing applies before the approval, and then the revised rule does.
 */
describe('a returned change is revised by its proposer', () => {
  const RESUBMIT = `${WF}/instances/resubmit`;
  const changeOf = (instanceId: string) => dataOf<AuditRuleChange>(admin, AUDIT_RULES_API.changeByInstance, { instanceId });
  const returnedToProposer = async (instanceId: string) => {
    const review = (await openTask(instanceId))!;
    await dataOf(director, `${WF}/tasks/complete`, { taskId: review.id, outcome: 'REJECT', remark: '请修改后重新提交' });
    return (await openTask(instanceId))!;
  };

  it('an edit: every rule of a first proposal is checked again, and the approval applies the revised rule', async () => {
    const rule = (await ruleOf('SOD-FINANCING'))!;
    const proposed = await propose(admin, {
      action: 'update',
      ruleId: rule.id,
      dataVersion: rule.dataVersion,
      rule: edited(rule.definition, { severity: 'low' }),
    });
    expect(proposed.body.code).toBe('0');
    const instanceId = proposed.body.data!.instanceId;
    // Still with the director: there is nothing to revise yet.
    const early = await admin.call(RESUBMIT, { json: { instanceId, dataVersion: 0, rule: edited(rule.definition, { severity: 'medium' }) } });
    expect(refusalOf(early).code).toBe('NOT_RETURNED');
    const returned = await returnedToProposer(instanceId);
    const before = await changeOf(instanceId);
    expect(before).toMatchObject({ status: 'RUNNING', after: { definition: { severity: 'low' } } });

    // While it is back with its proposer the change still holds the rule: a second change is refused.
    const second = await propose(admin, { action: 'retire', ruleId: rule.id, dataVersion: rule.dataVersion });
    expect(refusalOf(second)).toMatchObject({ code: 'APPROVAL_PENDING', message: '该规则已有一项变更在审批中，请待其结束后再提交' });

    const revised = edited(rule.definition, { severity: 'medium', name: '融资申请与融资审核不相容（修订）' });
    const body = { instanceId, dataVersion: before.dataVersion, rule: revised };
    // Only its proposer revises it.
    for (const other of [director, handler]) expect(refusalOf(await other.call(RESUBMIT, { json: body })).status).toBe(403);
    // A stale version of the change is refused; a revision without one is told it needs it.
    expect(refusalOf(await admin.call(RESUBMIT, { json: { ...body, dataVersion: before.dataVersion + 1 } })).code).toBe('DATA_VERSION_CONFLICT');
    expect(refusalOf(await admin.call(RESUBMIT, { json: { ...body, dataVersion: '1' } }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '缺少数据版本 dataVersion',
    });
    // Bad input: the first proposal's Chinese messages, nothing changed.
    const refusals = [
      [edited(rule.definition, { name: '   ' }), '请填写规则名称'],
      [edited(rule.definition, { owner: 'ROLE_NOBODY' }), '请选择规则的负责角色'],
      [edited(rule.definition, { a: { name: '无', permissions: ['no:such:permission'] } }), 'no:such:permission'],
      [edited(rule.definition, {}), '规则没有任何改动'],
    ] as const;
    for (const [bad, words] of refusals) {
      const refused = refusalOf(await admin.call(RESUBMIT, { json: { ...body, rule: bad } }));
      expect(refused.code, JSON.stringify(bad)).toBe('VALIDATION_FAILED');
      expect(refused.message).toMatch(/[\u4e00-\u9fa5]/);
      expect(refused.message).toContain(words);
    }
    expect(await changeOf(instanceId)).toEqual(before);

    const answer = await admin.call<AuditRuleChange>(RESUBMIT, { json: body });
    expect(answer.body.code, answer.text).toBe('0');
    const after = await changeOf(instanceId);
    expect(after.dataVersion).toBe(before.dataVersion + 1);
    expect(after.after.definition).toMatchObject({ severity: 'medium', name: '融资申请与融资审核不相容（修订）' });
    // The revision is logged as a proposal; nothing applies before the approval.
    expect((await logOf(rule.id)).filter((l) => l.action === 'PROPOSE').length).toBe(2);
    expect(await ruleOf(rule.id)).toMatchObject({ dataVersion: rule.dataVersion, definition: { severity: 'high' } });
    await dataOf(admin, `${WF}/tasks/complete`, { taskId: returned.id, outcome: 'PASS', remark: '已修改' });
    expect(await ruleOf(rule.id)).toMatchObject({ dataVersion: rule.dataVersion, definition: { severity: 'high' } });
    const review = (await openTask(instanceId))!;
    expect(refusalOf(await admin.call(RESUBMIT, { json: { ...body, dataVersion: after.dataVersion } })).code).toBe('NOT_RETURNED');
    await dataOf(director, `${WF}/tasks/complete`, { taskId: review.id, outcome: 'PASS' });
    expect(await ruleOf(rule.id)).toMatchObject({
      dataVersion: rule.dataVersion + 1,
      definition: { severity: 'medium', name: '融资申请与融资审核不相容（修订）' },
    });
  });

  it('refuses a revision of a rule changed meanwhile and of a retirement; a new rule whose id was taken meanwhile', async () => {
    // The rule changes under the returned change: the revision is refused and the change stays as it was.
    const rule = (await ruleOf('SOD-ISSUANCE'))!;
    const edit = await propose(admin, { action: 'update', ruleId: rule.id, dataVersion: rule.dataVersion, rule: edited(rule.definition, { severity: 'low' }) });
    const editId = edit.body.data!.instanceId;
    await returnedToProposer(editId);
    const before = await changeOf(editId);
    await srv.database.db
      .update(auditRules)
      .set({ dataVersion: sql`${auditRules.dataVersion} + 1` })
      .where(eq(auditRules.id, rule.id));
    const stale = refusalOf(
      await admin.call(RESUBMIT, { json: { instanceId: editId, dataVersion: before.dataVersion, rule: edited(rule.definition, { severity: 'medium' }) } }),
    );
    expect(stale).toMatchObject({ code: 'DATA_VERSION_CONFLICT', message: '审计规则 SOD-ISSUANCE 在变更提出后已被修改，请撤回此变更后按当前规则重新提出' });
    expect(await changeOf(editId)).toEqual(before);
    await dataOf(admin, `${WF}/instances/withdraw`, { instanceId: editId });

    // A retirement has nothing to edit: resubmitted or withdrawn as it is.
    const current = (await ruleOf(rule.id))!;
    const retire = await propose(admin, { action: 'retire', ruleId: rule.id, dataVersion: current.dataVersion });
    const retireId = retire.body.data!.instanceId;
    await returnedToProposer(retireId);
    const retirement = await changeOf(retireId);
    const refused = refusalOf(await admin.call(RESUBMIT, { json: { instanceId: retireId, dataVersion: retirement.dataVersion, rule: rule.definition } }));
    expect(refused).toMatchObject({ code: 'NOT_REVISABLE', message: '停用申请没有可修改的内容，请直接重新提交或撤回' });
    await dataOf(admin, `${WF}/instances/withdraw`, { instanceId: retireId });
    expect(await ruleOf(rule.id)).toMatchObject({ enabled: true });

    // A new rule: its id taken meanwhile (a release's data) refuses the revision.
    const { bill } = PERMISSIONS;
    const newRule = {
      name: '账单付款自审',
      severity: 'low',
      owner: 'ROLE_OP_AUDITOR',
      kind: 'RESTRICTED_FUNCTION',
      fn: { name: '账单付款', permissions: [bill.pay] },
      allowedRoles: ['admin'],
    };
    const created = await propose(admin, { action: 'create', ruleId: 'RESTRICT-BILL-PAY-T', rule: newRule });
    expect(created.body.code, created.text).toBe('0');
    const createdId = created.body.data!.instanceId;
    await returnedToProposer(createdId);
    const proposal = await changeOf(createdId);
    await srv.database.db.insert(auditRules).values({
      id: 'RESTRICT-BILL-PAY-T',
      kind: 'RESTRICTED_FUNCTION',
      severity: 'low',
      owner: 'ROLE_OP_AUDITOR',
      definition: { id: 'RESTRICT-BILL-PAY-T', ...newRule } as AuditRule,
      enabled: true,
    });
    const taken = refusalOf(
      await admin.call(RESUBMIT, { json: { instanceId: createdId, dataVersion: proposal.dataVersion, rule: { ...newRule, severity: 'high' } } }),
    );
    expect(taken.code).toBe('DUPLICATE');
    expect(await changeOf(createdId)).toEqual(proposal);
    await dataOf(admin, `${WF}/instances/withdraw`, { instanceId: createdId });
    await srv.database.db.delete(auditRules).where(eq(auditRules.id, 'RESTRICT-BILL-PAY-T'));
  });
});
