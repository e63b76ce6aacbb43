/**
 * Redemption and recycling over real HTTP (DOMAIN.md "Credit notes"): a payment into the settlement
 * account matched to notes and audited (付款审核) — an approval redeems the notes and recycles their
 * quota through the ledger to the cent, a reject changes nothing, a second audit is refused, two
 * simultaneous approvals have exactly one winner, a mismatched or closed match is refused with its
 * message; and a registration of a note paid outside the platform that applies only when its
 * approval (Process_CREDIT_REDEEM_REGISTER_BIZ) ends approved.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { addDays, dayOf } from '../../src/lib/dates';
import { FILE_CALLS } from '../../src/lib/files';
import { QUOTA_MOVEMENT } from '../../src/lib/quotas';
import { REDEMPTION_CALLS } from '../../src/lib/redemption';
import { DEMO_CORP, DEMO_UNIT } from '../../server/corporations/demo-seed';
import { creditNotes, creditPayments, groupUnits, operationLogs, quotaAccounts, quotaLedger } from '../../server/db/schema';
import { grantorNameOf } from '../../server/quotas/names';
import { recordMovement } from '../../server/quotas/requests';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { sharedServer, type TestServer } from './server';
import { fenOf } from '../../src/lib/money';

const WF = '/op/v1/workflow';
const UNIT = DEMO_UNIT.projectDepts[1];

interface Payment {
  id: string;
  status: string;
  amount: string;
  bankSerialNo: string;
  auditOpinion: string | null;
  dataVersion: number;
}
interface Task {
  id: string;
  instanceId: string;
  taskDefinitionKey: string;
}

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let director2: ApiClient;
let auditor: ApiClient;
let admin: ApiClient;
let accountId: string;
let serialSeq = 0;
/** This run's mark in its note numbers, which are unique, on a server other files and runs share. */
const RUN = randomUUID().slice(0, 8).toUpperCase();

beforeAll(async () => {
  srv = await sharedServer();
  [handler, director, director2, auditor, admin] = await Promise.all(
    ['op_handler', 'op_director', 'op_director2', 'op_auditor', 'op_admin'].map((u) => signInAs(srv.baseUrl, u)),
  );
  const [account] = await srv.database.db.select().from(quotaAccounts).where(eq(quotaAccounts.unitId, UNIT)).orderBy(grantorNameOf(quotaAccounts)).limit(1);
  accountId = account.id;
});

const db = () => srv.database.db;
const account = async () => (await db().select().from(quotaAccounts).where(eq(quotaAccounts.id, accountId)))[0];
const noteOf = async (id: string) => (await db().select().from(creditNotes).where(eq(creditNotes.id, id)))[0];
const serial = () => `TEST${Date.now()}${String(++serialSeq).padStart(4, '0')}`;

/** An issued note of 南京 project department: its amount frozen and occupied on the account, as the final approval leaves it. */
async function issuedNote(amount: string, unitId = UNIT, quotaAccount = accountId): Promise<{ id: string; noteNo: string; amount: string }> {
  const id = randomUUID();
  const noteNo = `CNTEST${RUN}${String(++serialSeq).padStart(4, '0')}`;
  const today = dayOf(Date.now());
  await db().transaction(async (tx) => {
    await recordMovement(tx, quotaAccount, QUOTA_MOVEMENT.freeze, fenOf(amount), 'op_handler', noteNo);
    await recordMovement(tx, quotaAccount, QUOTA_MOVEMENT.occupy, fenOf(amount), 'op_handler', noteNo);
    await tx.insert(creditNotes).values({
      id,
      noteNo,
      rootId: id,
      groupId: DEMO_UNIT.group,
      issuerUnitId: unitId,
      issuerName: '测试签发单位',
      quotaAccountId: quotaAccount,
      holderCorpId: DEMO_CORP.supplier(1),
      holderName: '测试供应商',
      amount,
      issueDate: today,
      dueDate: addDays(today, 60),
      productName: '测试产品',
      status: 'ISSUED',
    });
  });
  return { id, noteNo, amount };
}

