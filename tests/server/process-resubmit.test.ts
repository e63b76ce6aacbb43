/**
 * 重新提交 of the business processes with their own forms (issue 37, spec §4.5), over real HTTP: a
 * director's 驳回 returns the instance to its submitter, who changes what it proposes
 * (workflow/instances/resubmit, the reviser its owning module declared) and resubmits it (the
 * completion of their own step). For every such process: the changed value is what the last approval
 * applies; an invalid changed value is refused with the first submission's Chinese message and changes
 * nothing; only the submitter may change it; a stale version is refused; nothing applies before the end.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../src/lib/dates';
import { FILE_CALLS } from '../../src/lib/files';
import { QUOTA_MOVEMENT } from '../../src/lib/quotas';
import { REDEMPTION_CALLS } from '../../src/lib/redemption';
import { DEMO_CORP, DEMO_UNIT } from '../../server/corporations/demo-seed';
import { creditNotes, quotaAccounts } from '../../server/db/schema';
import { recordMovement } from '../../server/quotas/requests';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { sharedServer, type TestServer } from './server';
import { fenOf } from '../../src/lib/money';

const WF = '/op/v1/workflow';
const QUOTAS = '/op/v1/quotas';
const RESUBMIT = `${WF}/instances/resubmit`;
const TERM = `${new Date().getFullYear() + 2}-06-30`;
const LATER_TERM = `${new Date().getFullYear() + 3}-03-31`;

interface Task {
  id: string;
  instanceId: string;
  taskDefinitionKey: string;
  summary: string | null;
}

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let admin: ApiClient;
let auditor: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  [handler, director, admin, auditor] = await Promise.all(['op_handler', 'op_director', 'op_admin', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
});

const ok = async (client: ApiClient, path: string, json: unknown) => {
  const answer = await client.call(path, { json });
  expect(answer.body.code, answer.text).toBe('0');
  return answer.body.data;
};
const openTask = async (instanceId: string) =>
  (await dataOf<{ currentTask: Task | null; status: string }>(auditor, `${WF}/instances/find-by-id`, { instanceId })).currentTask;
const instanceStatus = async (instanceId: string) => (await dataOf<{ status: string }>(auditor, `${WF}/instances/find-by-id`, { instanceId })).status;

/**
 * One process's record as the loop drives it: how to submit one, how to read what it proposes and
 * its version, a changed value and an invalid one (with the field the refusal names), and what the
 * approved end must show.
 */
interface Case {
  name: string;
  /** Submits a fresh record; answers its instance. */
  submit: () => Promise<{ instanceId: string; businessKey: string }>;
  /** The record's current version and what it proposes, as the submitter's form reads them. */
  read: (businessKey: string) => Promise<{ dataVersion: number; proposed: Record<string, unknown> }>;
  changed: (proposed: Record<string, unknown>) => Record<string, unknown>;
  invalid: (proposed: Record<string, unknown>) => Record<string, unknown>;
  invalidMessage: RegExp;
  /** Before the end: nothing of the change applied. */
  notApplied: (businessKey: string) => Promise<void>;
  /** After the last approval: the changed value applied. */
  applied: (businessKey: string) => Promise<void>;
}

// ---- quotas -------------------------------------------------------------------------------------

interface Account {
  id: string;
  kind: string;
  unitId: string;
  granted: string;
  dispatched: string;
  available: string;
}
interface QuotaRequest {
  id: string;
  dataVersion: number;
  amount: string;
  termEnd: string | null;
  reason: string;
}
const quotaAccount = (id: string) => dataOf<Account>(auditor, `${QUOTAS}/accounts/find-by-id`, { id });
const quotaRequest = (id: string) =>
  dataOf<{ request: QuotaRequest; lines: Array<{ unitId: string; amount: string }> }>(auditor, `${QUOTAS}/requests/find-by-id`, { id });

/** A fresh group on a demo core enterprise with two branches, and a platform quota of `amount` granted to it. */
async function quotaGroup(amount: string) {
  const group = await dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'GROUP', corpId: 'corp-demo-core-west' });
  const branch = await dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'BRANCH', parentId: group.id, unitName: '重提一分公司' });
  const branch2 = await dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'BRANCH', parentId: group.id, unitName: '重提二分公司' });
  const applied = await dataOf<{ taskId: string; request: { id: string } }>(handler, `${QUOTAS}/requests/apply`, {
    kind: 'PLATFORM',
    unitId: group.id,
    amount,
    termEnd: TERM,
    reason: '测试额度',
  });
  await ok(director, `${WF}/tasks/complete`, { taskId: applied.taskId, outcome: 'PASS', remark: '同意' });
  const { request } = await quotaRequest(applied.request.id);
  return { group: group.id, branch: branch.id, branch2: branch2.id, accountId: (request as QuotaRequest & { accountId: string }).accountId };
}

