/**
 * The products area's rules (DOMAIN.md "Credit products"), shared by the browser and the server:
 * the six product processes and two agreement processes of spec 4.5, the placeholders an agreement
 * template may name, template version references, and the tenor-band overlap rule of price policies.
 */
import { toFen } from './money';

/** 授信 (credit) or 反向保理 (reverse factoring). */
export const PRODUCT_CATEGORY = { credit: 'CREDIT', reverseFactoring: 'RF' } as const;
export type ProductCategory = (typeof PRODUCT_CATEGORY)[keyof typeof PRODUCT_CATEGORY];

/** Who offers the product: a finance institution, a core enterprise with one, or a core enterprise on the platform. */
export const OFFER_TYPE = { finance: 'FINANCE', coreFinance: 'CORE_FINANCE', core: 'CORE' } as const;
export type OfferType = (typeof OFFER_TYPE)[keyof typeof OFFER_TYPE];

/** Spec 4.5: the process that approves a product of each category and offer type. */
export const PRODUCT_PROCESS: Readonly<Record<ProductCategory, Readonly<Record<OfferType, string>>>> = {
  CREDIT: { FINANCE: 'Process_CREDIT_PRODUCT_FINANCE', CORE_FINANCE: 'Process_CREDIT_PRODUCT_CORE_FINANCE', CORE: 'Process_CREDIT_PRODUCT_CORE' },
  RF: { FINANCE: 'Process_RF_PROD_FINANCE', CORE_FINANCE: 'Process_RF_PROD_CORE_FINANCE', CORE: 'Process_RF_PROD_CORE' },
};

export const AGREEMENT_PROCESS: Readonly<Record<ProductCategory, string>> = { CREDIT: 'Process_CREDIT_AGREEMENT', RF: 'Process_RF_AGREEMENT' };

export const PRICE_POLICY_PROCESS = 'Process_PRICE_CONFIG_CREATE';

/** Which parties a product of an offer type names. */
export function partiesOf(offerType: OfferType): { finance: boolean; core: boolean } {
  return { finance: offerType !== OFFER_TYPE.core, core: offerType !== OFFER_TYPE.finance };
}

/** Status of a template version (dictionary std_template_status): a draft is edited, an approved one never again. */
export const TEMPLATE_STATUS = { draft: 'DRAFT', approved: 'APPROVED' } as const;
export const TEMPLATE_STATUS_DICT = 'std_template_status';

/** The named placeholders a template may hold, written {{name}}; filled when an agreement is signed. */
export const TEMPLATE_PLACEHOLDERS = ['corpName', 'coreCorpName', 'financeCorpName', 'prdName', 'amount', 'amountInWords', 'tenorDays', 'signDate'] as const;

const PLACEHOLDER = /\{\{\s*([^{}\s]*)\s*\}\}/g;

/** The placeholders a template's text names, in order of first appearance. */
export function placeholdersIn(content: string): string[] {
  return [...new Set([...content.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/** Placeholders the text names that are not among TEMPLATE_PLACEHOLDERS (a typo would never be filled). */
export function unknownPlaceholders(content: string): string[] {
  const known = new Set<string>(TEMPLATE_PLACEHOLDERS);
  return placeholdersIn(content).filter((name) => !known.has(name));
}

/** A tenor band of a price policy, in days, both ends included. */
export interface TenorBand {
  tenorFromDays: number;
  tenorToDays: number;
}

/** Two bands overlap when they share a day. */
export function bandsOverlap(a: TenorBand, b: TenorBand): boolean {
  return a.tenorFromDays <= b.tenorToDays && b.tenorFromDays <= a.tenorToDays;
}

/** The first of `others` that overlaps `band`, or undefined. */
export function firstOverlap<T extends TenorBand>(band: TenorBand, others: readonly T[]): T | undefined {
  return others.find((other) => bandsOverlap(band, other));
}

/** A band is a range of at least one day, from day 1. */
export function isBandOrdered(band: TenorBand): boolean {
  return band.tenorFromDays >= 1 && band.tenorFromDays <= band.tenorToDays;
}

/** Whether amount `low` is at most `high`, exactly (yuan strings, compared in fen). */
export function amountAtMost(low: string, high: string): boolean {
  const a = toFen(low);
  const b = toFen(high);
  return a !== null && b !== null && a <= b;
}
