/**
 * Parties are referenced, not copied (issue 37 item 1, README "References and snapshots"): a
 * corporation renamed through 企业自主更名, both directors approving, shows its new name in the group
 * tree, the quota accounts, their ledger and requests, the financing and issuance applications, while what was
 * issued (a credit note's holder and issuer, its chain of holders) still says what it said then.
 * A private server: it renames demo corporations whose names other files assert on the shared one.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CORP, DEMO_UNIT } from '../../server/corporations/demo-seed';
import { creditNoteApplications, creditNoteHolds, creditNotes, groupUnits, products, referenceGaps } from '../../server/db/schema';
import { FINANCING_CALLS } from '../../src/lib/financing';
import { CREDIT_NOTE_API } from '../../src/lib/credit-notes';
import { QUOTA_API } from '../../src/lib/quotas';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { approveAll as approveAllAs } from './approve-all';
import { startServer, type TestServer } from './server';

const CHANGES = '/op/v1/corporations/changes';
const TREE = '/op/v1/group/units';

interface Unit {
  id: string;
  parentId: string | null;
  corpId: string | null;
  unitName: string;
  dataVersion: number;
}
interface Account {
  id: string;
  unitId: string;
  unitName: string;
  grantorId: string;
  grantorName: string;
  parentId: string | null;
  parentUnitName: string | null;
}
interface Application {
  id: string;
  supplierCorpId: string;
  coreCorpId: string;
  supplierName: string;
  coreName: string;
  prdName: string;
  financeCorpName: string | null;
}

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let director2: ApiClient;
let auditor: ApiClient;

beforeAll(async () => {
  srv = await startServer();
  [handler, director, director2, auditor] = await Promise.all(['op_handler', 'op_director', 'op_director2', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
});
afterAll(() => srv?.close());

/** Walks a process to its approved end as handler, director and director2 (tests/server/approve-all.ts). */
const approveAll = (taskId: string) => approveAllAs([handler, director, director2], taskId);

async function rename(corpId: string, corpName: string): Promise<void> {
  const record = await dataOf<{ dataVersion: number }>(auditor, `${CHANGES}/renaming/find-by-id`, { id: corpId });
  const { taskId } = await dataOf<{ taskId: string }>(handler, `${CHANGES}/renaming/update-by-id`, { id: corpId, dataVersion: record.dataVersion, corpName });
  await approveAll(taskId);
  expect((await dataOf<{ corpName: string }>(auditor, `${CHANGES}/renaming/find-by-id`, { id: corpId })).corpName).toBe(corpName);
}

const tree = () => dataOf<Unit[]>(auditor, `${TREE}/tree`, {});
const accounts = async () => (await dataOf<{ records: Account[] }>(auditor, `${QUOTA_API}/accounts/page`, { pageSize: 100 })).records;

/** A core enterprise admitted through its process, standing at the root of a group tree of its own with one branch. */
async function newGroup(name: string): Promise<{ corpId: string; groupId: string; branchId: string }> {
  const code = `9133${randomUUID().slice(0, 8).toUpperCase()}REF01`.slice(0, 17) + 'X';
  const proposal = await dataOf<{ taskId: string; change: { recordId: string } }>(handler, `${CHANGES}/core-admissions/save`, {
    corpName: name,
    creditCode: code,
    legalPersonName: '王建国',
    legalPersonIdCard: handler.encrypt('11010519491231002X'),
    managerName: '李管理',
    managerMobile: handler.encrypt('13812345678'),
    registeredAddress: '上海市浦东新区世纪大道100号',
  });
  await approveAll(proposal.taskId);
  const corpId = proposal.change.recordId;
  const group = await dataOf<Unit>(handler, `${TREE}/save`, { kind: 'GROUP', corpId });
  const branch = await dataOf<Unit>(handler, `${TREE}/save`, { kind: 'BRANCH', parentId: group.id, unitName: '引用测试第一分公司' });
  return { corpId, groupId: group.id, branchId: branch.id };
}

