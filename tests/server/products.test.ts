/**
 * The products area over real HTTP (issue 17): the standard library's versions (a new version is a
 * new row, an approved one is frozen, stored text is sanitised, placeholders are known ones); and,
 * as one table, the nine processes of products, agreements and price policies: each proposal is
 * applied only when its instance ends approved (a withdrawal creates nothing), its key is refused by
 * the generic start, approved products join the global config; and the rules the kit cannot know
 * (ranges, parties, template versions, overlapping tenor bands, also when proposed at once); a
 * product's template versions are several references (rows of product_template_versions), named by their labels.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEMO_CORP } from '../../server/corporations/demo-seed';
import { openDatabase } from '../../server/db/open';
import { agreementTemplates, corporations, productTemplateVersions } from '../../server/db/schema';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { postgresBinDir, startPostgres, type TestPostgres } from './postgres';
import { startServer, type TestServer } from './server';

const BASE = '/op/v1/products';
const WF = '/op/v1/workflow';
const GROUP_NAME = '中建华东建设集团有限公司';
// Parties and products are references (issue 37): named by id, answered with their current label.
const GROUP = DEMO_CORP.group;
const ICBC = DEMO_CORP.banks[0];
const CMB = DEMO_CORP.banks[1];
/** Approved products' ids by code, read once from the product picker's list. */
const productIds = new Map<string, string>();
const pid = (prdCode: string) => productIds.get(prdCode) ?? `missing-${prdCode}`;
/** Template versions' ids by CODE@version. */
const templateIds = new Map<string, string>();
const tid = (ref: string) => templateIds.get(ref) ?? `missing-${ref.replace('@', '-')}`;

interface Proposal {
  change: { recordId: string };
  instanceId: string;
  taskId: string;
}
interface Task {
  id: string;
}
type Rec = Record<string, unknown> & { id: string; dataVersion: number };

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let auditor: ApiClient;
let postgres: TestPostgres | undefined;

/** PRODUCTS_ON_POSTGRES=1 runs the same cases on a throwaway PostgreSQL (real concurrent transactions). */
async function database() {
  const binDir = process.env.PRODUCTS_ON_POSTGRES === '1' ? postgresBinDir() : undefined;
  if (!binDir) return {};
  postgres = await startPostgres(binDir);
  return { database: openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'scf-products-')), databaseUrl: await postgres.createDatabase('products') }) };
}

