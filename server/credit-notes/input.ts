/**
 * The bodies of the credit-note calls (server/credit-notes/routes.ts), one zod schema each, built from
 * the shared fields of server/input/fields.ts; issuance.ts and notes.ts take what they hand back. Only
 * the body's shape is here: a unit of the level, an account and payee that fit, a product's bounds, the
 * quota, a note's status and the split's amount stay with the handlers.
 */
import { z } from 'zod';
import { APPLICATION_STATUS, APPLY_LEVELS, BATCH_STATUS, NOTE_STATUS, STORED_NOTE_STATUSES, type ApplyLevel } from '../../src/lib/credit-notes';
import { translate } from '../i18n';
import { calendarDay, id, ids, money, oneOf, optional, paging, text } from '../input/fields';

const label = (name: string) => `creditNotes:fields.${name}`;
const codes = <T extends string>(values: readonly T[]) => values as readonly [T, ...T[]];
/** Files an application carries of each kind; applications a batch gathers. */
const MAX_FILES = 20;
const MAX_BATCH = 200;

const level = oneOf(label('level'), codes<ApplyLevel>(APPLY_LEVELS));

/** A record by its id, or by the instance that approves it (the task page knows only the instance). */
function byIdOrInstance(idLabel: string) {
  return z
    .object({ id: optional(id(idLabel)), instanceId: optional(text(label('instanceId'), 100)) })
    .refine((body) => body.id !== undefined || body.instanceId !== undefined, {
      path: ['id'],
      error: () => translate('server:crud.required', { field: translate(idLabel) }),
    });
}

export const applicationsPageBody = z.object({
  ...paging,
  level: optional(level),
  status: optional(oneOf(label('status'), codes(Object.values(APPLICATION_STATUS)))),
});
export const applicationBody = z.object({ id: id(label('applicationId')) });
export const levelBody = z.object({ level });

/** An application, read in the order its form asks. */
export const applyBody = z.object({
  level,
  unitId: id(label('unitId')),
  quotaAccountId: id(label('quotaAccountId')),
  payeeCorpId: id(label('payeeCorpId')),
  amount: money(label('amount')),
  productId: id(label('productId')),
  dueDate: calendarDay(label('dueDate')),
  contractNo: text(label('contractNo'), 64),
  remark: optional(text(label('remark'), 500)),
  contractFileIds: ids(label('contractFileIds'), MAX_FILES),
  invoiceFileIds: ids(label('invoiceFileIds'), MAX_FILES),
});
export type ApplyBody = z.infer<typeof applyBody>;

export const generateBody = z.object({ applicationIds: ids(label('applicationIds'), MAX_BATCH) });

export const batchesPageBody = z.object({ ...paging, status: optional(oneOf(label('status'), codes(Object.values(BATCH_STATUS)))) });
export const batchRefBody = byIdOrInstance(label('batchId'));
export type BatchRef = z.infer<typeof batchRefBody>;

/** The notes searched: 已逾期 is computed (an outstanding note past its due date), the others are stored. */
export const notesPageBody = z.object({
  ...paging,
  noteNo: optional(text(label('noteNo'), 40)),
  issuerName: optional(text(label('issuerName'), 100)),
  holderName: optional(text(label('holderName'), 100)),
  holderCorpId: optional(id(label('holderCorpId'))),
  status: optional(oneOf(label('status'), [NOTE_STATUS.overdue, ...STORED_NOTE_STATUSES])),
  dueFrom: optional(calendarDay(label('dueFrom'))),
  dueTo: optional(calendarDay(label('dueTo'))),
});
export type NotesQuery = z.infer<typeof notesPageBody>;
export const noteBody = z.object({ id: id(label('noteId')) });

/** 拆分转让: the part of the note that goes to the supplier. */
export const splitBody = z.object({ noteId: id(label('noteId')), toCorpId: id(label('toCorpId')), amount: money(label('amount')) });
export type SplitBody = z.infer<typeof splitBody>;

export const suppliersBody = z.object({ exceptCorpId: optional(id(label('exceptCorpId'))) });
