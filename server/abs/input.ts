/** Reading the securitisation calls' bodies: every refusal names its field (abs:fields.*) and writes nothing. */
import { fenToYuan, toFen } from '../../src/lib/money';
import { aboutField, validationError } from '../errors';
import { translate } from '../i18n';
import { optionalMoney, requireMoney } from '../validation';
import { optionalText, type Body } from '../workflow/input';
import { isCalendarDay } from '../../src/lib/dates';

const label = (field: string) => translate(`abs:fields.${field}`);
const refuse = (field: string, key: string, params: Record<string, string> = {}) =>
  aboutField(validationError(translate(key, { field: label(field), ...params })), field);

export function requireString(body: Body, field: string, max = 100): string {
  const value = optionalText(body, field, max);
  if (value === undefined) throw refuse(field, 'server:crud.required');
  return value;
}

export function requireInteger(body: Body, field: string, min: number, max: number): number {
  const value = body[field];
  if (value === undefined || value === null || value === '') throw refuse(field, 'server:crud.required');
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max)
    throw refuse(field, 'abs:server.integerRange', { min: String(min), max: String(max) });
  return value;
}

/** A positive amount of yuan under the one money rule (server/validation.ts), as its two-decimal string. */
export const requireAmount = (body: Body, field: string): string => fenToYuan(toFen(requireMoney(body, field, label(field)))!);

/** The same, for a field a change may leave out: undefined when it does. */
export function optionalAmount(body: Body, field: string): string | undefined {
  const text = optionalMoney(body, field, label(field));
  return text === undefined ? undefined : fenToYuan(toFen(text)!);
}

export function requireDate(body: Body, field: string): string {
  const value = body[field];
  if (value === undefined || value === null || value === '') throw refuse(field, 'server:crud.required');
  if (!isCalendarDay(value)) {
    throw refuse(field, 'abs:server.dateInvalid');
  }
  return value;
}

export function requireOneOf<T extends string>(body: Body, field: string, allowed: readonly T[]): T {
  const value = body[field];
  if (value === undefined || value === null || value === '') throw refuse(field, 'server:crud.required');
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw refuse(field, 'abs:server.valueUnknown');
  return value as T;
}

/** A list of ids (1 to max distinct non-empty strings). */
export function requireIds(body: Body, field: string, max = 200): string[] {
  const value = body[field];
  if (!Array.isArray(value) || value.length === 0) throw refuse(field, 'server:crud.required');
  if (value.length > max || !value.every((v) => typeof v === 'string' && v !== '' && v.length <= 100))
    throw refuse(field, 'abs:server.idsInvalid', { max: String(max) });
  return [...new Set(value as string[])];
}

export function requireVersion(body: Body): number {
  const value = body.dataVersion;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw refuse('dataVersion', 'server:crud.required');
  return value;
}

export const DOC_FILE_TYPES = ['BASIC_INFO', 'BUSI_CONTRACT', 'INVOICE', 'OTHER'] as const;
export interface DocumentRef {
  fileId: string;
  /** As the user knows it; the stored file's own name when not given. */
  fileName?: string;
  /** A doc_file_type value (the document review groups files by it); BASIC_INFO when not given. */
  docFileType?: string;
}

/** Documents of the file service: [{ fileId, fileName, docFileType? }], at most 20. */
export function optionalDocuments(body: Body, field = 'documents'): Array<Required<DocumentRef>> {
  const value = body[field];
  if (value === undefined || value === null) return [];
  const ok =
    Array.isArray(value) &&
    value.length <= 20 &&
    value.every(
      (d) =>
        d &&
        typeof d === 'object' &&
        typeof d.fileId === 'string' &&
        d.fileId !== '' &&
        d.fileId.length <= 100 &&
        (d.fileName === undefined || (typeof d.fileName === 'string' && d.fileName.length <= 200)) &&
        (d.docFileType === undefined || (DOC_FILE_TYPES as readonly string[]).includes(d.docFileType)),
    );
  if (!ok) throw refuse(field, 'abs:server.documentsInvalid');
  return (value as DocumentRef[]).map((d) => ({ fileId: d.fileId, fileName: d.fileName ?? '', docFileType: d.docFileType ?? 'BASIC_INFO' }));
}
