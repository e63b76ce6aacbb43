/**
 * Bills over real HTTP (DOMAIN.md "Bills"): a month's bills generated from the notes issued and the
 * financings signed in it, priced by the policies in force, to the fen; one bill per corporation and
 * month whatever two simultaneous generations do; Process_BILL_MANAGE's approved end confirms a bill
 * and a reject changes nothing until the handler withdraws it back to draft; payment and invoicing
 * (shown invoice types only, the corporation's tax id, address and account, one invoice per bill).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gte, isNull, lt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BILL_PROCESS_KEY, periodRange, shiftPeriod } from '../../src/lib/bills';
import { addDays, dayOf } from '../../src/lib/dates';
import { DEMO_CORP } from '../../server/corporations/demo-seed';
import { billLines, bills, creditNoteApplications, creditNotes, financingApplications, operationLogs, products } from '../../server/db/schema';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { sharedServer, type TestServer } from './server';

const API = '/op/v1/bills';
const WF = '/op/v1/workflow';
/**
 * The month this run bills: 2024-03 on a fresh world, else the latest month before it that nothing was
 * issued, signed or billed in (an earlier run on the same server took the later ones). The demo bills recent months.
 */
const FIRST_PERIOD = '2024-03';
let PERIOD: string;

interface Bill {
  id: string;
  billNo: string;
  corpId: string;
  period: string;
  issuedAmount: string;
  financedAmount: string;
  unpricedAmount: string;
  feeAmount: string;
  status: string;
  instanceId: string | null;
  rejectRemark: string | null;
  dataVersion: number;
}
interface Line {
  basis: string;
  policyName: string;
  rate: string;
  basisAmount: string;
  itemCount: number;
  feeAmount: string;
}
interface Detail {
  bill: Bill;
  lines: Line[];
  feeCapital: string;
  invoice: null | { invoiceNo: string; invoiceType: string; title: string; taxId: string; address: string; accountNo: string; amount: string };
}
interface Task {
  id: string;
  instanceId: string;
  taskDefinitionKey: string;
}

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let auditor: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  [handler, director, auditor] = await Promise.all(['op_handler', 'op_director', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
  PERIOD = await unusedPeriod();
  await seedPeriod();
});

/** The latest month from FIRST_PERIOD back with no bill, no note issued and no financing signed in it. */
async function unusedPeriod(): Promise<string> {
  const db = srv.database.db;
  for (let period = FIRST_PERIOD; ; period = shiftPeriod(period, 1)) {
    const { from, to } = periodRange(period);
    const [[billed], [issued], [signed]] = await Promise.all([
      db.select({ n: count() }).from(bills).where(eq(bills.period, period)),
      db
        .select({ n: count() })
        .from(creditNotes)
        .where(and(gte(creditNotes.issueDate, from), lt(creditNotes.issueDate, to))),
      db
        .select({ n: count() })
        .from(financingApplications)
        .where(and(gte(financingApplications.signedAt, localDay(from)), lt(financingApplications.signedAt, localDay(to)))),
    ]);
    if (billed.n + issued.n + signed.n === 0) return period;
  }
}
const localDay = (day: string) => new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

/**
 * The period of 中建华东 (2024-03 on a fresh world): three notes the group issued (tenors 60, 120 and
 * 240 days: the short and medium bands of CREDIT-HD-CMB price the first two, the long band is still in
 * review so the third is unpriced), one signed financing of the same product, and notes just outside the month.
 * The notes and the financing copy a demo one of the group and product, never "the first row", which other files may change.
 */
