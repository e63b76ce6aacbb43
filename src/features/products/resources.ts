/**
 * The products area's declarations (DOMAIN.md "Credit products"): the standard library's template
 * versions, the six product kinds (credit and reverse factoring, each offered by a finance
 * institution, a core enterprise with one, or a core enterprise on the platform), the two agreement
 * kinds and price policies. Products, agreements and policies are approvable resources on their
 * spec 4.5 processes: a save proposes, the approved end writes.
 */
import { defineResource, type AnyResource, type FieldSchema } from '../../crud/resource';
import { CORP_TYPE } from '../../lib/corporations';
import { PERMISSIONS } from './permissions';
import {
  AGREEMENT_PROCESS,
  OFFER_TYPE,
  PRICE_POLICY_PROCESS,
  PRODUCT_CATEGORY,
  PRODUCT_PROCESS,
  TEMPLATE_STATUS,
  TEMPLATE_STATUS_DICT,
  partiesOf,
  type OfferType,
  type ProductCategory,
} from '../../lib/products';

export const PRODUCTS_API = '/op/v1/products';
export const PRODUCT_SCOPE = 'products';
export const AGREEMENT_SCOPE = 'agreements';

const label = (area: string, name: string) => `products:${area}.fields.${name}`;
const CODE = { source: '^[A-Z0-9][A-Z0-9_-]{1,39}$', message: 'products:rules.code' };
const createTime: FieldSchema = { type: 'datetime', label: 'products:common.createTime', readOnly: true, sortable: true, width: 170 };

/** 标准库: one row per template version; 新增 with an existing code makes its next version. */
export const templateResource = defineResource({
  name: 'agreement-templates',
  apiBase: `${PRODUCTS_API}/templates`,
  menuUri: 'standard-library:detail',
  title: 'products:template.title',
  item: 'products:template.item',
  permissions: PERMISSIONS.template,
  defaultSort: [
    { field: 'templateCode', order: 'asc' },
    { field: 'version', order: 'desc' },
  ],
  fields: {
    templateCode: {
      type: 'string',
      label: label('template', 'templateCode'),
      required: true,
      createOnly: true,
      pattern: CODE,
      search: 'contains',
      sortable: true,
      width: 170,
    },
    templateName: { type: 'string', label: label('template', 'templateName'), required: true, maxLength: 60, search: 'contains', width: 200 },
    version: { type: 'integer', label: label('template', 'version'), readOnly: true, sortable: true, width: 80 },
    status: { type: 'dict', label: label('template', 'status'), dictType: TEMPLATE_STATUS_DICT, readOnly: true, search: 'eq', width: 100 },
    changeNote: { type: 'string', label: label('template', 'changeNote'), maxLength: 200, width: 220 },
    content: { type: 'richText', label: label('template', 'content'), required: true },
    approveTime: { type: 'datetime', label: label('template', 'approveTime'), readOnly: true, width: 170 },
    // CODE@version and name (a generated column): how an agreement's picker names and searches a version.
    refLabel: { type: 'string', label: label('template', 'refLabel'), readOnly: true, search: 'contains', column: false },
    createTime,
  },
  actions: {
    approve: {
      label: 'products:template.actions.approve',
      permission: PERMISSIONS.template.approve,
      when: { status: [TEMPLATE_STATUS.draft] },
      confirm: 'products:template.actions.approveConfirm',
    },
  },
});

/**
 * The parties and the product a record names, as references (issue 37): by id, shown by the current
 * name, chosen in a picker that offers only corporations of the right type (approved products only:
 * a product exists once its process ended approved), and sorted by that name, as the column reads.
 */
const party = (label: string, corpType: 'finance' | 'core', extra: Partial<FieldSchema> = {}): FieldSchema => ({
  type: 'reference',
  label,
  required: true,
  search: 'contains',
  sortable: true,
  width: 220,
  ...extra,
  reference: {
    resource: 'corporations',
    labelField: 'corpName',
    filter: { corpTypes: corpType === 'finance' ? CORP_TYPE.finance : CORP_TYPE.core },
    filterLabel: corpType === 'finance' ? 'products:reference.financeCorps' : 'products:reference.coreCorps',
  },
});
const productRef = (label: string, category?: ProductCategory): FieldSchema => ({
  type: 'reference',
  label,
  required: true,
  search: 'contains',
  sortable: true,
  width: 200,
  reference: { resource: 'products-all', labelField: 'prdName', filterLabel: 'products:reference.products', ...(category ? { filter: { category } } : {}) },
});

