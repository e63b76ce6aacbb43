/**
 * Invoice types (spec §7 list_invoice_type_dict): the dictionary answers every entry with its isShow
 * flag, and only the shown ones may be chosen when applying.
 */
import type { DictItem } from '../protocol/api-types';

export type InvoiceTypeEntry = Pick<DictItem, 'dictLabel' | 'dictValue' | 'isShow'>;

export function shownInvoiceTypes<T extends InvoiceTypeEntry>(entries: readonly T[]): T[] {
  return entries.filter((entry) => entry.isShow === true);
}