const quotaRead = async (id: string) => {
  const { request, lines } = await quotaRequest(id);
  return {
    dataVersion: request.dataVersion,
    proposed: { amount: request.amount, termEnd: request.termEnd, reason: request.reason, lines: lines.map((l) => ({ unitId: l.unitId, amount: l.amount })) },
  };
};

function quotaCases(): Case[] {
  const made: Record<string, { accountId: string; group: string; branch: string; branch2: string }> = {};
  const submitted =
    (key: string, path: string, body: (units: (typeof made)[string]) => Record<string, unknown>, amount = '1000.00') =>
    async () => {
      const units = await quotaGroup(amount);
      made[key] = units;
      const s = await dataOf<{ instanceId: string; request: { id: string } }>(handler, `${QUOTAS}/requests/${path}`, body(units));
      return { instanceId: s.instanceId, businessKey: s.request.id };
    };
  return [
    {
      name: '额度申请 (Process_LMT_APPLY_AUDIT)',
      submit: async () => {
        const group = await dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'GROUP', corpId: 'corp-demo-core-north' });
        made.apply = { accountId: '', group: group.id, branch: '', branch2: '' };
        const s = await dataOf<{ instanceId: string; request: { id: string } }>(handler, `${QUOTAS}/requests/apply`, {
          kind: 'PLATFORM',
          unitId: group.id,
          amount: '800.00',
          termEnd: TERM,
          reason: '申请',
        });
        return { instanceId: s.instanceId, businessKey: s.request.id };
      },
      read: quotaRead,
      changed: () => ({ amount: '650.50', termEnd: LATER_TERM, reason: '按驳回意见调减' }),
      invalid: () => ({ amount: '1e3', termEnd: LATER_TERM, reason: '格式错误' }),
      invalidMessage: /金额|格式/,
      notApplied: async (id) => expect((await quotaRequest(id)).request).toMatchObject({ accountId: null }),
      applied: async (id) => {
        const { request } = await quotaRequest(id);
        const account = await quotaAccount((request as QuotaRequest & { accountId: string }).accountId);
        expect(account).toMatchObject({ granted: '650.50', available: '650.50' });
      },
    },
    {
      name: '额度调整 (Process_LMT_APPLY_MODIFY_AUDIT)',
      submit: submitted('modify', 'modify', (u) => ({ accountId: u.accountId, amount: '1200.00', termEnd: TERM, reason: '调增' })),
      read: quotaRead,
      changed: () => ({ amount: '1500.00', termEnd: TERM, reason: '调增更多' }),
      // Below what the branch was given: the cut rule of a first submission.
      invalid: () => ({ amount: '-5', termEnd: TERM, reason: '负数' }),
      invalidMessage: /金额|格式/,
      notApplied: async () => expect(await quotaAccount(made.modify.accountId)).toMatchObject({ granted: '1000.00' }),
      applied: async () => expect(await quotaAccount(made.modify.accountId)).toMatchObject({ granted: '1500.00', available: '1500.00' }),
    },
    {
      name: '额度下发 (Process_LMT_DISPATCH_AUDIT)',
      submit: submitted('dispatch', 'dispatch', (u) => ({ accountId: u.accountId, reason: '下发', lines: [{ unitId: u.branch, amount: '300.00' }] })),
      read: quotaRead,
      changed: () => ({
        reason: '按意见改为两家',
        lines: [
          { unitId: made.dispatch.branch, amount: '250.25' },
          { unitId: made.dispatch.branch2, amount: '100.00' },
        ],
      }),
      // More than the group holds: 额度不足, as at first submission.
      invalid: () => ({ reason: '超额', lines: [{ unitId: made.dispatch.branch, amount: '1000.01' }] }),
      invalidMessage: /额度不足/,
      notApplied: async () => expect(await quotaAccount(made.dispatch.accountId)).toMatchObject({ dispatched: '0.00' }),
      applied: async () => expect(await quotaAccount(made.dispatch.accountId)).toMatchObject({ dispatched: '350.25', available: '649.75' }),
    },
  ];
}

// ---- redemption registration ---------------------------------------------------------------------

const RUN = randomUUID().slice(0, 8).toUpperCase();
let noteSeq = 0;