/** A finalised version of the standard library (an approved version never changes), named and searched by CODE@version and name. */
const finalTemplate = {
  resource: 'agreement-templates',
  labelField: 'refLabel',
  filter: { status: TEMPLATE_STATUS.approved },
  filterLabel: 'products:reference.finalTemplates',
};

const category = (c: ProductCategory) => (c === PRODUCT_CATEGORY.credit ? 'credit' : 'rf');
/** The offer type as locale keys and as names and paths spell it. */
const offer = (o: OfferType) => ({ FINANCE: 'finance', CORE_FINANCE: 'coreFinance', CORE: 'core' })[o];
const slug = (o: OfferType) => ({ FINANCE: 'finance', CORE_FINANCE: 'core-finance', CORE: 'core' })[o];

function productResource(c: ProductCategory, o: OfferType) {
  const parties = partiesOf(o);
  const f = (name: string) => label('product', name);
  return defineResource({
    name: `products-${category(c)}-${slug(o)}`,
    apiBase: `${PRODUCTS_API}/${category(c)}/${slug(o)}`,
    menuUri: 'product:products',
    title: `products:product.kinds.${category(c)}.${offer(o)}`,
    item: `products:product.item.${category(c)}`,
    permissions: PERMISSIONS.product,
    defaultSort: { field: 'createTime', order: 'desc' },
    fields: {
      prdCode: { type: 'string', label: f('prdCode'), required: true, createOnly: true, pattern: CODE, unique: true, search: 'contains', width: 150 },
      prdName: { type: 'string', label: f('prdName'), required: true, maxLength: 40, search: 'contains', width: 200 },
      prdShortName: { type: 'string', label: f('prdShortName'), required: true, maxLength: 10, width: 100 },
      ...(parties.finance ? { financeCorpId: party(f('financeCorpName'), 'finance') } : {}),
      ...(parties.core ? { coreCorpId: party(f('coreCorpName'), 'core') } : {}),
      tenorMinDays: { type: 'integer', label: f('tenorMinDays'), required: true, min: 1, max: 3650, width: 110 },
      tenorMaxDays: { type: 'integer', label: f('tenorMaxDays'), required: true, min: 1, max: 3650, width: 110 },
      amountMin: { type: 'money', label: f('amountMin'), required: true, min: 0, width: 150 },
      amountMax: { type: 'money', label: f('amountMax'), required: true, min: 0, width: 150 },
      // The finalised versions of the standard library it uses, several, picked by CODE@version and name (product_template_versions);
      // the list finds a product by any of them (CODE@version or name) and sorts by them as the column reads them.
      templateVersionIds: {
        type: 'reference',
        multiple: true,
        label: f('templateVersions'),
        required: true,
        search: 'contains',
        sortable: true,
        width: 260,
        reference: finalTemplate,
      },
      createTime,
    },
    approval: { create: PRODUCT_PROCESS[c][o], update: PRODUCT_PROCESS[c][o] },
  });
}

const OFFERS = [OFFER_TYPE.finance, OFFER_TYPE.coreFinance, OFFER_TYPE.core] as const;

export const PRODUCT_KINDS = ([PRODUCT_CATEGORY.credit, PRODUCT_CATEGORY.reverseFactoring] as const).flatMap((c) =>
  OFFERS.map((o) => ({ category: c, offerType: o, resource: productResource(c, o) as AnyResource })),
);

