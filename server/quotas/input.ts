/**
 * The quota calls' bodies as zod schemas (docs/developers/input.md): each route's shape is declared once
 * here, built from server/input/fields.ts, and its handler is typed from it. A refusal is VALIDATION_FAILED
 * naming the field's label (quotas:fields.*) and its path, before anything is read or written. Rules that are
 * not about shape (the term after today, a unit below the account, the balances) stay in the handlers.
 */
import { z } from 'zod';
import { QUOTA_CHANNEL, QUOTA_KIND, QUOTA_MOVEMENT } from '../../src/lib/quotas';
import { calendarDay, dateTime, id, money, oneOf, optional, paging, text, version } from '../input/fields';
import { translate } from '../i18n';

const label = (field: string) => `quotas:fields.${field}`;
const codes = <T extends Record<string, string>>(values: T) => Object.values(values) as [T[keyof T], ...Array<T[keyof T]>];

/** A request's lines, at most this many (one per unit right below the account's unit). */
const MAX_LINES = 200;

const accountId = id(label('accountId'));
const reason = text(label('reason'), 500);
const termEnd = calendarDay(label('termEnd'));

/** A call on one record by its id. */
export const idBody = z.object({ id: id(label('id')) });

/** The account list's filters and paging. */
export const accountsPageBody = z.object({
  ...paging,
  kind: optional(oneOf(label('kind'), codes(QUOTA_KIND))),
  unitName: optional(text(label('unitName'), 100)),
  grantorName: optional(text(label('grantorName'), 100)),
});

/** The dispatch tree; a returned request being revised is not counted against itself (exceptRequestId). */
export const treeBody = z.object({ id: id(label('id')), exceptRequestId: optional(id(label('exceptRequestId'))) });

/** A call that takes nothing. */
export const emptyBody = z.object({});

/** The requests of one account, paged. */
export const requestsPageBody = z.object({ ...paging, accountId });

const ledgerFilters = {
  accountId,
  movement: optional(oneOf(label('movement'), codes(QUOTA_MOVEMENT))),
  createTimeStart: optional(dateTime(label('createTimeStart'))),
  createTimeEnd: optional(dateTime(label('createTimeEnd'))),
};
/** An account's ledger, paged. */
export const ledgerPageBody = z.object({ ...paging, ...ledgerFilters });
/** The same filters, exported whole. */
export const ledgerExportBody = z.object(ledgerFilters);

/** 额度申请. The grantor is required unless the quota is the platform's (a rule on the kind: the handler's). */
export const applyBody = z.object({
  kind: oneOf(label('kind'), codes(QUOTA_KIND)),
  channel: optional(oneOf(label('channel'), codes(QUOTA_CHANNEL))),
  grantorId: optional(id(label('grantorId'))),
  unitId: id(label('unitId')),
  amount: money('quotas:fields.amount'),
  termEnd,
  reason,
});

/** 额度调整: the new total may be zero (a quota cut to nothing). */
export const modifyBody = z.object({ accountId, amount: money('quotas:fields.amount', { allowZero: true }), termEnd, reason });

/**
 * A dispatch's lines: 1 to MAX_LINES of { unitId, amount }. A re-dispatch sets each unit's new total, which
 * may be zero (all taken back); a dispatch adds, so each amount is positive.
 */
function linesOf(allowZero: boolean) {
  const line = z.object(
    { unitId: id(label('unitId')), amount: money('quotas:fields.amount', { allowZero }) },
    { error: () => translate('quotas:server.lineInvalid') },
  );
  return z
    .array(line, { error: () => translate('quotas:server.linesRequired') })
    .min(1, { error: () => translate('quotas:server.linesRequired') })
    .max(MAX_LINES, { error: () => translate('quotas:server.linesTooMany', { max: String(MAX_LINES) }) });
}

export const dispatchBody = z.object({ accountId, reason, lines: linesOf(false) });
export const redispatchBody = z.object({ accountId, reason, lines: linesOf(true) });
export type DispatchLinesAsked = z.infer<typeof redispatchBody>['lines'];

/** 重新提交 of a returned request: first the version the submitter read, then what its type may change. */
export const reviseVersionBody = z.object({ dataVersion: version() });
export const reviseApplyBody = z.object({ amount: money('quotas:fields.amount'), termEnd, reason });
export const reviseModifyBody = z.object({ amount: money('quotas:fields.amount', { allowZero: true }), termEnd, reason });
export const reviseDispatchBody = z.object({ reason, lines: linesOf(false) });
export const reviseRedispatchBody = z.object({ reason, lines: linesOf(true) });