async function seedPeriod() {
  const db = srv.database.db;
  const [{ note, application }] = await db
    .select({ note: creditNotes, application: creditNoteApplications })
    .from(creditNotes)
    .innerJoin(creditNoteApplications, eq(creditNoteApplications.id, creditNotes.applicationId))
    .innerJoin(products, eq(products.id, creditNoteApplications.productId))
    .where(and(isNull(creditNotes.parentId), eq(creditNotes.groupId, 'unit-demo-group'), eq(products.prdCode, 'CREDIT-HD-CMB')))
    .orderBy(asc(creditNotes.noteNo))
    .limit(1);
  const issue = async (amount: string, issueDate: string, tenor: number) => {
    const applicationId = randomUUID();
    await db.insert(creditNoteApplications).values({ ...application, id: applicationId, amount, status: 'ISSUED', instanceId: null, batchId: null });
    const id = randomUUID();
    await db.insert(creditNotes).values({
      ...note,
      id,
      noteNo: `CNTEST${id.slice(0, 8)}`,
      parentId: null,
      rootId: id,
      batchId: null,
      applicationId,
      amount,
      issueDate,
      dueDate: addDays(issueDate, tenor),
      status: 'ISSUED',
    });
    return id;
  };
  const { from, to } = periodRange(PERIOD);
  await issue('333333.33', `${PERIOD}-05`, 60);
  await issue('100000.01', addDays(to, -1), 120);
  await issue('50000.00', `${PERIOD}-12`, 240);
  // Outside the month on both sides: not billed in the period.
  await issue('7777.77', addDays(from, -1), 60);
  await issue('8888.88', to, 60);
  const [financing] = await db
    .select()
    .from(financingApplications)
    .where(
      and(
        eq(financingApplications.status, 'SIGNED'),
        eq(financingApplications.coreCorpId, DEMO_CORP.group),
        eq(financingApplications.prdCode, 'CREDIT-HD-CMB'),
      ),
    )
    .orderBy(asc(financingApplications.applicationNo))
    .limit(1);
  const [y, m] = PERIOD.split('-').map(Number);
  await db
    .insert(financingApplications)
    .values({ ...financing, id: randomUUID(), applicationNo: `FATEST${Date.now()}`, amount: '1000000.00', signedAt: new Date(y, m - 1, 15, 10) });
}

const post = (client: ApiClient, path: string, json: unknown) => client.call(`${API}/${path}`, { json });
const ok = <T>(client: ApiClient, path: string, json: unknown) => dataOf<T>(client, `${API}/${path}`, json);
const detail = (id: string) => ok<Detail>(handler, 'find-by-id', { id });
const todo = async (client: ApiClient, instanceId: string) => {
  const page = await dataOf<{ records: Task[] }>(client, `${WF}/tasks/todo/page`, { processKey: BILL_PROCESS_KEY, pageSize: 500 });
  return page.records.find((t) => t.instanceId === instanceId);
};
const complete = (client: ApiClient, taskId: string, outcome: 'PASS' | 'REJECT', remark?: string) =>
  client.call(`${WF}/tasks/complete`, { json: { taskId, outcome, remark } });
const periodBill = async () => {
  const [row] = await srv.database.db
    .select()
    .from(bills)
    .where(and(eq(bills.corpId, DEMO_CORP.group), eq(bills.period, PERIOD)));
  return row;
};

describe('the demo world', () => {
  it('has bills of earlier months in several statuses, one waiting for op_director', async () => {
    const page = await ok<{ records: Bill[]; total: number }>(auditor, 'page', { pageSize: 50 });
    // The demo's: this file bills FIRST_PERIOD and the months before it.
    const demo = page.records.filter((b) => b.period > FIRST_PERIOD);
    const statuses = new Set(demo.map((b) => b.status));
    expect([...statuses]).toEqual(expect.arrayContaining(['REVIEWING', 'INVOICED']));
    const reviewing = demo.find((b) => b.status === 'REVIEWING')!;
    expect(await todo(director, reviewing.instanceId!)).toMatchObject({ taskDefinitionKey: 'Approve' });
    const invoiced = demo.find((b) => b.status === 'INVOICED')!;
    expect((await ok<Detail>(auditor, 'find-by-id', { id: invoiced.id })).invoice).toMatchObject({ taxId: '91310000MA1FL0GRPX', amount: invoiced.feeAmount });
  });
});