function agreementResource(c: ProductCategory) {
  const f = (name: string) => label('agreement', name);
  return defineResource({
    name: `agreements-${category(c)}`,
    apiBase: `${PRODUCTS_API}/agreements/${category(c)}`,
    menuUri: 'product:agreements',
    title: `products:agreement.kinds.${category(c)}`,
    item: `products:agreement.item.${category(c)}`,
    permissions: PERMISSIONS.agreement,
    defaultSort: { field: 'createTime', order: 'desc' },
    fields: {
      agreementCode: {
        type: 'string',
        label: f('agreementCode'),
        required: true,
        createOnly: true,
        pattern: CODE,
        unique: true,
        search: 'contains',
        width: 160,
      },
      agreementName: { type: 'string', label: f('agreementName'), required: true, maxLength: 60, search: 'contains', width: 220 },
      productId: productRef(f('productId'), c),
      financeCorpId: party(f('financeCorpName'), 'finance'),
      coreCorpId: party(f('coreCorpName'), 'core'),
      // The parties' names as the agreement was proposed and approved: a snapshot on purpose (DOMAIN.md), set by the server, never edited.
      financeCorpName: { type: 'string', label: f('financeCorpSigned'), readOnly: true, column: false },
      coreCorpName: { type: 'string', label: f('coreCorpSigned'), readOnly: true, column: false },
      // The product's figures as signed (DOMAIN.md: what was decided keeps its numbers), set by the server from the product, never edited.
      signedTenorMinDays: { type: 'integer', label: f('signedTenorMinDays'), readOnly: true, column: false },
      signedTenorMaxDays: { type: 'integer', label: f('signedTenorMaxDays'), readOnly: true, column: false },
      signedAmountMin: { type: 'money', label: f('signedAmountMin'), readOnly: true, column: false },
      signedAmountMax: { type: 'money', label: f('signedAmountMax'), readOnly: true, column: false },
      // One finalised version of the standard library: the text the agreement is signed on (an approved version never changes).
      templateId: {
        type: 'reference',
        label: f('templateId'),
        required: true,
        search: 'contains',
        sortable: true,
        width: 260,
        reference: finalTemplate,
      },
      createTime,
    },
    approval: { create: AGREEMENT_PROCESS[c], update: AGREEMENT_PROCESS[c] },
  });
}

export const AGREEMENT_KINDS = [PRODUCT_CATEGORY.credit, PRODUCT_CATEGORY.reverseFactoring].map((c) => ({
  category: c,
  resource: agreementResource(c) as AnyResource,
}));

const ratio = (name: string): FieldSchema => ({
  type: 'money',
  label: label('price', name),
  required: true,
  money: { integer: 3, decimal: 2 },
  min: 0,
  max: 100,
  width: 120,
});

/** 价格策略: rates per product, core enterprise and tenor band (days, both ends included); bands never overlap. */
export const pricePolicyResource = defineResource({
  name: 'price-policies',
  apiBase: `${PRODUCTS_API}/price-policies`,
  menuUri: 'product:price-policy',
  menu: { parent: 'product', path: '/op/product/price-policy', order: 30, icon: 'MoneyCollectOutlined' },
  title: 'products:price.title',
  item: 'products:price.item',
  permissions: PERMISSIONS.pricePolicy,
  // In tenor order by default (the list sends its default order); the product and core enterprise columns sort by their names when clicked.
  defaultSort: [
    { field: 'tenorFromDays', order: 'asc' },
    { field: 'createTime', order: 'desc' },
  ],
  fields: {
    policyName: { type: 'string', label: label('price', 'policyName'), required: true, maxLength: 60, search: 'contains', width: 200 },
    productId: productRef(label('price', 'productId')),
    coreCorpId: party(label('price', 'coreCorpName'), 'core'),
    tenorFromDays: { type: 'integer', label: label('price', 'tenorFromDays'), required: true, min: 1, max: 3650, sortable: true, width: 110 },
    tenorToDays: { type: 'integer', label: label('price', 'tenorToDays'), required: true, min: 1, max: 3650, width: 110 },
    financingRate: ratio('financingRate'),
    serviceFeeRate: ratio('serviceFeeRate'),
    createTime,
  },
  approval: { create: PRICE_POLICY_PROCESS },
});

/**
 * Every approved product, whatever its kind: what a reference to a product picks from (an agreement's,
 * a price policy's). Read-only and without a page of its own; the kinds' lists are where products change.
 */
export const productChoiceResource = defineResource({
  name: 'products-all',
  apiBase: `${PRODUCTS_API}/all`,
  menuUri: 'product:products',
  title: 'products:reference.products',
  permissions: { list: PERMISSIONS.product.list, query: PERMISSIONS.product.query },
  defaultSort: { field: 'prdCode', order: 'asc' },
  fields: {
    prdCode: { type: 'string', label: label('product', 'prdCode'), readOnly: true, search: 'contains', sortable: true, width: 150 },
    prdName: { type: 'string', label: label('product', 'prdName'), readOnly: true, search: 'contains', width: 200 },
    // Filters of a reference (an agreement takes a product of its own category); codes, not shown.
    category: { type: 'string', label: label('product', 'category'), readOnly: true, search: 'eq', column: false },
  },
});

export const PRODUCT_RESOURCES: readonly AnyResource[] = [
  templateResource as AnyResource,
  productChoiceResource as AnyResource,
  ...PRODUCT_KINDS.map((k) => k.resource),
  ...AGREEMENT_KINDS.map((k) => k.resource),
  pricePolicyResource as AnyResource,
];
