/**
 * The products area's routes (src/features/products/resources.ts), all through the generic kit:
 * the standard library's template versions (written at once; 定稿 freezes a version), and products,
 * agreements and price policies as approvable resources whose processes (spec 4.5) apply them only
 * when they end approved. What the kit cannot know is checked here, inside the write's transaction:
 * ranges and non-overlapping tenor bands (the parties and template versions are the kit's references).
 */
import { and, eq, max, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  AGREEMENT_KINDS,
  AGREEMENT_SCOPE,
  PRODUCT_KINDS,
  PRODUCT_SCOPE,
  pricePolicyResource,
  productChoiceResource,
  templateResource,
} from '../../src/features/products/resources';
import { PRICE_POLICY_PROCESS, TEMPLATE_STATUS, amountAtMost, firstOverlap, isBandOrdered, unknownPlaceholders } from '../../src/lib/products';
import { APPROVAL_ACTION } from '../../src/crud/resource';
import { INSTANCE_STATUS } from '../../src/workflows/states';
import type { AppContext } from '../context';
import type { Row } from '../crud/routes';
import { crudRoutes } from '../crud/routes';
import { agreementTemplates, agreements, approvalChanges, corporations, pricePolicies, productTemplateVersions, products } from '../db/schema';
import type { Tx } from '../db/tx';
import { aboutField, businessError, validationError } from '../errors';
import { translate } from '../i18n';

const refuse = (field: string, key: string, params: Record<string, string> = {}) => aboutField(validationError(translate(key, params)), field);

/**
 * The agreement's parties as named when it is proposed (and so as approved and signed): copied on
 * purpose beside the references, which follow a renaming while these keep what was signed.
 */
async function snapshotParties(tx: Tx, values: Row): Promise<void> {
  for (const [idField, nameField] of [
    ['financeCorpId', 'financeCorpName'],
    ['coreCorpId', 'coreCorpName'],
  ] as const) {
    const id = values[idField];
    if (typeof id !== 'string') continue;
    const [corp] = await tx.select({ corpName: corporations.corpName }).from(corporations).where(eq(corporations.id, id));
    // The kit's reference check ran first: the corporation exists.
    values[nameField] = corp.corpName;
  }
}

/**
 * The product's figures as the agreement is proposed (and so as approved and signed): tenor range and
 * amount limits copied beside the product reference, so a later change of the product does not
 * rewrite what was signed. Taken whenever the proposal names the product (a creation, or a change of product).
 */
async function snapshotFigures(tx: Tx, values: Row): Promise<void> {
  if (typeof values.productId !== 'string') return;
  const [product] = await tx
    .select({ tenorMinDays: products.tenorMinDays, tenorMaxDays: products.tenorMaxDays, amountMin: products.amountMin, amountMax: products.amountMax })
    .from(products)
    .where(eq(products.id, values.productId));
  // The kit's reference check ran first: the product exists.
  values.signedTenorMinDays = product.tenorMinDays;
  values.signedTenorMaxDays = product.tenorMaxDays;
  values.signedAmountMin = product.amountMin;
  values.signedAmountMax = product.amountMax;
}

function checkPlaceholders(values: Row): void {
  if (typeof values.content !== 'string') return;
  const unknown = unknownPlaceholders(values.content);
  if (unknown.length) throw refuse('content', 'products:server.unknownPlaceholder', { names: unknown.map((n) => `{{${n}}}`).join('、') });
}

function templateRoutes(api: FastifyInstance, ctx: AppContext): void {
  crudRoutes(api, ctx, {
    resource: templateResource,
    table: agreementTemplates,
    actions: { approve: (_row, now) => ({ status: TEMPLATE_STATUS.approved, approveTime: now }) },
    hooks: {
      async beforeWrite(tx, values, mode, { before }) {
        checkPlaceholders(values);
        if (mode === 'update') {
          // An approved version is what agreements cite: its text is fixed for good; change means a new version.
          if (before?.status === TEMPLATE_STATUS.approved) throw businessError('TEMPLATE_APPROVED', 'products:server.templateApproved');
          return;
        }
        // A code has one draft at a time: a second 新建版本 (a double click, or two operators) would otherwise
        // leave v2 and v3 drafts of one text, and which one to approve would be a guess.
        const [open] = await tx
          .select({ version: agreementTemplates.version })
          .from(agreementTemplates)
          .where(and(eq(agreementTemplates.templateCode, String(values.templateCode)), eq(agreementTemplates.status, TEMPLATE_STATUS.draft)));
        if (open)
          throw businessError('TEMPLATE_DRAFT_OPEN', 'products:server.templateDraftOpen', { code: String(values.templateCode), version: String(open.version) });
        // A new version is a new row: the next number of its code (the unique index settles two at once).
        const [{ last }] = await tx
          .select({ last: max(agreementTemplates.version) })
          .from(agreementTemplates)
          .where(eq(agreementTemplates.templateCode, String(values.templateCode)));
        values.version = (last ?? 0) + 1;
        values.status = TEMPLATE_STATUS.draft;
      },
      async beforeRemove(_tx, rows) {
        if (rows.some((row) => row.status === TEMPLATE_STATUS.approved)) throw businessError('TEMPLATE_APPROVED', 'products:server.templateApproved');
      },
    },
  });
}

