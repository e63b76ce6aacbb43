/**
 * The products area of the living demo (DOMAIN.md "A living demo"), seeded once after the demo
 * corporations: template versions in the standard library (approved ones and drafts), products,
 * agreements and price policies proposed through the same approvable-resource calls operators use,
 * some approved, some waiting in op_director's to-do list.
 */
import { demoActorOf } from '../demo-actor';
import { and, count, eq } from 'drizzle-orm';
import { TEMPLATE_STATUS } from '../../src/lib/products';
import { approvableResource } from '../crud/approvals';
import type { AppContext } from '../context';
import { agreementTemplates, corporations, products } from '../db/schema';
import type { Row } from '../crud/types';
import { DEMO_CORP } from '../corporations';

const p = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');

const CREDIT_V1 = [
  '<h2>授信协议</h2>',
  p('甲方（授信人）：{{financeCorpName}}', '乙方（受信人）：{{corpName}}', '核心企业：{{coreCorpName}}'),
  p('第一条 甲方同意在“{{prdName}}”项下向乙方提供授信额度人民币 {{amount}} 元（大写：{{amountInWords}}）。'),
  p('第二条 每笔融资期限不超过 {{tenorDays}} 天，到期由核心企业按约付款。'),
  p('第三条 本协议自双方签署之日（{{signDate}}）起生效。'),
].join('');
const CREDIT_V2 = CREDIT_V1.replace(
  '第二条 每笔融资期限不超过 {{tenorDays}} 天，到期由核心企业按约付款。',
  '第二条 每笔融资期限不超过 {{tenorDays}} 天，到期由核心企业按约付款；逾期的，按日万分之五计收违约金。',
).replace(
  '第三条 本协议自双方签署之日（{{signDate}}）起生效。',
  '第三条 因本协议产生的争议，提交甲方所在地人民法院诉讼解决。</p><p>第四条 本协议自双方签署之日（{{signDate}}）起生效。',
);
const CREDIT_V3 = CREDIT_V2.replace('按日万分之五', '按日万分之三');
const RF_V1 = [
  '<h2>反向保理协议</h2>',
  p('保理商：{{financeCorpName}}', '核心企业（买方）：{{coreCorpName}}', '供应商（卖方）：{{corpName}}'),
  p('第一条 供应商将其对核心企业的应收账款人民币 {{amount}} 元转让予保理商。'),
  p('第二条 核心企业确认上述应收账款真实有效，并于到期日（融资后 {{tenorDays}} 天）向保理商付款。'),
].join('');

const TEMPLATES: ReadonlyArray<{ code: string; name: string; content: string; note: string; status: string }> = [
  { code: 'CREDIT-MASTER', name: '授信协议标准文本', content: CREDIT_V1, note: '首次发布', status: TEMPLATE_STATUS.approved },
  { code: 'CREDIT-MASTER', name: '授信协议标准文本', content: CREDIT_V2, note: '增加逾期违约金及争议解决条款', status: TEMPLATE_STATUS.approved },
  { code: 'CREDIT-MASTER', name: '授信协议标准文本', content: CREDIT_V3, note: '下调违约金标准（待定稿）', status: TEMPLATE_STATUS.draft },
  { code: 'RF-MASTER', name: '反向保理协议标准文本', content: RF_V1, note: '首次发布', status: TEMPLATE_STATUS.approved },
];

/** Where a seeded proposal is left: at op_director's review, or approved. */
type Stop = 'review' | 'approved';