beforeAll(async () => {
  // Private: it may run on PostgreSQL (PRODUCTS_ON_POSTGRES=1).
  srv = await startServer(await database());
  [handler, director, auditor] = await Promise.all(['op_handler', 'op_director', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
  for (const p of (await dataOf<{ records: Rec[] }>(auditor, `${BASE}/all/page`, { pageSize: 100 })).records) productIds.set(String(p.prdCode), p.id);
  for (const v of (await dataOf<{ records: Rec[] }>(auditor, `${BASE}/templates/page`, { pageSize: 100 })).records)
    templateIds.set(`${String(v.templateCode)}@${String(v.version)}`, v.id);
});
afterAll(async () => {
  await srv.close();
  postgres?.stop();
});

const complete = (client: ApiClient, taskId: string, outcome: 'PASS' | 'REJECT', remark?: string) =>
  dataOf<{ instance: { status: string }; task: Task | null }>(client, `${WF}/tasks/complete`, { taskId, outcome, remark });
const page = async (api: string, filters: Record<string, unknown> = {}) =>
  (await dataOf<{ records: Rec[] }>(auditor, `${BASE}/${api}/page`, { pageSize: 100, ...filters })).records;
const products = async () =>
  (await dataOf<{ sysPrdModelVOList: Array<{ prdCode: string; extAttrMap: { prdName: string } }> }>(auditor, '/op/v1/sys/tools/load-prd-config'))
    .sysPrdModelVOList;

/** Handler submits, then the director passes (approve) or the director and handler reject (withdrawn). */
async function walk(proposal: Proposal, end: 'approve' | 'withdraw'): Promise<string> {
  const task = { id: proposal.taskId }; // saving submitted it: the task is the director's review
  if (end === 'approve') return (await complete(director, task!.id, 'PASS', '同意')).instance.status;
  const back = await complete(director, task!.id, 'REJECT', '资料不全');
  return (await complete(handler, back.task!.id, 'REJECT', '撤回')).instance.status;
}

let seq = 0;
const code = (prefix: string) => `${prefix}-T${(seq += 1)}`;
const limits = { tenorMinDays: 30, tenorMaxDays: 180, amountMin: '1000.00', amountMax: '2000000.00' };

interface Case {
  processKey: string;
  api: string;
  body: () => Record<string, unknown>;
  key: string;
  product?: boolean;
}

const CASES: Case[] = [
  {
    processKey: 'Process_CREDIT_PRODUCT_FINANCE',
    api: 'credit/finance',
    key: 'prdCode',
    product: true,
    body: () => ({
      prdCode: code('CF'),
      prdName: '测试资方授信',
      prdShortName: '资方授信',
      financeCorpId: ICBC,
      ...limits,
      templateVersionIds: [tid('CREDIT-MASTER@2')],
    }),
  },
  {
    processKey: 'Process_CREDIT_PRODUCT_CORE_FINANCE',
    api: 'credit/core-finance',
    key: 'prdCode',
    product: true,
    body: () => ({
      prdCode: code('CCF'),
      prdName: '测试联合授信',
      prdShortName: '联合授信',
      financeCorpId: CMB,
      coreCorpId: GROUP,
      ...limits,
      templateVersionIds: [tid('CREDIT-MASTER@1'), tid('CREDIT-MASTER@2')],
    }),
  },
  {
    processKey: 'Process_CREDIT_PRODUCT_CORE',
    api: 'credit/core',
    key: 'prdCode',
    product: true,
    body: () => ({
      prdCode: code('CC'),
      prdName: '测试平台授信',
      prdShortName: '平台授信',
      coreCorpId: GROUP,
      ...limits,
      templateVersionIds: [tid('CREDIT-MASTER@2')],
    }),
  },
  {
    processKey: 'Process_RF_PROD_FINANCE',
    api: 'rf/finance',
    key: 'prdCode',
    product: true,
    body: () => ({
      prdCode: code('RFF'),
      prdName: '测试资方反保',
      prdShortName: '资方反保',
      financeCorpId: ICBC,
      ...limits,
      templateVersionIds: [tid('RF-MASTER@1')],
    }),
  },
  {
    processKey: 'Process_RF_PROD_CORE_FINANCE',
    api: 'rf/core-finance',
    key: 'prdCode',
    product: true,
    body: () => ({
      prdCode: code('RFCF'),
      prdName: '测试联合反保',
      prdShortName: '联合反保',
      financeCorpId: CMB,
      coreCorpId: GROUP,
      ...limits,
      templateVersionIds: [tid('RF-MASTER@1')],
    }),
  },
  {
    processKey: 'Process_RF_PROD_CORE',
    api: 'rf/core',
    key: 'prdCode',
    product: true,
    body: () => ({
      prdCode: code('RFC'),
      prdName: '测试平台反保',
      prdShortName: '平台反保',
      coreCorpId: GROUP,
      ...limits,
      templateVersionIds: [tid('RF-MASTER@1')],
    }),
  },
  {
    processKey: 'Process_CREDIT_AGREEMENT',
    api: 'agreements/credit',
    key: 'agreementCode',
    body: () => ({
      agreementCode: code('AC'),
      agreementName: '测试授信协议',
      productId: pid('CREDIT-HD-CMB'),
      financeCorpId: CMB,
      coreCorpId: GROUP,
      templateId: tid('CREDIT-MASTER@2'),
    }),
  },
  {
    processKey: 'Process_RF_AGREEMENT',
    api: 'agreements/rf',
    key: 'agreementCode',
    body: () => ({
      agreementCode: code('AR'),
      agreementName: '测试反保协议',
      productId: pid('RF-HD-PLATFORM'),
      financeCorpId: CMB,
      coreCorpId: GROUP,
      templateId: tid('RF-MASTER@1'),
    }),
  },
  {
    processKey: 'Process_PRICE_CONFIG_CREATE',
    api: 'price-policies',
    key: 'policyName',
    body: () => ({
      policyName: code('策略'),
      productId: pid('CREDIT-ICBC-E'),
      coreCorpId: GROUP,
      tenorFromDays: 1 + seq * 10,
      tenorToDays: 5 + seq * 10,
      financingRate: '4.05',
      serviceFeeRate: '0.25',
    }),
  },
];

describe('the demo world', () => {
  it('holds template versions, approved products in the global config, and proposals waiting for op_director', async () => {
    const versions = await page('templates', { templateCode: 'CREDIT-MASTER' });
    expect(versions.map((v) => [v.version, v.status])).toEqual([
      [3, 'DRAFT'],
      [2, 'APPROVED'],
      [1, 'APPROVED'],
    ]);
    expect((await products()).map((p) => p.prdCode)).toEqual(expect.arrayContaining(['CREDIT-ICBC-E', 'CREDIT-HD-CMB', 'RF-HD-PLATFORM']));
    const todo = (await dataOf<{ records: Array<{ processKey: string }> }>(director, `${WF}/tasks/todo/page`, { pageSize: 500 })).records.map(
      (t) => t.processKey,
    );
    expect(todo).toEqual(
      expect.arrayContaining(['Process_CREDIT_PRODUCT_CORE', 'Process_RF_PROD_FINANCE', 'Process_RF_AGREEMENT', 'Process_PRICE_CONFIG_CREATE']),
    );
  });
});

describe.each(CASES)('$processKey', (c) => {
  it('applies the proposal only when approved, and only then lists it (and a product in the global config)', async () => {
    const body = c.body();
    const proposal = await dataOf<Proposal>(handler, `${BASE}/${c.api}/save`, body);
    expect((await page(c.api)).some((r) => r[c.key] === body[c.key])).toBe(false);
    expect(await walk(proposal, 'approve')).toBe('APPROVED');
    const row = (await page(c.api)).find((r) => r[c.key] === body[c.key]);
    expect(row).toMatchObject({ id: proposal.change.recordId, ...body });
    if (c.product) expect((await products()).map((p) => p.prdCode)).toContain(body.prdCode);
  });

  it('creates nothing when withdrawn, and its key is refused by the generic start', async () => {
    const body = c.body();
    const proposal = await dataOf<Proposal>(handler, `${BASE}/${c.api}/save`, body);
    expect(await walk(proposal, 'withdraw')).toBe('REJECTED');
    expect((await page(c.api)).some((r) => r[c.key] === body[c.key])).toBe(false);
    const start = await handler.call(`${WF}/instances/start`, { json: { processKey: c.processKey, businessKey: 'x' } });
    expect(refusalOf(start).code).toBe('PROCESS_OWNED');
  });
});

describe('the standard library', () => {
  it('numbers versions per code, sanitises the text, freezes an approved version and lets only directors approve', async () => {
    const templateCode = code('TPL');
    const save = (content: string) => handler.call(`${BASE}/templates/save`, { json: { templateCode, templateName: '测试模板', content } });
    const first = (await save('<p>甲方：{{corpName}}</p><script>alert(1)</script><img src=x onerror=alert(2)>')).body.data as Rec;
    expect(first).toMatchObject({ version: 1, status: 'DRAFT' });
    expect(String(first.content)).not.toMatch(/script|onerror/);
    expect(refusalOf(await save('<p>{{corpNmae}}</p>'))).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('{{corpNmae}}') });

    expect((await handler.call(`${BASE}/templates/approve`, { json: { id: first.id, dataVersion: first.dataVersion } })).status).toBe(403);
    const approved = await dataOf<Rec>(director, `${BASE}/templates/approve`, { id: first.id, dataVersion: first.dataVersion });
    expect(approved.status).toBe('APPROVED');
    const edit = await handler.call(`${BASE}/templates/update-by-id`, { json: { id: first.id, dataVersion: approved.dataVersion, content: '<p>改</p>' } });
    expect(refusalOf(edit).code).toBe('TEMPLATE_APPROVED');
    expect(refusalOf(await handler.call(`${BASE}/templates/remove-by-ids`, { json: { ids: [first.id] } })).code).toBe('TEMPLATE_APPROVED');

    const second = (await save('<p>甲方：{{corpName}}，金额 {{amount}} 元</p>')).body.data as Rec;
    expect(second).toMatchObject({ version: 2, status: 'DRAFT' });
    expect((await page('templates', { templateCode })).map((v) => v.version)).toEqual([2, 1]);
    // One draft a code: a second 新建版本 is refused, naming the open draft, and makes nothing (issue 37: v2 and v3).
    expect(refusalOf(await save('<p>再来一版 {{corpName}}</p>'))).toMatchObject({
      code: 'TEMPLATE_DRAFT_OPEN',
      message: `模板 ${templateCode} 已有草稿第 2 版，请修改该草稿或定稿后再新建版本`,
    });
    expect((await page('templates', { templateCode })).map((v) => v.version)).toEqual([2, 1]);
  });

  it('lets one of two new versions made at once through', async () => {
    const templateCode = code('TPL');
    const save = () => handler.call(`${BASE}/templates/save`, { json: { templateCode, templateName: '并发模板', content: '<p>{{corpName}}</p>' } });
    const first = (await save()).body.data as Rec;
    await dataOf<Rec>(director, `${BASE}/templates/approve`, { id: first.id, dataVersion: first.dataVersion });
    const answers = await Promise.all([save(), save()]);
    expect(answers.map((a) => a.body.code).sort()).toEqual(['0', expect.stringMatching(/^(TEMPLATE_DRAFT_OPEN|DUPLICATE)$/)]);
    expect((await page('templates', { templateCode })).map((v) => v.version)).toEqual([2, 1]);
  });
});