/** An issued note of a demo project department, its amount frozen and occupied as the final approval leaves it. */
async function issuedNote(amount: string): Promise<{ id: string; noteNo: string }> {
  const db = srv.database.db;
  const unitId = DEMO_UNIT.projectDepts[1];
  const [account] = await db.select().from(quotaAccounts).where(eq(quotaAccounts.unitId, unitId)).limit(1);
  const id = randomUUID();
  const noteNo = `CNRSB${RUN}${String(++noteSeq).padStart(3, '0')}`;
  const today = dayOf(Date.now());
  await db.transaction(async (tx) => {
    await recordMovement(tx, account.id, QUOTA_MOVEMENT.freeze, fenOf(amount), 'op_handler', noteNo);
    await recordMovement(tx, account.id, QUOTA_MOVEMENT.occupy, fenOf(amount), 'op_handler', noteNo);
    await tx.insert(creditNotes).values({
      id,
      noteNo,
      rootId: id,
      groupId: DEMO_UNIT.group,
      issuerUnitId: unitId,
      issuerName: '重提签发单位',
      quotaAccountId: account.id,
      holderCorpId: DEMO_CORP.supplier(1),
      holderName: '重提供应商',
      amount,
      issueDate: today,
      dueDate: addDays(today, 60),
      productName: '测试产品',
      status: 'ISSUED',
    });
  });
  return { id, noteNo };
}

async function evidence(name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'))]), name);
  const answer = await handler.upload<{ id: string }>(FILE_CALLS.upload, form);
  expect(answer.body.code, answer.text).toBe('0');
  return answer.body.data!.id;
}

function redemptionCase(): Case {
  let note = { id: '', noteNo: '' };
  let second = '';
  const today = dayOf(Date.now());
  const read = async (id: string) => {
    const { registration } = await dataOf<{
      registration: { dataVersion: number; paidDate: string; evidenceName: string; remark: string | null; status: string };
    }>(auditor, REDEMPTION_CALLS.registration, { id });
    return {
      dataVersion: registration.dataVersion,
      proposed: { paidDate: registration.paidDate, evidenceName: registration.evidenceName, remark: registration.remark, status: registration.status },
    };
  };
  const noteStatus = async () => (await srv.database.db.select().from(creditNotes).where(eq(creditNotes.id, note.id)))[0].status;
  return {
    name: '线下兑付登记 (Process_CREDIT_REDEEM_REGISTER_BIZ)',
    submit: async () => {
      note = await issuedNote('77.77');
      second = await evidence('补充付款回单.pdf');
      const s = await dataOf<{ instanceId: string; registration: { id: string } }>(handler, REDEMPTION_CALLS.register, {
        noteId: note.id,
        paidDate: today,
        evidenceFileId: await evidence('付款回单.pdf'),
        remark: '线下转账',
      });
      return { instanceId: s.instanceId, businessKey: s.registration.id };
    },
    read,
    changed: () => ({ paidDate: addDays(today, -1), evidenceFileId: second, remark: '补充回单，付款日为昨日' }),
    invalid: () => ({ paidDate: addDays(today, 1), evidenceFileId: second }),
    invalidMessage: /日期不能晚于今天/,
    notApplied: async () => expect(await noteStatus()).toBe('ISSUED'),
    applied: async (id) => {
      expect(await noteStatus()).toBe('REDEEMED');
      expect((await read(id)).proposed).toMatchObject({
        paidDate: addDays(today, -1),
        evidenceName: '补充付款回单.pdf',
        remark: '补充回单，付款日为昨日',
        status: 'APPROVED',
      });
    },
  };
}

// ---- certificates ----------------------------------------------------------------------------------