function productRoutes(api: FastifyInstance, ctx: AppContext): void {
  for (const { category, offerType, resource } of PRODUCT_KINDS) {
    crudRoutes(api, ctx, {
      resource,
      table: products,
      approvalScope: PRODUCT_SCOPE,
      listScope: and(eq(products.category, category), eq(products.offerType, offerType)),
      links: {
        templateVersionIds: {
          table: productTemplateVersions,
          owner: productTemplateVersions.productId,
          target: productTemplateVersions.templateId,
          position: productTemplateVersions.position,
        },
      },
      approvalApplies: (action) => (action === APPROVAL_ACTION.CREATE ? { category, offerType } : {}),
      hooks: {
        async beforeWrite(_tx, values, _mode, { before }) {
          const merged = { ...before, ...values };
          if (Number(merged.tenorMinDays) > Number(merged.tenorMaxDays)) throw refuse('tenorMaxDays', 'products:server.tenorRange');
          if (!amountAtMost(String(merged.amountMin), String(merged.amountMax))) throw refuse('amountMax', 'products:server.amountRange');
          // The parties and the template versions are references: the kit checked each is a corporation of the
          // right type and a finalised version (their declared filters), and writes the versions' link rows.
        },
      },
    });
  }
}

function agreementRoutes(api: FastifyInstance, ctx: AppContext): void {
  for (const { category, resource } of AGREEMENT_KINDS) {
    crudRoutes(api, ctx, {
      resource,
      table: agreements,
      approvalScope: AGREEMENT_SCOPE,
      listScope: eq(agreements.category, category),
      approvalApplies: (action) => (action === APPROVAL_ACTION.CREATE ? { category } : {}),
      hooks: {
        async beforeWrite(tx, values) {
          // Product (of this category), parties and the finalised template version are references the kit checked against their filters.
          await snapshotParties(tx, values);
          await snapshotFigures(tx, values);
        },
      },
    });
  }
}

interface Band {
  policyName: string;
  tenorFromDays: number;
  tenorToDays: number;
}

/** The bands in effect or in approval for one product and core enterprise, but the one being checked. */
async function bandsOf(tx: Tx, productId: string, coreCorpId: string, exceptId?: string): Promise<Band[]> {
  const approved = await tx
    .select({ id: pricePolicies.id, policyName: pricePolicies.policyName, tenorFromDays: pricePolicies.tenorFromDays, tenorToDays: pricePolicies.tenorToDays })
    .from(pricePolicies)
    .where(and(eq(pricePolicies.productId, productId), eq(pricePolicies.coreCorpId, coreCorpId)));
  const running = await tx
    .select({ recordId: approvalChanges.recordId, proposed: approvalChanges.proposed })
    .from(approvalChanges)
    .where(
      and(
        eq(approvalChanges.resource, pricePolicyResource.name),
        eq(approvalChanges.status, INSTANCE_STATUS.RUNNING),
        sql`${approvalChanges.proposed}->>'productId' = ${productId}`,
        sql`${approvalChanges.proposed}->>'coreCorpId' = ${coreCorpId}`,
        ...(exceptId ? [ne(approvalChanges.recordId, exceptId)] : []),
      ),
    );
  const pending = running.map(({ proposed }) => proposed as unknown as Band);
  return [...approved.filter((b) => b.id !== exceptId), ...pending];
}

/** Refuses a band that shares a day with another band of the same product and core, naming that one. */
async function checkBand(tx: Tx, values: Row, exceptId?: string): Promise<void> {
  const band = { tenorFromDays: Number(values.tenorFromDays), tenorToDays: Number(values.tenorToDays) };
  if (!isBandOrdered(band)) throw refuse('tenorToDays', 'products:server.bandOrder');
  const productId = String(values.productId);
  const coreCorpId = String(values.coreCorpId);
  // Proposals for one product wait for each other here, so two overlapping ones cannot both pass.
  const [product] = await tx.select({ prdCode: products.prdCode }).from(products).where(eq(products.id, productId)).for('update');
  const clash = firstOverlap(band, await bandsOf(tx, productId, coreCorpId, exceptId));
  if (clash) {
    const [core] = await tx.select({ corpName: corporations.corpName }).from(corporations).where(eq(corporations.id, coreCorpId));
    throw aboutField(
      businessError('PRICE_BAND_OVERLAP', 'products:server.bandOverlap', {
        name: clash.policyName,
        from: String(clash.tenorFromDays),
        to: String(clash.tenorToDays),
        prdCode: product?.prdCode ?? '',
        core: core?.corpName ?? '',
      }),
      'tenorFromDays',
    );
  }
}

function pricePolicyRoutes(api: FastifyInstance, ctx: AppContext): void {
  crudRoutes(api, ctx, {
    resource: pricePolicyResource,
    table: pricePolicies,
    hooks: {
      async beforeWrite(tx, values) {
        // Product and core enterprise are references the kit checked; the band is this area's rule.
        await checkBand(tx, values);
      },
    },
  });
  // Heard after the kit applied the approved policy (listeners run in order): checked again against
  // the bands in effect now; a clash undoes the approval.
  ctx.workflow.onInstanceEnd(PRICE_POLICY_PROCESS, async (event, tx) => {
    if (event.status !== INSTANCE_STATUS.APPROVED) return;
    const [policy] = await tx.select().from(pricePolicies).where(eq(pricePolicies.id, event.instance.businessKey));
    if (policy) await checkBand(tx, policy, policy.id);
  });
}

export function productAreaRoutes(api: FastifyInstance, ctx: AppContext): void {
  templateRoutes(api, ctx);
  // Every approved product, read-only: what agreements and price policies pick their product from.
  crudRoutes(api, ctx, { resource: productChoiceResource, table: products });
  productRoutes(api, ctx);
  agreementRoutes(api, ctx);
  pricePolicyRoutes(api, ctx);
}