describe('rules the kit cannot know', () => {
  const refused = async (api: string, body: Record<string, unknown>) => refusalOf(await handler.call(`${BASE}/${api}/save`, { json: body }));
  const product = () => CASES[1].body();

  it.each([
    ['a tenor range upside down', { tenorMinDays: 200, tenorMaxDays: 30 }, 'tenorMaxDays', '最长期限不能小于最短期限'],
    ['amount limits upside down (exactly)', { amountMin: '0.30', amountMax: '0.29' }, 'amountMax', '单笔最高金额不能小于单笔最低金额'],
    ['a supplier as the finance institution', { financeCorpId: DEMO_CORP.supplier(1) }, 'financeCorpId', '所选的资金方不在可选范围（资金方）内'],
    ['a bank as the core enterprise', { coreCorpId: ICBC }, 'coreCorpId', '所选的核心企业不在可选范围（核心企业）内'],
    ['a corporation that does not exist', { coreCorpId: 'no-such-corp' }, 'coreCorpId', '所选的核心企业不在可选范围'],
    ['a typed name instead of a chosen corporation', { coreCorpId: GROUP_NAME }, 'coreCorpId', '核心企业必须从列表中选择'],
    [
      'a draft template version beside a finalised one',
      { templateVersionIds: [tid('CREDIT-MASTER@2'), tid('CREDIT-MASTER@3')] },
      'templateVersionIds',
      '所选的使用的模板版本不在可选范围（已定稿的模板版本）内',
    ],
    ['a template version that does not exist', { templateVersionIds: ['no-such-version'] }, 'templateVersionIds', '不在可选范围（已定稿的模板版本）内'],
    ['a typed CODE@version instead of a chosen version', { templateVersionIds: ['CREDIT-MASTER@2'] }, 'templateVersionIds', '使用的模板版本必须从列表中选择'],
    ['one version id where a list is due', { templateVersionIds: 'CREDIT-MASTER@2' }, 'templateVersionIds', '使用的模板版本必须从列表中选择'],
    ['no template version', { templateVersionIds: [] }, 'templateVersionIds', '使用的模板版本不能为空'],
  ])('refuses a product with %s, naming the field', async (_name, change, field, message) => {
    const answer = await handler.call(`${BASE}/credit/core-finance/save`, { json: { ...product(), ...change } });
    expect(refusalOf(answer)).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining(message) });
    expect(answer.body.data).toMatchObject({ field });
  });

  it('refuses an agreement on a draft template version, and offers the picker finalised versions named CODE@version', async () => {
    expect(await refused('agreements/credit', { ...CASES[6].body(), templateId: tid('CREDIT-MASTER@3') })).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '所选的模板版本不在可选范围（已定稿的模板版本）内：记录不存在或不符合条件，请重新选择',
    });
    const offered = await page('templates', { status: 'APPROVED', refLabel: 'CREDIT-MASTER@' });
    expect(offered.map((v) => v.refLabel)).toEqual(expect.arrayContaining(['CREDIT-MASTER@2 授信协议标准文本', 'CREDIT-MASTER@1 授信协议标准文本']));
    expect(offered.map((v) => v.version)).not.toContain(3);
  });

  it('refuses an agreement on a product of the other category', async () => {
    expect(await refused('agreements/rf', { ...CASES[7].body(), productId: pid('CREDIT-HD-CMB') })).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '所选的产品不在可选范围（产品）内：记录不存在或不符合条件，请重新选择',
    });
  });

  it('refuses a price band overlapping another of the same product and core (approved or in approval), naming it', async () => {
    const band = { productId: pid('CREDIT-HD-CMB'), coreCorpId: GROUP, financingRate: '4.00', serviceFeeRate: '0.30' };
    expect(await refused('price-policies', { ...band, policyName: '重叠一', tenorFromDays: 60, tenorToDays: 120 })).toMatchObject({
      code: 'PRICE_BAND_OVERLAP',
      message: expect.stringContaining('华东白条短期'),
    });
    // 181–360 is the demo's policy still in approval.
    expect((await refused('price-policies', { ...band, policyName: '重叠二', tenorFromDays: 300, tenorToDays: 400 })).message).toContain('华东白条长期');
    expect((await refused('price-policies', { ...band, policyName: '倒置', tenorFromDays: 500, tenorToDays: 400 })).code).toBe('VALIDATION_FAILED');
    expect((await refused('price-policies', { ...band, policyName: '超限', tenorFromDays: 500, tenorToDays: 600, financingRate: '100.01' })).code).toBe(
      'VALIDATION_FAILED',
    );
    // The same band for another core enterprise is another policy.
    await dataOf(handler, `${BASE}/price-policies/save`, {
      ...band,
      coreCorpId: DEMO_CORP.northCore,
      policyName: '华北短期',
      tenorFromDays: 60,
      tenorToDays: 120,
    });
  });

  it('lets exactly one of two overlapping bands proposed at once through', async () => {
    const band = { productId: pid('RF-HD-PLATFORM'), coreCorpId: GROUP, financingRate: '5.00', serviceFeeRate: '0.50' };
    const answers = await Promise.all([
      handler.call(`${BASE}/price-policies/save`, { json: { ...band, policyName: '并发甲', tenorFromDays: 1, tenorToDays: 60 } }),
      handler.call(`${BASE}/price-policies/save`, { json: { ...band, policyName: '并发乙', tenorFromDays: 30, tenorToDays: 90 } }),
    ]);
    expect(answers.map((a) => a.body.code).sort()).toEqual(['0', 'PRICE_BAND_OVERLAP']);
  });
});