const pay = (notes: Array<{ id: string }>, amount: string, extra: Record<string, unknown> = {}, by = handler) =>
  by.call(REDEMPTION_CALLS.addPayment, {
    json: { payerUnitId: UNIT, amount, valueDate: dayOf(Date.now()), bankSerialNo: serial(), noteIds: notes.map((n) => n.id), ...extra },
  });
const audit = (by: ApiClient, id: string, outcome: 'PASS' | 'REJECT', opinion?: string) => by.call(REDEMPTION_CALLS.audit, { json: { id, outcome, opinion } });
const recycledRows = (noteNo: string) =>
  db()
    .select()
    .from(quotaLedger)
    .where(and(eq(quotaLedger.reference, noteNo), eq(quotaLedger.movement, QUOTA_MOVEMENT.recycle)));

describe('payments and their audit', () => {
  it("an approved audit redeems the matched notes and recycles each note's quota exactly, to the cent, with the operation log", async () => {
    const a = await issuedNote('12345.67');
    const b = await issuedNote('0.33');
    const recorded = await pay([a, b], '12346.00', { remark: '合并付款' });
    expect(recorded.body.code, recorded.text).toBe('0');
    const payment = recorded.body.data as Payment;
    expect(payment).toMatchObject({ status: 'PENDING', amount: '12346.00' });
    const detail = await dataOf<{ payment: Payment; notes: Array<{ noteNo: string; amount: string }> }>(director, REDEMPTION_CALLS.payment, { id: payment.id });
    expect(detail.notes.map((n) => [n.noteNo, n.amount]).sort()).toEqual(
      [
        [a.noteNo, a.amount],
        [b.noteNo, b.amount],
      ].sort(),
    );
    // 登记人 by the recorder's name, not the login name (issue 37), in the drawer and the list.
    expect(detail.payment).toMatchObject({ createBy: 'op_handler', createByName: '经办人张三' });
    const listed = await dataOf<{ records: Array<{ id: string; createByName: string }> }>(director, REDEMPTION_CALLS.payments, {
      status: 'PENDING',
      pageSize: 100,
    });
    expect(listed.records.find((r) => r.id === payment.id)?.createByName).toBe('经办人张三');

    const before = await account();
    const audited = await dataOf<Payment>(director, REDEMPTION_CALLS.audit, { id: payment.id, outcome: 'PASS', opinion: '到账一致' });
    expect(audited).toMatchObject({ status: 'APPROVED', auditOpinion: '到账一致' });
    const after = await account();
    expect(fenOf(before.used) - fenOf(after.used)).toBe(1234600n);
    expect(fenOf(after.available) - fenOf(before.available)).toBe(1234600n);
    expect((await noteOf(a.id)).status).toBe('REDEEMED');
    expect((await noteOf(b.id)).status).toBe('REDEEMED');
    expect((await recycledRows(a.noteNo)).map((r) => r.amount)).toEqual(['12345.67']);
    expect((await recycledRows(b.noteNo)).map((r) => r.amount)).toEqual(['0.33']);
    const logged = await db().select().from(operationLogs).where(eq(operationLogs.recordId, payment.id));
    expect(logged.map((l) => [l.resource, l.action, l.username]).sort()).toEqual(
      [
        ['credit-payments', 'CREATE', 'op_handler'],
        ['credit-payments', 'UPDATE', 'op_director'],
      ].sort(),
    );

    // A second audit of the same payment is refused, and nothing moves again.
    expect(refusalOf(await audit(director2, payment.id, 'PASS'))).toEqual({
      status: 200,
      code: 'CREDIT_PAYMENT_AUDITED',
      message: `付款 ${payment.bankSerialNo} 已审核（已通过），不能重复审核`,
    });
    expect(refusalOf(await audit(director2, payment.id, 'REJECT', '重复')).code).toBe('CREDIT_PAYMENT_AUDITED');
    expect(await account()).toEqual(after);
    expect(await recycledRows(a.noteNo)).toHaveLength(1);
    // A redeemed note cannot be matched again.
    expect(refusalOf(await pay([a], '12345.67'))).toMatchObject({ code: 'CREDIT_PAYMENT_NOT_REDEEMABLE', message: `白条 ${a.noteNo} 当前为已兑付，不能兑付` });
  });

  it('names the payer as the group tree names it now, in the list and the drawer (a reference, not a copy)', async () => {
    const recorded = await pay([await issuedNote('10.00')], '10.00');
    expect(recorded.body.code, recorded.text).toBe('0');
    const payment = recorded.body.data as Payment;
    const [unit] = await db().select({ unitName: groupUnits.ownName }).from(groupUnits).where(eq(groupUnits.id, UNIT));
    const nameOf = async () => ({
      listed: (
        await dataOf<{ records: Array<{ id: string; payerName: string }> }>(director, REDEMPTION_CALLS.payments, { status: 'PENDING', pageSize: 100 })
      ).records.find((r) => r.id === payment.id)?.payerName,
      shown: (await dataOf<{ payment: { payerName: string } }>(director, REDEMPTION_CALLS.payment, { id: payment.id })).payment.payerName,
    });
    expect(await nameOf()).toEqual({ listed: unit.unitName, shown: unit.unitName });
    const renamed = `${unit.unitName}（更名）`;
    await db().update(groupUnits).set({ ownName: renamed }).where(eq(groupUnits.id, UNIT));
    try {
      expect(await nameOf()).toEqual({ listed: renamed, shown: renamed });
    } finally {
      await db().update(groupUnits).set({ ownName: unit.unitName }).where(eq(groupUnits.id, UNIT));
      await audit(director, payment.id, 'REJECT', '测试结束');
    }
    // The payer is a key: a unit that does not exist is refused by the route before the database sees it.
    expect(refusalOf(await pay([await issuedNote('10.00')], '10.00', { payerUnitId: 'no-such-unit' })).code).toBe('VALIDATION_FAILED');
  });

  it('a rejected audit changes nothing but the payment; a reject needs an opinion', async () => {
    const note = await issuedNote('8800.00');
    const payment = (await pay([note], '8800.00')).body.data as Payment;
    const before = await account();
    expect(refusalOf(await audit(director, payment.id, 'REJECT'))).toMatchObject({ code: 'VALIDATION_FAILED', message: '驳回时须填写审核意见' });
    expect(await dataOf<Payment>(director, REDEMPTION_CALLS.audit, { id: payment.id, outcome: 'REJECT', opinion: '付款方不符' })).toMatchObject({
      status: 'REJECTED',
      auditOpinion: '付款方不符',
    });
    expect(await account()).toEqual(before);
    expect((await noteOf(note.id)).status).toBe('ISSUED');
    expect(await recycledRows(note.noteNo)).toHaveLength(0);
    // Rejected, the note is free again: a new payment may take it.
    expect((await pay([note], '8800.00')).body.code).toBe('0');
  });

  it('two simultaneous approvals of one payment: exactly one wins, the quota is recycled once', async () => {
    const note = await issuedNote('4321.09');
    const payment = (await pay([note], '4321.09')).body.data as Payment;
    const before = await account();
    const answers = await Promise.all([audit(director, payment.id, 'PASS'), audit(director2, payment.id, 'PASS'), audit(admin, payment.id, 'PASS')]);
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === '0')).toHaveLength(1);
    expect(codes.filter((c) => c !== '0').every((c) => c === 'CREDIT_PAYMENT_AUDITED')).toBe(true);
    expect(fenOf((await account()).available) - fenOf(before.available)).toBe(432109n);
    expect(await recycledRows(note.noteNo)).toHaveLength(1);
  });

  it('two simultaneous payments of one note: exactly one is recorded', async () => {
    const note = await issuedNote('777.77');
    const answers = await Promise.all([pay([note], '777.77'), pay([note], '777.77')]);
    expect(answers.map((a) => a.body.code).sort()).toEqual(['0', 'CREDIT_NOTE_CLAIMED']);
  });

  it('a note in a payment waiting for audit cannot be split; a split racing a payment of one note: exactly one wins', async () => {
    const split = (note: { id: string }) =>
      handler.call('/op/v1/credit-notes/notes/split', { json: { noteId: note.id, toCorpId: DEMO_CORP.supplier(5), amount: '100.00' } });
    const claimed = await issuedNote('300.00');
    expect((await pay([claimed], '300.00')).body.code).toBe('0');
    expect(refusalOf(await split(claimed))).toEqual({
      status: 200,
      code: 'CREDIT_NOTE_NOT_SPLITTABLE',
      message: `白条 ${claimed.noteNo} 已在待审核的付款或审批中的兑付登记里，不能拆分`,
    });
    expect(await noteOf(claimed.id)).toMatchObject({ status: 'ISSUED', amount: '300.00' });
    for (let round = 0; round < 3; round++) {
      const note = await issuedNote('400.00');
      const answers = await Promise.all([split(note), pay([note], '400.00')]);
      expect(answers.filter((a) => a.body.code === '0')).toHaveLength(1);
      const after = await noteOf(note.id);
      // Split won: the note closed and the payment was refused; payment won: the note stands whole.
      expect(after.status).toBe(answers[0].body.code === '0' ? 'SPLIT' : 'ISSUED');
    }
  });

  it("refuses a mismatched amount, another issuer's note, a split note, a reused serial and bad input, with its message and nothing written", async () => {
    const a = await issuedNote('1000.00');
    const b = await issuedNote('2000.50');
    const count = async () => (await dataOf<{ total: number }>(auditor, REDEMPTION_CALLS.payments, {})).total;
    const total = await count();
    expect(refusalOf(await pay([a, b], '3000.00'))).toEqual({
      status: 200,
      code: 'CREDIT_PAYMENT_AMOUNT_MISMATCH',
      message: '付款金额 3,000.00 与所选白条金额合计 3,000.50 不一致，须完全相等',
    });
    expect(refusalOf(await pay([a], '1000.001')).message).toBe('付款金额格式不正确：只写数字，最多 14 位整数、2 位小数，不带正负号、空格、千分位或指数');
    expect(refusalOf(await pay([], '1000.00')).message).toBe('匹配白条必须是 1 到 50 个记录 id 的列表');
    expect(refusalOf(await pay([a], '1000.00', { bankSerialNo: null })).message).toBe('银行流水号不能为空');
    expect(refusalOf(await pay([a], '1000.00', { valueDate: '2026-02-30' })).message).toBe('到账日期必须是 YYYY-MM-DD 格式的有效日期');
    expect(refusalOf(await director.call(REDEMPTION_CALLS.audit, { json: { id: 'none', outcome: 'MAYBE' } })).message).toBe(
      '审核结论的值不在可选范围内：MAYBE',
    );
    expect(refusalOf(await pay([a], '1000.00', { bankSerialNo: '12' })).message).toBe('银行流水号须为 6 至 40 位字母、数字或短横线');
    expect(refusalOf(await pay([a], '1000.00', { valueDate: addDays(dayOf(Date.now()), 3) })).message).toBe('日期不能晚于今天');
    expect(refusalOf(await pay([a], '1000.00', { payerUnitId: DEMO_UNIT.branches[0] })).code).toBe('CREDIT_PAYMENT_OTHER_ISSUER');
    await db().update(creditNotes).set({ status: 'SPLIT' }).where(eq(creditNotes.id, b.id));
    expect(refusalOf(await pay([b], '2000.50')).message).toBe(`白条 ${b.noteNo} 当前为已拆分，不能兑付`);
    const first = await pay([a], '1000.00');
    expect(first.body.code).toBe('0');
    const used = (first.body.data as Payment).bankSerialNo;
    const c = await issuedNote('5.00');
    expect(refusalOf(await pay([c], '5.00', { bankSerialNo: used })).message).toBe(`银行流水号 ${used} 已登记过，同一笔到账不能重复登记`);
    expect(refusalOf(await pay([a], '1000.00')).code).toBe('CREDIT_NOTE_CLAIMED');
    expect(await count()).toBe(total + 1);
  });

  it('four-eyes and permissions: the recorder cannot audit, the handler cannot audit, the auditor only reads', async () => {
    const note = await issuedNote('66.00');
    const payment = (await pay([note], '66.00', {}, admin)).body.data as Payment;
    expect(refusalOf(await audit(admin, payment.id, 'PASS'))).toMatchObject({
      code: 'CREDIT_PAYMENT_FOUR_EYES',
      message: '不能审核本人登记的付款，请由其他有审核权限的人员审核',
    });
    expect(refusalOf(await audit(handler, payment.id, 'PASS')).status).toBe(403);
    expect(refusalOf(await pay([note], '66.00', {}, auditor)).status).toBe(403);
    expect(refusalOf(await pay([note], '66.00', {}, director)).status).toBe(403);
    expect((await dataOf<{ records: Payment[] }>(auditor, REDEMPTION_CALLS.payments, { status: 'PENDING' })).records.map((p) => p.id)).toContain(payment.id);
    expect((await noteOf(note.id)).status).toBe('ISSUED');
  });

  it('the demo world has payments waiting, one approved, one rejected and a registration in approval', async () => {
    const page = await dataOf<{ counts: Record<string, number> }>(auditor, REDEMPTION_CALLS.payments, {});
    expect(page.counts.PENDING).toBeGreaterThanOrEqual(2);
    expect(page.counts.APPROVED).toBeGreaterThanOrEqual(1);
    expect(page.counts.REJECTED).toBeGreaterThanOrEqual(1);
    // The total is read off the tabs' counts: unfiltered it is their sum, filtered the one status's, and it is what the database holds.
    expect((page as unknown as { total: number }).total).toBe(Object.values(page.counts).reduce((a, b) => a + b, 0));
    const pending = await dataOf<{ total: number; records: Array<{ status: string }> }>(auditor, REDEMPTION_CALLS.payments, {
      status: 'PENDING',
      pageSize: 100,
    });
    const [{ n }] = await db().select({ n: count() }).from(creditPayments).where(eq(creditPayments.status, 'PENDING'));
    expect(pending.total).toBe(n);
    expect(pending.total).toBe(page.counts.PENDING);
    expect(pending.records.every((r) => r.status === 'PENDING')).toBe(true);
    const registrations = await dataOf<{ records: Array<{ status: string }> }>(auditor, REDEMPTION_CALLS.registrations, { status: 'RUNNING' });
    expect(registrations.records.length).toBeGreaterThanOrEqual(1);
  });
});