// One bill's life, each step on the bill the step before left: in this order even when tests are shuffled.
describe("a month's bill, from generation to invoice", { shuffle: false }, () => {
  describe('generating a month', () => {
    it('bills each corporation from the aggregates, priced by the policies in force, to the fen', async () => {
      const preview = await ok<Array<{ corpId: string; issuedAmount: string; financedAmount: string; unpricedAmount: string; exists: boolean }>>(
        handler,
        'preview',
        { period: PERIOD },
      );
      expect(preview).toEqual([
        expect.objectContaining({
          corpId: DEMO_CORP.group,
          issuedAmount: '483333.34',
          financedAmount: '1000000.00',
          unpricedAmount: '50000.00',
          exists: false,
        }),
      ]);

      // Two simultaneous generations: one bill.
      const answers = await Promise.all([post(handler, 'generate', { period: PERIOD }), post(handler, 'generate', { period: PERIOD })]);
      for (const a of answers) expect(a.body.code, a.text).toBe('0');
      const created = answers.map((a) => (a.body.data as { created: Bill[]; skipped: number }).created.length);
      expect(created.sort()).toEqual([0, 1]);
      expect(await srv.database.db.select().from(bills).where(eq(bills.period, PERIOD))).toHaveLength(1);

      const bill = await periodBill();
      expect(bill).toMatchObject({
        status: 'DRAFT',
        issuedAmount: '483333.34',
        financedAmount: '1000000.00',
        unpricedAmount: '50000.00',
        feeAmount: '4350.00',
      });
      const { lines, feeCapital } = await detail(bill.id);
      // 333 333.33 × 0.30 % = 999.99999 → 1 000.00; 100 000.01 × 0.35 % = 350.000035 → 350.00; 1 000 000 × 0.30 % = 3 000.00
      expect(lines.map((l) => [l.basis, l.policyName, l.rate, l.basisAmount, l.itemCount, l.feeAmount])).toEqual([
        ['FINANCED', '华东白条短期', '0.30', '1000000.00', 1, '3000.00'],
        ['ISSUED', '华东白条短期', '0.30', '333333.33', 1, '1000.00'],
        ['ISSUED', '华东白条中期', '0.35', '100000.01', 1, '350.00'],
      ]);
      expect(feeCapital).toBe('肆仟叁佰伍拾元整');
      expect(await srv.database.db.select().from(billLines).where(eq(billLines.billId, bill.id))).toHaveLength(3);
      expect(
        await srv.database.db
          .select()
          .from(operationLogs)
          .where(and(eq(operationLogs.resource, 'bills'), eq(operationLogs.recordId, bill.id))),
      ).toHaveLength(1);

      // Generated again later: the bill stands, nothing is added.
      expect((await ok<{ created: Bill[]; skipped: number }>(handler, 'generate', { period: PERIOD })).skipped).toBe(1);
    });

    it('refuses a period that is malformed or not yet ended, and an auditor', async () => {
      expect(refusalOf(await post(handler, 'generate', { period: '2024-13' })).message).toBe('账期格式应为 YYYY-MM');
      const current = dayOf(Date.now()).slice(0, 7);
      expect(refusalOf(await post(handler, 'generate', { period: current })).message).toBe('账期尚未结束，不能生成该月账单');
      expect(refusalOf(await post(handler, 'generate', {})).message).toBe('账期不能为空');
      expect(refusalOf(await post(auditor, 'generate', { period: '2024-01' })).code).toBe('FORBIDDEN');
    });
  });

  describe('the approval', () => {
    it('changes nothing on a reject; the withdrawal returns the bill to draft; the approval confirms it', async () => {
      let bill = await periodBill();
      // Two simultaneous submits: one instance, one winner.
      const submits = await Promise.all([0, 1].map(() => post(handler, 'submit', { id: bill.id, dataVersion: bill.dataVersion })));
      expect(
        submits.filter((a) => a.body.code === '0'),
        submits.map((a) => a.text).join('\n'),
      ).toHaveLength(1);
      bill = await periodBill();
      const instances = await dataOf<{ total: number }>(auditor, `${WF}/instances/page`, { businessKey: bill.id, pageSize: 10 });
      expect(instances.total).toBe(1);
      expect(bill.status).toBe('REVIEWING');
      // Submitted twice: the second is refused.
      expect(refusalOf(await post(handler, 'submit', { id: bill.id, dataVersion: bill.dataVersion })).code).toBe('BILL_STATUS_REFUSED');

      const review = (await todo(director, bill.instanceId!))!;
      expect((await complete(director, review.id, 'REJECT', '融资金额待核实')).body.code).toBe('0');
      bill = await periodBill();
      expect(bill).toMatchObject({ status: 'REVIEWING', rejectRemark: '融资金额待核实', feeAmount: '4350.00' });
      const back = (await todo(handler, bill.instanceId!))!;
      expect(back.taskDefinitionKey).toBe('ModifyStatus');
      expect((await complete(handler, back.id, 'REJECT', '撤回')).body.code).toBe('0');
      bill = await periodBill();
      expect(bill.status).toBe('DRAFT');

      expect((await post(handler, 'submit', { id: bill.id, dataVersion: bill.dataVersion })).body.code).toBe('0');
      bill = await periodBill();
      const again = (await todo(director, bill.instanceId!))!;
      expect((await complete(director, again.id, 'PASS', '核算无误')).body.code).toBe('0');
      expect((await periodBill()).status).toBe('CONFIRMED');
    });
  });

  describe('payment and invoicing', () => {
    it('refuses to invoice an unpaid bill; one payment of two simultaneous wins', async () => {
      let bill = await periodBill();
      const early = refusalOf(
        await post(handler, 'invoice', { id: bill.id, dataVersion: bill.dataVersion, invoiceType: 'VAT_NORMAL', bankAccountId: `acct-${DEMO_CORP.group}` }),
      );
      expect(early).toMatchObject({ code: 'BILL_NOT_PAID' });
      expect(early.message).toContain('付款后才能开票');
      expect(refusalOf(await post(handler, 'pay', { id: bill.id, dataVersion: bill.dataVersion, paidDate: '2999-01-01' })).message).toBe(
        '付款日期不能晚于今天',
      );
      // The tenth of the month after (2024-04-10 on a fresh world).
      const paidDate = `${shiftPeriod(PERIOD, -1)}-10`;
      const answers = await Promise.all([0, 1].map(() => post(handler, 'pay', { id: bill.id, dataVersion: bill.dataVersion, paidDate })));
      expect(answers.filter((a) => a.body.code === '0')).toHaveLength(1);
      bill = await periodBill();
      expect(bill).toMatchObject({ status: 'PAID', paidDate });
    });

    it('offers the corporation record, takes only shown invoice types, and invoices once', async () => {
      const bill = await periodBill();
      const defaults = await ok<{ title: string; taxId: string; address: string; accounts: Array<{ id: string; accountNoMasked: string }> }>(
        handler,
        'invoice-defaults',
        { id: bill.id },
      );
      expect(defaults).toMatchObject({ title: '中建华东建设集团有限公司', taxId: '91310000MA1FL0GRPX', address: '上海市浦东新区世纪大道100号' });
      expect(defaults.accounts[0].accountNoMasked).toMatch(/^\*{4} \*{4} \d{4}$/);
      const body = { id: bill.id, dataVersion: bill.dataVersion, bankAccountId: defaults.accounts[0].id };
      // MOTOR_VEHICLE is in the dictionary with isShow false.
      expect(refusalOf(await post(handler, 'invoice', { ...body, invoiceType: 'MOTOR_VEHICLE' })).message).toBe('发票类型 MOTOR_VEHICLE 不可选');
      expect(
        refusalOf(await post(handler, 'invoice', { ...body, invoiceType: 'VAT_NORMAL', bankAccountId: `acct-${DEMO_CORP.supplier(1)}` })).message,
      ).toContain('不属于');
      expect(refusalOf(await post(handler, 'invoice', { ...body, invoiceType: 'VAT_NORMAL', taxId: 'bad id' })).message).toContain('纳税人识别号');
      const answers = await Promise.all([0, 1].map(() => post(handler, 'invoice', { ...body, invoiceType: 'VAT_NORMAL' })));
      expect(answers.filter((a) => a.body.code === '0')).toHaveLength(1);
      const { invoice, bill: after } = await detail(bill.id);
      expect(after.status).toBe('INVOICED');
      expect(invoice).toMatchObject({ invoiceType: 'VAT_NORMAL', title: '中建华东建设集团有限公司', taxId: '91310000MA1FL0GRPX', amount: '4350.00' });
      expect(invoice!.accountNo).toMatch(/^\*{4} \*{4} \d{4}$/);
      const second = refusalOf(await post(handler, 'invoice', { ...body, dataVersion: after.dataVersion, invoiceType: 'VAT_NORMAL' }));
      expect(second).toMatchObject({ code: 'BILL_ALREADY_INVOICED' });
      expect(second.message).toContain('不能重复开票');
    });

    it('lets the director and the auditor read but not write', async () => {
      const bill = await periodBill();
      expect((await ok<{ total: number }>(director, 'page', { period: PERIOD, corpName: '华东' })).total).toBe(1);
      expect((await ok<{ total: number }>(auditor, 'page', { status: 'INVOICED', period: PERIOD })).total).toBe(1);
      for (const path of ['pay', 'invoice', 'submit'])
        expect(refusalOf(await post(auditor, path, { id: bill.id, dataVersion: bill.dataVersion })).code).toBe('FORBIDDEN');
      expect(refusalOf(await post(handler, 'page', { status: 'NOPE' }))).toMatchObject({ code: 'VALIDATION_FAILED', message: '状态的值不在可选范围内：NOPE' });
      expect(refusalOf(await post(handler, 'find-by-id', { id: 'nope' })).code).toBe('NOT_FOUND');
      // Neither the bill nor its instance named: the id is what is missing.
      expect(refusalOf(await post(handler, 'find-by-id', {}))).toMatchObject({ code: 'VALIDATION_FAILED', message: '账单不能为空' });
      expect(refusalOf(await post(handler, 'pay', { id: bill.id, dataVersion: bill.dataVersion, paidDate: '2024-02-30' }))).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: '付款日期必须是 YYYY-MM-DD 格式的有效日期',
      });
    });
  });
});
