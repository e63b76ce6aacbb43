/**
 * Reading a real-name record from a save or update body: every field checked with its shared rule
 * (src/lib/realname.ts), the sensitive ones RSA-decrypted first (spec 5.5). A refusal throws before
 * anything is written and names the field in Chinese.
 */
import { SENSITIVE_FIELDS } from '../../src/lib/masking';
import { LICENCE_FIELD_LABEL, LICENCE_TYPES, REALNAME_FIELDS, type RealnameTextField } from '../../src/lib/realname';
import { isValid, validationMessage } from '../../src/lib/validators';
import { validationError } from '../errors';
import type { FileStore } from '../files/store';
import { translate } from '../i18n';
import type { RsaKeys } from '../security/rsa';
import { readSensitiveValue } from '../sensitive/values';
import { isPlainObject } from '../validation';

export type SensitiveField = (typeof SENSITIVE_FIELDS)[number];
type PlainField = Exclude<RealnameTextField, SensitiveField>;

/** What a body sets: a field left out keeps its value (undefined), null clears it. */
export interface RealnameChanges {
  corpName?: string;
  creditCode?: string | null;
  legalPersonName?: string | null;
  licenceFileId?: string | null;
  /** Plain values, still to be sealed. */
  sensitive: Partial<Record<SensitiveField, string | null>>;
}

export interface ReadContext {
  keys: RsaKeys;
  files: FileStore;
  /** The caller is on the sensitive-data whitelist (spec 5.5). */
  onWhitelist: boolean;
  /** The stored plain values (update), to tell an echoed masked value from a new one. */
  stored?: Partial<Record<SensitiveField, string | null>>;
}

const PLAIN_FIELDS: readonly PlainField[] = ['corpName', 'creditCode', 'legalPersonName'];

const label = (field: RealnameTextField) => translate(REALNAME_FIELDS[field].label);

function invalid(field: RealnameTextField): never {
  throw validationError(translate('server:realname.invalid', { field: label(field), message: validationMessage(REALNAME_FIELDS[field].validator) }));
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function readPlain(body: Record<string, unknown>, field: PlainField, mode: 'create' | 'update'): string | null | undefined {
  const value = body[field];
  if (value === undefined && mode === 'update') return undefined;
  if (isBlank(value)) {
    if (field === 'corpName') throw validationError(translate('server:crud.required', { field: label(field) }));
    return null;
  }
  if (typeof value !== 'string') invalid(field);
  const text = value.trim();
  if (!isValid(REALNAME_FIELDS[field].validator, text)) invalid(field);
  return text;
}

function readSensitive(body: Record<string, unknown>, field: SensitiveField, context: ReadContext): string | null | undefined {
  return readSensitiveValue(body[field], label(field), REALNAME_FIELDS[field].validator, { keys: context.keys });
}

async function readLicence(body: Record<string, unknown>, files: FileStore, mode: 'create' | 'update'): Promise<string | null | undefined> {
  const value = body.licenceFileId;
  if (value === undefined && mode === 'update') return undefined;
  if (isBlank(value)) return null;
  const file = typeof value === 'string' ? await files.find(value) : undefined;
  if (!file) throw validationError(translate('server:realname.fileMissing', { field: translate(LICENCE_FIELD_LABEL) }));
  if (!(LICENCE_TYPES as readonly string[]).includes(file.mimeType)) {
    throw validationError(translate('server:realname.fileType', { field: translate(LICENCE_FIELD_LABEL) }));
  }
  return file.id;
}

export async function readRealname(body: unknown, mode: 'create' | 'update', context: ReadContext): Promise<RealnameChanges> {
  if (!isPlainObject(body)) throw validationError(translate('server:validation.bodyNotObject'));
  const changes: RealnameChanges = { sensitive: {} };
  for (const field of PLAIN_FIELDS) {
    const value = readPlain(body, field, mode);
    if (value !== undefined) (changes as unknown as Record<string, unknown>)[field] = value;
  }
  for (const field of SENSITIVE_FIELDS) {
    const value = readSensitive(body, field, context);
    if (value !== undefined) changes.sensitive[field] = value;
  }
  const licence = await readLicence(body, context.files, mode);
  if (licence !== undefined) changes.licenceFileId = licence;
  return changes;
}

/** The fields a record still lacks to be submitted, by label; empty when complete. */
export function missingForSubmit(record: Record<RealnameTextField | 'licenceFileId', unknown>): string[] {
  const missing = (Object.keys(REALNAME_FIELDS) as RealnameTextField[]).filter((f) => isBlank(record[f])).map(label);
  if (isBlank(record.licenceFileId)) missing.push(translate(LICENCE_FIELD_LABEL));
  return missing;
}