describe('parties by reference', () => {
  it('shows a renaming at once in products and price policies, while an agreement keeps the names it was signed with', async () => {
    const agreement = (await page('agreements/credit', { agreementCode: 'AGR-CREDIT-001' }))[0];
    expect(agreement).toMatchObject({
      coreCorpId: GROUP,
      coreCorpIdLabel: GROUP_NAME,
      coreCorpName: GROUP_NAME,
      productIdLabel: '华东建设招银白条',
      templateIdLabel: 'CREDIT-MASTER@2 授信协议标准文本',
    });
    const renamed = `${GROUP_NAME}（更名）`;
    await srv.database.db.update(corporations).set({ corpName: renamed }).where(eq(corporations.id, GROUP));
    try {
      const product = (await page('credit/core-finance', { prdCode: 'CREDIT-HD-CMB' }))[0];
      expect(product).toMatchObject({ coreCorpId: GROUP, coreCorpIdLabel: renamed });
      const policies = await page('price-policies', { coreCorpId: '（更名）' });
      expect(policies.map((p) => p.policyName)).toEqual(expect.arrayContaining(['华东白条短期', '华东白条中期']));
      expect(policies.every((p) => p.coreCorpIdLabel === renamed)).toBe(true);
      // The agreement names the corporation as it is now, and as it was when signed.
      expect((await page('agreements/credit', { agreementCode: 'AGR-CREDIT-001' }))[0]).toMatchObject({ coreCorpIdLabel: renamed, coreCorpName: GROUP_NAME });
    } finally {
      await srv.database.db.update(corporations).set({ corpName: GROUP_NAME }).where(eq(corporations.id, GROUP));
    }
  });

  it("offers the product picker approved products only, of the agreement's category when it asks", async () => {
    const all = await dataOf<{ records: Rec[] }>(auditor, `${BASE}/all/page`, { category: 'RF', pageSize: 100 });
    expect(all.records.length).toBeGreaterThan(0);
    expect(all.records.every((p) => String(p.prdCode).startsWith('RF'))).toBe(true);
    // CREDIT-HD-PLAT waits in review: no product yet.
    expect([...productIds.keys()]).not.toContain('CREDIT-HD-PLAT');
  });
});

