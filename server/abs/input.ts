/**
 * The securitisation calls' bodies as zod schemas (docs/developers/input.md), built from server/input/fields.ts:
 * each route's shape is declared once here and its handler typed from it. A refusal is VALIDATION_FAILED
 * naming the field's label (abs:fields.*) and its path, before anything is read or written. What is not shape
 * (a package's status, the pool's rules, a node's order, a party that exists) stays in the handlers.
 */
import { z } from 'zod';
import {
  ISSUE_NODES,
  MAX_PERIOD_YEARS,
  MIN_PERIOD_YEARS,
  PACKAGE_STATUS,
  REGISTRATION_STATUS,
  REGISTRATION_SUBJECT,
  REGISTRATION_TYPE,
} from '../../src/lib/abs';
import { translate } from '../i18n';
import { bool, calendarDay, id, ids, integer, money, oneOf, optional, paging, text, version } from '../input/fields';

const label = (field: string) => `abs:fields.${field}`;
const codes = <T extends Record<string, string>>(values: T) => Object.values(values) as [T[keyof T], ...Array<T[keyof T]>];

const DOC_FILE_TYPES = ['BASIC_INFO', 'BUSI_CONTRACT', 'INVOICE', 'OTHER'] as const;
const MAX_DOCUMENTS = 20;

/**
 * Documents of the file service: [{ fileId, fileName?, docFileType? }], at most 20; handed on with the file's
 * name left '' when not given (the stored file's name is filled in by the handler) and BASIC_INFO as the type.
 */
const documents = optional(
  z
    .array(
      z.object(
        {
          fileId: id(label('fileId')),
          fileName: optional(text(label('fileName'), 200)),
          docFileType: optional(oneOf(label('docFileType'), DOC_FILE_TYPES)),
        },
        { error: () => translate('abs:server.documentsInvalid', { field: translate(label('documents')) }) },
      ),
      { error: () => translate('abs:server.documentsInvalid', { field: translate(label('documents')) }) },
    )
    .max(MAX_DOCUMENTS, { error: () => translate('abs:server.documentsInvalid', { field: translate(label('documents')) }) })
    .transform((list) => list.map((d) => ({ fileId: d.fileId, fileName: d.fileName ?? '', docFileType: d.docFileType ?? 'BASIC_INFO' }))),
);

const recordId = id(label('id'));

/** A call on one record by its id. */
export const idBody = z.object({ id: recordId });

/** A move of a package or a change of a registration: its id and the version the caller saw. */
const versioned = { id: recordId, dataVersion: version() };
export const moveBody = z.object(versioned);

// Packages.
export const packagesPageBody = z.object({
  ...paging,
  status: optional(oneOf(label('status'), codes(PACKAGE_STATUS))),
  packageName: optional(text(label('packageName'), 100)),
});

/** A new package. Whether the longest tenor is below the shortest, and the share's form, are the handler's. */
export const packageSaveBody = z.object({
  packageName: text(label('packageName'), 100),
  programme: text(label('programme'), 100),
  minTenorDays: integer(label('minTenorDays'), { min: 0, max: 3650 }),
  maxTenorDays: integer(label('maxTenorDays'), { min: 1, max: 3650 }),
  maxDebtorShare: text(label('maxDebtorShare'), 10),
  targetSize: money('abs:fields.targetSize'),
});

export const candidatesBody = z.object({ ...paging, id: recordId, noteNo: optional(text(label('noteNo'), 40)) });
export const addNotesBody = z.object({ id: recordId, noteIds: ids(label('noteIds'), 200) });
export const removeNoteBody = z.object({ id: recordId, noteId: id(label('noteId')) });
/** The materials sent to review: at least one document (the list may be left out of a body, not of this one: the handler says so). */
export const startReviewBody = z.object({ id: recordId, documents });

// Issue nodes.
export const nodesListBody = z.object({ packageId: id(label('packageId')) });
export const nodeSaveBody = z.object({
  packageId: id(label('packageId')),
  node: oneOf(label('node'), ISSUE_NODES),
  nodeDate: calendarDay(label('nodeDate')),
  remark: optional(text(label('remark'), 500)),
  documents,
});

// 中登 registrations.
export const registrationsPageBody = z.object({
  ...paging,
  registrationType: optional(oneOf(label('registrationType'), codes(REGISTRATION_TYPE))),
  status: optional(oneOf(label('status'), codes(REGISTRATION_STATUS))),
  partyName: optional(text(label('partyName'), 100)),
  registrationNo: optional(text(label('registrationNo'), 40)),
  expiringOnly: optional(bool('abs:registrations.expiringOnly')),
});

export const subjectsBody = z.object({ noteNo: optional(text(label('noteNo'), 40)) });

const periodYears = integer(label('periodYears'), { min: MIN_PERIOD_YEARS, max: MAX_PERIOD_YEARS });

/** A registration. Which subject it covers decides whether packageId or noteIds is needed: the handler's. */
export const registerBody = z.object({
  registrationType: oneOf(label('registrationType'), codes(REGISTRATION_TYPE)),
  transferorId: id(label('transferorId')),
  transfereeId: id(label('transfereeId')),
  subjectKind: oneOf(label('subjectKind'), codes(REGISTRATION_SUBJECT)),
  amount: money('abs:fields.amount'),
  periodYears,
  description: text(label('description'), 1000),
  packageId: optional(id(label('packageId'))),
  noteIds: optional(ids(label('noteIds'), 100)),
});

/** 变更: what it leaves out stays as registered. */
export const amendBody = z.object({
  ...versioned,
  transfereeId: optional(id(label('transfereeId'))),
  amount: optional(money('abs:fields.amount')),
  description: optional(text(label('description'), 1000)),
});
export const extendBody = z.object({ ...versioned, periodYears });
export const cancelBody = z.object({ ...versioned, reason: text(label('reason'), 500) });