export async function seedProductsDemo(ctx: AppContext): Promise<void> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(agreementTemplates);
  if (n > 0) return;
  // Parties are referenced by id: the demo corporations', when they were seeded.
  const seeded = new Set((await ctx.db.select({ id: corporations.id }).from(corporations)).map((c) => c.id));
  const has = (id: string) => (seeded.has(id) ? id : undefined);
  const group = has(DEMO_CORP.group);
  const [icbc, cmb] = [has(DEMO_CORP.banks[0]), has(DEMO_CORP.banks[1])];
  const factoring = has(DEMO_CORP.factoring);
  const [handler, director] = await Promise.all(['op_handler', 'op_director'].map((u) => demoActorOf(ctx, u)));
  if (!group || !icbc || !cmb || !factoring || !handler || !director) return;

  const versions = new Map<string, number>();
  for (const t of TEMPLATES) {
    const version = (versions.get(t.code) ?? 0) + 1;
    versions.set(t.code, version);
    await ctx.db.insert(agreementTemplates).values({
      templateCode: t.code,
      templateName: t.name,
      version,
      content: t.content,
      changeNote: t.note,
      status: t.status,
      approveTime: t.status === TEMPLATE_STATUS.approved ? new Date() : null,
      createBy: 'op_handler',
      updateBy: t.status === TEMPLATE_STATUS.approved ? 'op_director' : 'op_handler',
    });
  }

  const propose = async (resource: string, values: Row, stop: Stop) => {
    // Saving the proposal submitted it: its task is the director's review.
    const proposal = await approvableResource(ctx, resource)!.proposeCreate(handler, values);
    if (stop === 'approved' && proposal.taskId) await ctx.workflow.complete(director, { taskId: proposal.taskId, outcome: 'PASS', remark: '同意' });
  };
  // Products, agreements and policies name template versions by id.
  const templateIdOf = async (code: string, version: number) =>
    (
      await ctx.db
        .select({ id: agreementTemplates.id })
        .from(agreementTemplates)
        .where(and(eq(agreementTemplates.templateCode, code), eq(agreementTemplates.version, version)))
    )[0].id;
  const [creditV1, creditV2, rfV1] = [await templateIdOf('CREDIT-MASTER', 1), await templateIdOf('CREDIT-MASTER', 2), await templateIdOf('RF-MASTER', 1)];
  const limits = { tenorMinDays: 30, tenorMaxDays: 360, amountMin: '10000.00', amountMax: '50000000.00' };

  await propose(
    'products-credit-finance',
    { prdCode: 'CREDIT-ICBC-E', prdName: '工银e信融资', prdShortName: 'e信融', financeCorpId: icbc, ...limits, templateVersionIds: [creditV2] },
    'approved',
  );
  await propose(
    'products-credit-core-finance',
    {
      prdCode: 'CREDIT-HD-CMB',
      prdName: '华东建设招银白条',
      prdShortName: '华东白条',
      financeCorpId: cmb,
      coreCorpId: group,
      ...limits,
      templateVersionIds: [creditV2],
    },
    'approved',
  );
  await propose(
    'products-rf-core',
    {
      prdCode: 'RF-HD-PLATFORM',
      prdName: '华东建设反向保理',
      prdShortName: '华东保理',
      coreCorpId: group,
      ...limits,
      tenorMaxDays: 180,
      templateVersionIds: [rfV1],
    },
    'approved',
  );
  await propose(
    'products-credit-core',
    { prdCode: 'CREDIT-HD-PLAT', prdName: '华东建设平台白条', prdShortName: '平台白条', coreCorpId: group, ...limits, templateVersionIds: [creditV1] },
    'review',
  );
  await propose(
    'products-rf-finance',
    { prdCode: 'RF-FACT-STD', prdName: '华东保理标准反保', prdShortName: '标准反保', financeCorpId: factoring, ...limits, templateVersionIds: [rfV1] },
    'review',
  );
  // An approved product of every kind, so each tab of 产品配置 shows a product in effect on first start.
  await propose(
    'products-credit-core',
    { prdCode: 'CREDIT-HD-SUPPLY', prdName: '华东建设供应链白条', prdShortName: '供应链白条', coreCorpId: group, ...limits, templateVersionIds: [creditV2] },
    'approved',
  );
  await propose(
    'products-rf-finance',
    {
      prdCode: 'RF-FACT-QUICK',
      prdName: '华东保理极速反保',
      prdShortName: '极速反保',
      financeCorpId: factoring,
      ...limits,
      tenorMaxDays: 180,
      templateVersionIds: [rfV1],
    },
    'approved',
  );
  await propose(
    'products-rf-core-finance',
    {
      prdCode: 'RF-HD-CMB',
      prdName: '华东建设招银反保',
      prdShortName: '招银反保',
      financeCorpId: cmb,
      coreCorpId: group,
      ...limits,
      templateVersionIds: [rfV1],
    },
    'approved',
  );

  // Agreements and policies name an approved product by id.
  const productIdOf = async (prdCode: string) => (await ctx.db.select({ id: products.id }).from(products).where(eq(products.prdCode, prdCode)))[0].id;
  await propose(
    'agreements-credit',
    {
      agreementCode: 'AGR-CREDIT-001',
      agreementName: '华东建设招银白条授信协议',
      productId: await productIdOf('CREDIT-HD-CMB'),
      financeCorpId: cmb,
      coreCorpId: group,
      templateId: await templateIdOf('CREDIT-MASTER', 2),
    },
    'approved',
  );
  await propose(
    'agreements-rf',
    {
      agreementCode: 'AGR-RF-000',
      agreementName: '华东建设招银反保协议',
      productId: await productIdOf('RF-HD-CMB'),
      financeCorpId: cmb,
      coreCorpId: group,
      templateId: await templateIdOf('RF-MASTER', 1),
    },
    'approved',
  );
  await propose(
    'agreements-rf',
    {
      agreementCode: 'AGR-RF-001',
      agreementName: '华东建设反向保理协议',
      productId: await productIdOf('RF-HD-PLATFORM'),
      financeCorpId: factoring,
      coreCorpId: group,
      templateId: await templateIdOf('RF-MASTER', 1),
    },
    'review',
  );

  const policy = { productId: await productIdOf('CREDIT-HD-CMB'), coreCorpId: group };
  await propose(
    'price-policies',
    { ...policy, policyName: '华东白条短期', tenorFromDays: 1, tenorToDays: 90, financingRate: '3.85', serviceFeeRate: '0.30' },
    'approved',
  );
  await propose(
    'price-policies',
    { ...policy, policyName: '华东白条中期', tenorFromDays: 91, tenorToDays: 180, financingRate: '4.10', serviceFeeRate: '0.35' },
    'approved',
  );
  await propose(
    'price-policies',
    { ...policy, policyName: '华东白条长期', tenorFromDays: 181, tenorToDays: 360, financingRate: '4.35', serviceFeeRate: '0.40' },
    'review',
  );
}