describe('registration of a note paid outside the platform', () => {
  async function evidence(): Promise<string> {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'))]),
      '付款回单.pdf',
    );
    const answer = await handler.upload<{ id: string }>(FILE_CALLS.upload, form);
    expect(answer.body.code, answer.text).toBe('0');
    return answer.body.data!.id;
  }
  const taskOf = async (client: ApiClient, instanceId: string) =>
    (await dataOf<{ records: Task[] }>(client, `${WF}/tasks/todo/page`, { pageSize: 500 })).records.find((t) => t.instanceId === instanceId);
  const complete = (client: ApiClient, taskId: string, outcome: 'PASS' | 'REJECT') =>
    client.call(`${WF}/tasks/complete`, { json: { taskId, outcome, remark: outcome === 'REJECT' ? '凭证不清晰' : '同意' } });

  it('redeems the note and recycles its quota only when the approval ends approved', async () => {
    const note = await issuedNote('3210.98');
    const started = await dataOf<{ registration: { id: string; status: string }; instanceId: string; taskId: string }>(handler, REDEMPTION_CALLS.register, {
      noteId: note.id,
      paidDate: dayOf(Date.now()),
      evidenceFileId: await evidence(),
      remark: '线下转账',
    });
    expect(started.registration.status).toBe('RUNNING');
    // While it runs the note cannot be paid through the platform too.
    expect(refusalOf(await pay([note], '3210.98')).code).toBe('CREDIT_NOTE_CLAIMED');
    const before = await account();
    expect((await noteOf(note.id)).status).toBe('ISSUED');
    const task = await taskOf(director, started.instanceId);
    expect(task?.taskDefinitionKey).toBe('Approve');
    // What the director's task view reads: the registration, its note and evidence.
    const shown = await dataOf<{ registration: { evidenceName: string; amount: string }; note: { noteNo: string; displayStatus: string } }>(
      director,
      REDEMPTION_CALLS.registration,
      { id: started.registration.id },
    );
    expect(shown).toMatchObject({ registration: { evidenceName: '付款回单.pdf', amount: '3210.98' }, note: { noteNo: note.noteNo, displayStatus: 'ISSUED' } });
    expect((await complete(director, task!.id, 'PASS')).body.code).toBe('0');
    expect((await noteOf(note.id)).status).toBe('REDEEMED');
    expect(fenOf((await account()).available) - fenOf(before.available)).toBe(321098n);
    expect((await recycledRows(note.noteNo)).map((r) => [r.amount, r.processKey])).toEqual([['3210.98', 'Process_CREDIT_REDEEM_REGISTER_BIZ']]);
    const [registration] = (
      await dataOf<{ records: Array<{ id: string; status: string }> }>(auditor, REDEMPTION_CALLS.registrations, { status: 'APPROVED' })
    ).records.filter((r) => r.id === started.registration.id);
    expect(registration.status).toBe('APPROVED');
  });

  it('a rejected registration changes nothing; a redeemed note cannot be registered', async () => {
    const note = await issuedNote('99.99');
    const started = await dataOf<{ instanceId: string }>(handler, REDEMPTION_CALLS.register, {
      noteId: note.id,
      paidDate: dayOf(Date.now()),
      evidenceFileId: await evidence(),
    });
    const before = await account();
    expect((await complete(director, (await taskOf(director, started.instanceId))!.id, 'REJECT')).body.code).toBe('0');
    // Back at the handler's step; withdrawn there, it ends rejected.
    expect((await complete(handler, (await taskOf(handler, started.instanceId))!.id, 'REJECT')).body.code).toBe('0');
    expect((await noteOf(note.id)).status).toBe('ISSUED');
    expect(await account()).toEqual(before);
    expect(await recycledRows(note.noteNo)).toHaveLength(0);
    expect(
      refusalOf(await handler.call(REDEMPTION_CALLS.register, { json: { noteId: note.id, paidDate: dayOf(Date.now()), evidenceFileId: 'no-such-file' } }))
        .message,
    ).toBe('付款凭证文件不存在，请重新上传');
    const redeemed = await issuedNote('1.00');
    const payment = (await pay([redeemed], '1.00')).body.data as Payment;
    await dataOf(director, REDEMPTION_CALLS.audit, { id: payment.id, outcome: 'PASS' });
    expect(
      refusalOf(await handler.call(REDEMPTION_CALLS.register, { json: { noteId: redeemed.id, paidDate: dayOf(Date.now()), evidenceFileId: await evidence() } }))
        .message,
    ).toBe(`白条 ${redeemed.noteNo} 当前为已兑付，不能兑付`);
  });
});
