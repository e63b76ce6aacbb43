/**
 * The financing world of the living demo (DOMAIN.md "A living demo"), seeded once when no
 * application exists (so an install made by an earlier release gets it at its next start), after
 * the corporations and products, through the same calls operators use: six member suppliers of
 * 中建华东 with an application in every status — signed, approved and waiting for signing, in
 * op_director's review with one file decided, returned with a refused invoice, a draft with its
 * basic materials, and a withdrawn one.
 */
import { and, count, eq } from 'drizzle-orm';
import { FINANCING_STATUS, MATERIAL_KIND, VERDICT, type MaterialKind, type Verdict } from '../../src/lib/financing';
import { TASK_OUTCOME, TASK_STATUS } from '../../src/workflows/states';
import type { AppContext } from '../context';
import { DEMO_CORP } from '../corporations';
import { corporations, financingApplications, products, workflowTasks } from '../db/schema';
import { demoActorOf } from '../demo-actor';
import { demoPdf, demoPng } from '../doc-review';
import { sniffAllowedType } from '../files/sniff';
import type { LogActor } from '../operation-log/record';
import type { Principal } from '../security/sessions';
import type { FinancingApplications } from './applications';
import { financingOf } from './routes';

type Stop = 'draft' | 'reviewing' | 'returned' | 'approved' | 'signed' | 'withdrawn';

interface Seed {
  supplier: number;
  prdCode: string;
  amount: string;
  contactName: string;
  contactMobile: string;
  stop: Stop;
}

const SEEDS: readonly Seed[] = [
  { supplier: 1, prdCode: 'CREDIT-HD-CMB', amount: '3000000.00', contactName: '王建国', contactMobile: '13912340001', stop: 'signed' },
  { supplier: 2, prdCode: 'RF-HD-CMB', amount: '1800000.00', contactName: '李秀英', contactMobile: '13912340002', stop: 'approved' },
  { supplier: 3, prdCode: 'CREDIT-HD-SUPPLY', amount: '2500000.50', contactName: '张伟', contactMobile: '13912340003', stop: 'reviewing' },
  { supplier: 4, prdCode: 'RF-HD-PLATFORM', amount: '950000.00', contactName: '刘洋', contactMobile: '13912340004', stop: 'returned' },
  { supplier: 5, prdCode: 'CREDIT-HD-CMB', amount: '1200000.00', contactName: '陈静', contactMobile: '13912340005', stop: 'draft' },
  { supplier: 6, prdCode: 'CREDIT-ICBC-E', amount: '600000.00', contactName: '杨帆', contactMobile: '13912340006', stop: 'withdrawn' },
];

const FILES: ReadonlyArray<{ kind: MaterialKind; name: string; png: boolean }> = [
  { kind: MATERIAL_KIND.basic, name: '营业执照.png', png: true },
  { kind: MATERIAL_KIND.contract, name: '采购合同.pdf', png: false },
  { kind: MATERIAL_KIND.invoice, name: '增值税专用发票.png', png: true },
  { kind: MATERIAL_KIND.other, name: '近三个月银行流水.pdf', png: false },
];

const logActorOf = (p: { userId: string; username: string; personName: string }): LogActor => ({
  userId: p.userId,
  username: p.username,
  personName: p.personName,
  ipAddress: null,
  userAgent: null,
});

async function storeFiles(
  ctx: AppContext,
  seed: Seed,
  supplierName: string,
  uploaderId: string,
  kinds: readonly MaterialKind[],
): Promise<Array<{ kind: MaterialKind; id: string }>> {
  const stored: Array<{ kind: MaterialKind; id: string }> = [];
  for (const file of FILES.filter((f) => kinds.includes(f.kind))) {
    const id = `file-demo-fin-${String(seed.supplier).padStart(2, '0')}-${file.kind.toLowerCase().replace('_', '-')}`;
    if (!(await ctx.files.find(id))) {
      const content = file.png ? await demoPng(`${file.kind} ${seed.supplier}`) : demoPdf(`${file.kind} supplier ${seed.supplier}`);
      const type = sniffAllowedType(content, file.name);
      if (!type) throw new Error(`demo file ${file.name} is not what its name says`);
      await ctx.files.save({ id, content, originalName: `${supplierName}-${file.name}`, mimeType: type.mimeType, uploaderId });
    }
    stored.push({ kind: file.kind, id });
  }
  return stored;
}

async function openTask(ctx: AppContext, instanceId: string): Promise<string> {
  const [task] = await ctx.db
    .select({ id: workflowTasks.id })
    .from(workflowTasks)
    .where(and(eq(workflowTasks.instanceId, instanceId), eq(workflowTasks.status, TASK_STATUS.TODO)));
  return task.id;
}