function certificateCase(): Case {
  const CERTS = '/op/v1/certificates';
  let certificateId = '';
  const today = dayOf(Date.now());
  const read = async (id: string) => {
    const { application } = await dataOf<{ application: { dataVersion: number; validFrom: string; validTo: string; invoiceType: string } }>(
      auditor,
      `${CERTS}/applications/find-by-id`,
      { id },
    );
    return {
      dataVersion: application.dataVersion,
      proposed: { validFrom: application.validFrom, validTo: application.validTo, invoiceType: application.invoiceType },
    };
  };
  const certificate = () => dataOf<{ status: string; validTo: string | null; invoiceType: string }>(auditor, `${CERTS}/find-by-id`, { id: certificateId });
  return {
    name: '证书申请 (Process_AUTH_SOFT_CA_CREATE)',
    submit: async () => {
      const s = await dataOf<{ certificate: { id: string }; application: { id: string }; instanceId: string }>(handler, `${CERTS}/save`, {
        holderCorpName: `重提证书持有企业${RUN}`,
        holderCorpId: `91350200RSB${RUN.slice(0, 7)}`,
        validFrom: today,
        validTo: addDays(today, 365),
        invoiceType: 'VAT_NORMAL',
      });
      certificateId = s.certificate.id;
      return { instanceId: s.instanceId, businessKey: s.application.id };
    },
    read,
    changed: () => ({ validFrom: today, validTo: addDays(today, 730), invoiceType: 'VAT_SPECIAL' }),
    invalid: () => ({ validFrom: addDays(today, 10), validTo: addDays(today, 5), invoiceType: 'VAT_SPECIAL' }),
    invalidMessage: /有效期止必须晚于有效期起/,
    notApplied: async () => expect((await certificate()).status).toBe('APPLYING'),
    applied: async () => expect(await certificate()).toMatchObject({ status: 'VALID', validTo: addDays(today, 730), invoiceType: 'VAT_SPECIAL' }),
  };
}

// ---- the loop -------------------------------------------------------------------------------------

const CASES: Case[] = [...quotaCases(), redemptionCase(), certificateCase()];

describe('a returned business record is changed by its submitter and resubmitted', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const { instanceId, businessKey } = await c.submit();
      const first = (await openTask(instanceId))!;
      // Not returned yet: nothing to change while the director holds it.
      const early = await handler.call(RESUBMIT, {
        json: { instanceId, ...c.changed((await c.read(businessKey)).proposed), dataVersion: (await c.read(businessKey)).dataVersion },
      });
      expect(refusalOf(early).code).toBe('NOT_RETURNED');
      await ok(director, `${WF}/tasks/complete`, { taskId: first.id, outcome: 'REJECT', remark: '请修改后重新提交' });
      const returned = (await openTask(instanceId))!;
      expect(returned.taskDefinitionKey).not.toBe(first.taskDefinitionKey);

      const before = await c.read(businessKey);
      const body = { instanceId, ...c.changed(before.proposed), dataVersion: before.dataVersion };
      // Only the submitter: another handler-capable person (op_admin) and the director are refused.
      for (const other of [admin, director]) expect(refusalOf(await other.call(RESUBMIT, { json: body })).status).toBe(403);
      // A version other than the record's (a screen read before another change) is refused; a negative one is no version at all.
      expect(refusalOf(await handler.call(RESUBMIT, { json: { ...body, dataVersion: before.dataVersion + 1 } })).code).toBe('DATA_VERSION_CONFLICT');
      // An invalid value: the first submission's Chinese message, nothing changed.
      const bad = refusalOf(await handler.call(RESUBMIT, { json: { instanceId, ...c.invalid(before.proposed), dataVersion: before.dataVersion } }));
      expect(bad.code).not.toBe('0');
      expect(bad.message).toMatch(c.invalidMessage);
      expect(bad.message).toMatch(/[\u4e00-\u9fa5]/);
      expect(await c.read(businessKey)).toEqual(before);

      await ok(handler, RESUBMIT, body);
      const after = await c.read(businessKey);
      expect(after.dataVersion).toBeGreaterThan(before.dataVersion);
      await c.notApplied(businessKey);
      // The submitter completes their step (重新提交); the director's approval applies the changed value.
      await ok(handler, `${WF}/tasks/complete`, { taskId: returned.id, outcome: 'PASS', remark: '已修改' });
      await c.notApplied(businessKey);
      const review = (await openTask(instanceId))!;
      // Changed once it is with the director again: refused.
      expect(refusalOf(await handler.call(RESUBMIT, { json: { ...body, dataVersion: after.dataVersion } })).code).toBe('NOT_RETURNED');
      await ok(director, `${WF}/tasks/complete`, { taskId: review.id, outcome: 'PASS', remark: '同意' });
      expect(await instanceStatus(instanceId)).toBe('APPROVED');
      await c.applied(businessKey);
    });
  }

  it('the process definitions say which processes are revisable', async () => {
    const definitions = await dataOf<Array<{ processKey: string; revisable: boolean }>>(auditor, `${WF}/process-definitions/list`);
    const revisable = definitions.filter((d) => d.revisable).map((d) => d.processKey);
    for (const key of ['Process_LMT_APPLY_AUDIT', 'Process_LMT_APPLY_MODIFY_AUDIT', 'Process_LMT_DISPATCH_AUDIT', 'Process_LMT_AFRESH_DISPATCH_AUDIT'])
      expect(revisable).toContain(key);
  });
});