describe("a product's template versions, several references", () => {
  const api = 'credit/core-finance';
  const versionsOf = async (productId: string) =>
    (
      await srv.database.db
        .select()
        .from(productTemplateVersions)
        .where(eq(productTemplateVersions.productId, productId))
        .orderBy(productTemplateVersions.position)
    ).map((r) => r.templateId);

  it('stores the picked versions as link rows in the order picked, answers their labels, and changes them only through an approved update', async () => {
    const body: Record<string, unknown> = { ...CASES[1].body(), templateVersionIds: [tid('CREDIT-MASTER@2'), tid('CREDIT-MASTER@1')] };
    const proposal = await dataOf<Proposal>(handler, `${BASE}/${api}/save`, body);
    expect(await versionsOf(proposal.change.recordId)).toEqual([]);
    await walk(proposal, 'approve');
    expect(await versionsOf(proposal.change.recordId)).toEqual([tid('CREDIT-MASTER@2'), tid('CREDIT-MASTER@1')]);
    const row = await dataOf<Rec>(auditor, `${BASE}/${api}/find-by-id`, { id: proposal.change.recordId });
    expect(row).toMatchObject({
      templateVersionIds: [tid('CREDIT-MASTER@2'), tid('CREDIT-MASTER@1')],
      templateVersionIdsLabel: ['CREDIT-MASTER@2 授信协议标准文本', 'CREDIT-MASTER@1 授信协议标准文本'],
    });

    // The same versions sent back are no change; another set is proposed with both sides labelled, and applied when approved.
    expect(
      refusalOf(
        await handler.call(`${BASE}/${api}/update-by-id`, { json: { id: row.id, dataVersion: row.dataVersion, templateVersionIds: row.templateVersionIds } }),
      ).message,
    ).toContain('没有修改任何内容');
    const update = await dataOf<Proposal & { change: { proposed: Rec; previous: Rec } }>(handler, `${BASE}/${api}/update-by-id`, {
      id: row.id,
      dataVersion: row.dataVersion,
      templateVersionIds: [tid('CREDIT-MASTER@1')],
    });
    const pending = (await dataOf<Rec & { pendingChange: { proposed: Rec; previous: Rec } }>(auditor, `${BASE}/${api}/find-by-id`, { id: row.id }))
      .pendingChange;
    expect(pending.proposed).toMatchObject({ templateVersionIds: [tid('CREDIT-MASTER@1')], templateVersionIdsLabel: ['CREDIT-MASTER@1 授信协议标准文本'] });
    expect(pending.previous).toMatchObject({ templateVersionIdsLabel: ['CREDIT-MASTER@2 授信协议标准文本', 'CREDIT-MASTER@1 授信协议标准文本'] });
    expect(await versionsOf(row.id)).toHaveLength(2);
    await walk(update, 'approve');
    expect(await versionsOf(row.id)).toEqual([tid('CREDIT-MASTER@1')]);
    expect((await page(api, { prdCode: String(body.prdCode) }))[0]).toMatchObject({ templateVersionIdsLabel: ['CREDIT-MASTER@1 授信协议标准文本'] });
  });

  it('keeps a version a product names: the database refuses its removal', async () => {
    // CREDIT-MASTER@1 is named by products only (the demo's agreements cite @2): the link table's key holds it.
    const removal = await srv.database.db
      .delete(agreementTemplates)
      .where(eq(agreementTemplates.id, tid('CREDIT-MASTER@1')))
      .then(
        () => undefined,
        (error: { cause?: { message?: string } }) => error.cause?.message,
      );
    expect(removal).toMatch(/violates foreign key constraint "product_template_versions_template_id/);
  });
});

describe('an agreement keeps the figures it was signed with', () => {
  it("stores the product's tenor and amount limits when proposed, shows them in the change, and keeps them when the product changes", async () => {
    // A product of its own, approved, then an agreement on it.
    const product: Record<string, unknown> = { ...CASES[1].body(), tenorMinDays: 15, tenorMaxDays: 90, amountMin: '500.00', amountMax: '800000.50' };
    const created = await dataOf<Proposal>(handler, `${BASE}/credit/core-finance/save`, product);
    await walk(created, 'approve');
    const productId = created.change.recordId;
    const signed = { signedTenorMinDays: 15, signedTenorMaxDays: 90, signedAmountMin: '500.00', signedAmountMax: '800000.50' };
    const body = { ...CASES[6].body(), productId };
    const proposal = await dataOf<Proposal & { change: { proposed: Rec } }>(handler, `${BASE}/agreements/credit/save`, body);
    // The director reviews the figures the agreement will be signed with.
    expect(proposal.change.proposed).toMatchObject(signed);
    await walk(proposal, 'approve');
    const agreement = async () => dataOf<Rec>(auditor, `${BASE}/agreements/credit/find-by-id`, { id: proposal.change.recordId });
    expect(await agreement()).toMatchObject(signed);

    // The product's limits change (approved): the agreement still says what was signed; a figure sent by a client is ignored.
    const current = await dataOf<Rec>(auditor, `${BASE}/credit/core-finance/find-by-id`, { id: productId });
    await walk(
      await dataOf<Proposal>(handler, `${BASE}/credit/core-finance/update-by-id`, {
        id: productId,
        dataVersion: current.dataVersion,
        tenorMaxDays: 180,
        amountMax: '2000000.00',
      }),
      'approve',
    );
    expect(await dataOf<Rec>(auditor, `${BASE}/credit/core-finance/find-by-id`, { id: productId })).toMatchObject({
      tenorMaxDays: 180,
      amountMax: '2000000.00',
    });
    const kept = await agreement();
    expect(kept).toMatchObject(signed);
    const renamed = await dataOf<Proposal & { change: { proposed: Rec } }>(handler, `${BASE}/agreements/credit/update-by-id`, {
      id: kept.id,
      dataVersion: kept.dataVersion,
      agreementName: '改名的协议',
      signedAmountMax: '1.00',
    });
    expect(renamed.change.proposed).toEqual({ agreementName: '改名的协议' });
    await walk(renamed, 'approve');
    expect(await agreement()).toMatchObject({ agreementName: '改名的协议', ...signed });

    // Moving the agreement to another product is a new signing: it takes that product's figures, proposed beside the change.
    const moved = await agreement();
    const other = await dataOf<Rec>(auditor, `${BASE}/credit/core-finance/find-by-id`, { id: pid('CREDIT-HD-CMB') });
    const change = await dataOf<Proposal & { change: { proposed: Rec; previous: Rec } }>(handler, `${BASE}/agreements/credit/update-by-id`, {
      id: moved.id,
      dataVersion: moved.dataVersion,
      productId: other.id,
    });
    expect(change.change.proposed).toMatchObject({ productId: other.id, signedTenorMaxDays: other.tenorMaxDays, signedAmountMax: other.amountMax });
    expect(change.change.previous).toMatchObject({ signedTenorMaxDays: 90, signedAmountMax: '800000.50' });
    await walk(change, 'withdraw');
    expect(await agreement()).toMatchObject(signed);
  });
});