async function walk(ctx: AppContext, service: FinancingApplications, seed: Seed, handler: Principal, director: Principal): Promise<void> {
  const supplierCorpId = DEMO_CORP.supplier(seed.supplier);
  const [supplier] = await ctx.db.select({ corpName: corporations.corpName }).from(corporations).where(eq(corporations.id, supplierCorpId));
  const [product] = await ctx.db.select({ prdCode: products.prdCode }).from(products).where(eq(products.prdCode, seed.prdCode));
  if (!supplier || !product) return;
  const h = logActorOf(handler);
  const d = logActorOf(director);
  let app = await service.start(h, { supplierCorpId, coreCorpId: DEMO_CORP.group, prdCode: seed.prdCode });
  const kinds =
    seed.stop === 'draft'
      ? [MATERIAL_KIND.basic]
      : [MATERIAL_KIND.basic, MATERIAL_KIND.contract, MATERIAL_KIND.invoice, ...(seed.supplier % 2 ? [MATERIAL_KIND.other] : [])];
  const files = await storeFiles(ctx, seed, supplier.corpName, handler.userId, kinds);
  for (const kind of kinds) await service.addFiles(h, { applicationId: app.id, kind, fileIds: files.filter((f) => f.kind === kind).map((f) => f.id) });
  app = await service.update(h, {
    id: app.id,
    dataVersion: app.dataVersion,
    amount: seed.amount,
    contactName: seed.contactName,
    ...(seed.stop === 'draft' ? {} : { contactMobile: seed.contactMobile, settlementAccountId: `acct-${supplierCorpId}` }),
  });
  if (seed.stop === 'draft') return;
  const submitted = await service.submit(h, handler, { id: app.id, dataVersion: app.dataVersion });
  if (seed.stop === 'withdrawn') {
    // The director sends it back; the handler withdraws it at Edit.
    await ctx.workflow.complete(director, { taskId: submitted.taskId!, outcome: TASK_OUTCOME.REJECT, remark: '产品选择有误，请撤回后重新申请' });
    await ctx.workflow.complete(handler, { taskId: await openTask(ctx, submitted.instanceId), outcome: TASK_OUTCOME.REJECT, remark: '撤回申请' });
    return;
  }
  const materials = await service.materials(ctx.db, app.id);
  const decide = async (index: number, verdict: Verdict, remark?: string) => {
    const m = materials[index];
    await service.verdict(d, director, { id: m.id, verdict, remark, dataVersion: m.dataVersion });
  };
  if (seed.stop === 'reviewing') {
    await decide(0, VERDICT.pass);
    return;
  }
  if (seed.stop === 'returned') {
    for (let i = 0; i < materials.length; i++) {
      if (materials[i].kind === MATERIAL_KIND.invoice) await decide(i, VERDICT.noPass, '发票金额与合同金额不一致，请补充完整发票');
      else await decide(i, VERDICT.pass);
    }
    await ctx.workflow.complete(director, { taskId: submitted.taskId!, outcome: TASK_OUTCOME.REJECT, remark: '发票不完整，请补正后重新提交' });
    return;
  }
  for (let i = 0; i < materials.length; i++) await decide(i, VERDICT.pass);
  await ctx.workflow.complete(director, { taskId: submitted.taskId!, outcome: TASK_OUTCOME.PASS, remark: '资料齐全，同意' });
  if (seed.stop === 'signed') await service.sign(h, handler, app.id);
}

export async function seedFinancingDemo(ctx: AppContext): Promise<void> {
  const service = financingOf(ctx);
  const [{ n }] = await ctx.db.select({ n: count() }).from(financingApplications);
  if (!service || n > 0) return;
  const actors = await Promise.all([demoActorOf(ctx, 'op_handler'), demoActorOf(ctx, 'op_director')]);
  // The service reads of a principal only who acts and, to sign, the current corporation (none here: no SMS).
  const [handler, director] = actors.map((a) => (a ? ({ ...a, corps: [], corpId: null } as unknown as Principal) : undefined));
  const [group] = await ctx.db.select({ id: corporations.id }).from(corporations).where(eq(corporations.id, DEMO_CORP.group));
  if (!handler || !director || !group) return;
  for (const seed of SEEDS) await walk(ctx, service, seed, handler, director);
  // Guard against a silent drift of the walk: the demo promises every status.
  const statuses = new Set((await ctx.db.select({ status: financingApplications.status }).from(financingApplications)).map((r) => r.status));
  for (const status of Object.values(FINANCING_STATUS)) if (!statuses.has(status)) throw new Error(`financing demo has no ${status} application`);
}