describe('a corporation renamed by two directors', () => {
  const OLD_SUPPLIER = '苏州恒远钢材有限公司';
  const supplier = DEMO_CORP.supplier(1);
  const bank = DEMO_CORP.banks[0];
  let fresh: { corpId: string; groupId: string; branchId: string };
  let bankNameThen: string;
  let notesThen: Array<{ id: string; holderName: string; issuerName: string }>;
  let dispatchedAccount: Account;

  beforeAll(async () => {
    fresh = await newGroup('引用测试建设集团有限公司');
    // The supplier becomes a member customer of the new group too, so it can apply for financing with it.
    await dataOf(handler, `${TREE}/save`, { kind: 'MEMBER_CUSTOMER', parentId: fresh.groupId, corpId: supplier });
    bankNameThen = (await accounts()).find((a) => a.grantorId === bank)!.grantorName;

    // The bank grants the new group a quota, which the group dispatches to its branch: accounts, requests and ledger rows to read.
    const apply = await dataOf<{ taskId: string | null; request: { id: string } }>(handler, `${QUOTA_API}/requests/apply`, {
      kind: 'FINANCE',
      channel: 'FINANCE',
      grantorId: bank,
      unitId: fresh.groupId,
      amount: '1000000.00',
      termEnd: '2099-12-31',
      reason: '引用测试授信',
    });
    await approveAll(apply.taskId!);
    const groupAccount = (await accounts()).find((a) => a.unitId === fresh.groupId)!;
    const dispatch = await dataOf<{ taskId: string | null }>(handler, `${QUOTA_API}/requests/dispatch`, {
      accountId: groupAccount.id,
      reason: '引用测试下发',
      lines: [{ unitId: fresh.branchId, amount: '400000.00' }],
    });
    await approveAll(dispatch.taskId!);
    dispatchedAccount = (await accounts()).find((a) => a.unitId === fresh.branchId)!;

    // A financing application of the supplier with the new core enterprise, on a product of the bank's.
    await dataOf(handler, FINANCING_CALLS.start, { supplierCorpId: supplier, coreCorpId: fresh.corpId, prdCode: 'CREDIT-ICBC-E' });

    notesThen = await srv.database.db
      .select({ id: creditNotes.id, holderName: creditNotes.holderName, issuerName: creditNotes.issuerName })
      .from(creditNotes)
      .where(eq(creditNotes.holderCorpId, supplier));

    await rename(fresh.corpId, '引用测试建设集团（更名后）有限公司');
    await rename(supplier, '苏州恒远钢材（更名后）有限公司');
    await rename(bank, '中国工商银行股份有限公司（更名后）');
  });

  it('the group tree names the root and the member customer by their new names', async () => {
    const units = await tree();
    expect(units.find((u) => u.id === fresh.groupId)!.unitName).toBe('引用测试建设集团（更名后）有限公司');
    const members = units.filter((u) => u.corpId === supplier);
    expect(members.length).toBeGreaterThanOrEqual(2);
    for (const member of members) expect(member.unitName).toBe('苏州恒远钢材（更名后）有限公司');
    // A unit of no corporation keeps the name it was given.
    expect(units.find((u) => u.id === fresh.branchId)!.unitName).toBe('引用测试第一分公司');
    // Nothing is copied: the rows standing for a corporation hold no name of their own.
    const rows = await srv.database.db
      .select()
      .from(groupUnits)
      .where(inArray(groupUnits.id, [fresh.groupId, ...members.map((m) => m.id)]));
    expect(rows.map((r) => r.ownName)).toEqual(rows.map(() => null));
  });

  it('the tree refuses to rename a unit standing for a corporation, and renames its own units', async () => {
    const root = (await tree()).find((u) => u.id === fresh.groupId)!;
    const refused = refusalOf(await handler.call(`${TREE}/rename`, { json: { id: root.id, dataVersion: root.dataVersion, unitName: '绕过更名流程' } }));
    expect(refused.code).toBe('GROUP_TREE_RULE');
    expect(refused.message).toContain('企业自主更名');
    expect((await tree()).find((u) => u.id === fresh.groupId)!.unitName).toBe('引用测试建设集团（更名后）有限公司');
    const branch = (await tree()).find((u) => u.id === fresh.branchId)!;
    await dataOf(handler, `${TREE}/rename`, { id: branch.id, dataVersion: branch.dataVersion, unitName: '引用测试华东分公司' });
    expect((await tree()).find((u) => u.id === fresh.branchId)!.unitName).toBe('引用测试华东分公司');
  });

  it('the quota accounts name their unit and grantor as they are called now, and search by the new names', async () => {
    const all = await accounts();
    const groupAccount = all.find((a) => a.unitId === fresh.groupId)!;
    expect(groupAccount).toMatchObject({ unitName: '引用测试建设集团（更名后）有限公司', grantorName: '中国工商银行股份有限公司（更名后）' });
    // The demo group's own quota from the bank follows the bank's renaming too.
    expect(all.find((a) => a.unitId === DEMO_UNIT.group && a.grantorId === bank)!.grantorName).toBe('中国工商银行股份有限公司（更名后）');
    expect(all.filter((a) => a.grantorId === bank).map((a) => a.grantorName)).not.toContain(bankNameThen);
    const found = await dataOf<Account>(auditor, `${QUOTA_API}/accounts/find-by-id`, { id: dispatchedAccount.id });
    expect(found).toMatchObject({ parentUnitName: '引用测试建设集团（更名后）有限公司', grantorName: '中国工商银行股份有限公司（更名后）' });
    const byGrantor = (await dataOf<{ records: Account[] }>(auditor, `${QUOTA_API}/accounts/page`, { grantorName: '（更名后）', pageSize: 100 })).records;
    expect(byGrantor.map((a) => a.id)).toContain(groupAccount.id);
    const byUnit = (await dataOf<{ records: Account[] }>(auditor, `${QUOTA_API}/accounts/page`, { unitName: '引用测试建设集团（更名后）', pageSize: 100 }))
      .records;
    expect(byUnit.map((a) => a.id)).toEqual([groupAccount.id]);
  });

  it('the ledger and the requests read the new names', async () => {
    const ledger = await dataOf<{ records: Array<{ movement: string; counterpartUnit: string | null }> }>(auditor, `${QUOTA_API}/ledger/page`, {
      accountId: dispatchedAccount.id,
      pageSize: 50,
    });
    expect(ledger.records.find((r) => r.movement === 'DISPATCH_IN')!.counterpartUnit).toBe('引用测试建设集团（更名后）有限公司');
    const groupAccount = (await accounts()).find((a) => a.unitId === fresh.groupId)!;
    const requests = await dataOf<{ records: Array<{ id: string; grantorName: string }> }>(auditor, `${QUOTA_API}/requests/page`, {
      accountId: groupAccount.id,
      pageSize: 50,
    });
    expect(requests.records.length).toBeGreaterThan(0);
    for (const request of requests.records) {
      expect(request.grantorName).toBe('中国工商银行股份有限公司（更名后）');
      const view = await dataOf<{ request: { grantorName: string }; unitName: string; account: Account }>(auditor, `${QUOTA_API}/requests/find-by-id`, {
        id: request.id,
      });
      expect(view).toMatchObject({
        unitName: '引用测试建设集团（更名后）有限公司',
        request: { grantorName: '中国工商银行股份有限公司（更名后）' },
        account: { unitName: '引用测试建设集团（更名后）有限公司' },
      });
    }
  });

  it('the financing applications name the supplier, the core enterprise and the product as they are now', async () => {
    const page = await dataOf<{ records: Application[] }>(auditor, FINANCING_CALLS.page, { supplierName: '恒远钢材（更名后）', pageSize: 50 });
    const mine = page.records.filter((a) => a.supplierCorpId === supplier);
    // The demo's application with 中建华东 and the one started above: found by the new name, none left under the old.
    expect(mine.length).toBeGreaterThanOrEqual(2);
    for (const application of mine) expect(application.supplierName).toBe('苏州恒远钢材（更名后）有限公司');
    const withFresh = mine.find((a) => a.coreCorpId === fresh.corpId)!;
    expect(withFresh).toMatchObject({ coreName: '引用测试建设集团（更名后）有限公司', prdName: '工银e信融资' });
    const { application } = await dataOf<{ application: Application }>(auditor, FINANCING_CALLS.find, { id: withFresh.id });
    expect(application).toMatchObject({ supplierName: '苏州恒远钢材（更名后）有限公司', coreName: '引用测试建设集团（更名后）有限公司' });
    const old = await dataOf<{ records: Application[] }>(auditor, FINANCING_CALLS.page, { supplierName: OLD_SUPPLIER, pageSize: 50 });
    expect(old.records.filter((a) => a.supplierCorpId === supplier)).toEqual([]);
  });

  it('an issuance application names its payee as it is called now, the note issued from it as it was then', async () => {
    const page = await dataOf<{ records: Array<{ id: string; payeeCorpId: string; payeeName: string; unitName: string; productName: string }> }>(
      auditor,
      `${CREDIT_NOTE_API}/applications/page`,
      { pageSize: 100 },
    );
    const mine = page.records.filter((a) => a.payeeCorpId === supplier);
    expect(mine.length).toBeGreaterThan(0);
    for (const application of mine) {
      expect(application.payeeName).toBe('苏州恒远钢材（更名后）有限公司');
      expect(application.unitName).not.toBe('');
      expect(application.productName).not.toBe('');
      const { application: found } = await dataOf<{ application: { payeeName: string } }>(auditor, `${CREDIT_NOTE_API}/applications/find-by-id`, {
        id: application.id,
      });
      expect(found.payeeName).toBe('苏州恒远钢材（更名后）有限公司');
    }
  });

  it('what was issued keeps the names it was issued under', async () => {
    // The demo issues notes to the first suppliers; each still names the holder as it was called then.
    expect(notesThen.length).toBeGreaterThan(0);
    expect(notesThen.every((n) => n.holderName === OLD_SUPPLIER)).toBe(true);
    const now = await srv.database.db
      .select({ id: creditNotes.id, holderName: creditNotes.holderName, issuerName: creditNotes.issuerName })
      .from(creditNotes)
      .where(eq(creditNotes.holderCorpId, supplier));
    expect(now).toEqual(notesThen);
    const holds = await srv.database.db
      .select({ toName: creditNoteHolds.toName })
      .from(creditNoteHolds)
      .where(and(eq(creditNoteHolds.toCorpId, supplier)));
    expect(holds.map((h) => h.toName)).not.toContain('苏州恒远钢材（更名后）有限公司');
  });

  it('the dashboard ranks the supplier under its new name', async () => {
    const dashboard = await dataOf<{ notes: { topHolders: Array<{ corpId: string; name: string }> } }>(auditor, '/op/v1/dashboard/overview', {});
    expect(dashboard.notes.topHolders.find((h) => h.corpId === supplier)?.name).toBe('苏州恒远钢材（更名后）有限公司');
    expect(dashboard.notes.topHolders.map((h) => h.name)).not.toContain(OLD_SUPPLIER);
  });

  it('a tree unit an issuance application references is refused removal with a message, not a key violation', async () => {
    const dept = await dataOf<Unit>(handler, `${TREE}/save`, { kind: 'PROJECT_DEPT', parentId: fresh.branchId, unitName: '引用测试项目部' });
    const [product] = await srv.database.db.select({ id: products.id }).from(products).limit(1);
    // A finished application of the department, as the issuance service leaves one (written here to skip its document review).
    await srv.database.db.insert(creditNoteApplications).values({
      level: 'PROJECT_DEPT',
      groupId: fresh.groupId,
      unitId: dept.id,
      quotaAccountId: dispatchedAccount.id,
      payeeCorpId: supplier,
      amount: '100.00',
      dueDate: '2099-12-31',
      productId: product.id,
      contractNo: 'HT-REF-1',
      status: 'REJECTED',
    });
    const refused = refusalOf(await handler.call(`${TREE}/remove`, { json: { id: dept.id } }));
    expect(refused).toMatchObject({ status: 200, code: 'GROUP_TREE_RULE' });
    expect(refused.message).toContain('引用测试项目部');
    expect((await tree()).some((u) => u.id === dept.id)).toBe(true);
  });

  it('a grantor holding quota cannot be removed: the account references it', async () => {
    const admin = await signInAs(srv.baseUrl, 'op_admin');
    const refused = refusalOf(await admin.call('/op/v1/corporations/remove-by-ids', { json: { ids: [bank] } }));
    expect(refused.code).toBe('CORP_REFERENCED');
    expect(refused.message).toContain('中国工商银行股份有限公司（更名后）');
    expect(await srv.database.db.select().from(referenceGaps)).toEqual([]);
  });
});
