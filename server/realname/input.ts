/**
 * A real-name record's save and update bodies: declared once here as zod schemas (the routes' `body`,
 * routes.ts), from which the handlers' types come, and what only the request's context can read after
 * them (readRealname: the sensitive values RSA-decrypted with the server's keys, the licence looked up in
 * the file store). Every plain field is checked by its shared rule (src/lib/realname.ts, the add form's
 * too) and every refusal is VALIDATION_FAILED naming the field in Chinese, before anything is written.
 */
import { z } from 'zod';
import { SENSITIVE_FIELDS } from '../../src/lib/masking';
import { LICENCE_FIELD_LABEL, LICENCE_TYPES, REALNAME_FIELDS, type RealnameTextField } from '../../src/lib/realname';
import { isValid, validationMessage } from '../../src/lib/validators';
import { aboutField, validationError } from '../errors';
import type { FileStore } from '../files/store';
import { translate } from '../i18n';
import type { RsaKeys } from '../security/rsa';
import { readSensitiveValue } from '../sensitive/values';

export type SensitiveField = (typeof SENSITIVE_FIELDS)[number];
type Mode = 'create' | 'update';

const label = (field: RealnameTextField) => translate(REALNAME_FIELDS[field].label);

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** On update a field the body leaves out keeps its value (undefined); on create it is read as sent empty. */
function keptWhenAbsent<T extends z.ZodType, M extends Mode>(schema: T, mode: M): M extends 'update' ? z.ZodOptional<T> : T {
  return (mode === 'update' ? schema.optional() : schema) as M extends 'update' ? z.ZodOptional<T> : T;
}

/** Plain text, trimmed, that the field's shared rule accepts; `missing` words an absent value, when it is refused as missing. */
function ruled(field: RealnameTextField, missing?: () => string) {
  const refused = () => translate('server:realname.invalid', { field: label(field), message: validationMessage(REALNAME_FIELDS[field].validator) });
  return z
    .string({ error: (issue) => (missing && issue.input === undefined ? missing() : refused()) })
    .trim()
    .refine((text) => isValid(REALNAME_FIELDS[field].validator, text), { error: refused });
}

/** The corporation's name cannot be emptied: sent empty (null, '' or spaces), or left out of a save, it is missing. */
const corpName = <M extends Mode>(mode: M) =>
  keptWhenAbsent(
    z.preprocess(
      (value) => (isBlank(value) ? undefined : value),
      ruled('corpName', () => translate('server:crud.required', { field: label('corpName') })),
    ),
    mode,
  );

/** Another plain field: sent empty (null, '' or spaces) it is cleared (null). */
const plain = <M extends Mode>(field: 'creditCode' | 'legalPersonName', mode: M) =>
  keptWhenAbsent(
    z.preprocess((value) => (isBlank(value) ? null : value), ruled(field).nullable()),
    mode,
  );

/**
 * A sensitive value as it arrives (server/sensitive): RSA ciphertext, '' to clear it, or left out (absent or null)
 * to keep it, as the form leaves an untouched mask out. Opened with the keys by readRealname.
 */
const sealed = (field: SensitiveField) =>
  z
    .string({ error: () => translate('server:realname.notEncrypted', { field: label(field) }) })
    .nullish()
    .transform((value) => value ?? undefined);

/** The licence's file id, sent empty to clear it (null); that it names a stored file of a licence's type is readRealname's lookup. */
const licence = <M extends Mode>(mode: M) =>
  keptWhenAbsent(
    z.preprocess(
      (value) => (isBlank(value) ? null : value),
      z.string({ error: () => translate('server:realname.fileMissing', { field: translate(LICENCE_FIELD_LABEL) }) }).nullable(),
    ),
    mode,
  );

/** The record's fields of a save (`create`) or an update, in the order the form shows them; unknown keys are ignored. */
export function realnameFields<M extends Mode>(mode: M) {
  return {
    corpName: corpName(mode),
    creditCode: plain('creditCode', mode),
    legalPersonName: plain('legalPersonName', mode),
    idCard: sealed('idCard'),
    mobilePhone: sealed('mobilePhone'),
    bankCard: sealed('bankCard'),
    licenceFileId: licence(mode),
  };
}

/** A save's or an update's record as its schema hands it over. */
type RealnameBody = z.output<z.ZodObject<ReturnType<typeof realnameFields<'create'>>>> | z.output<z.ZodObject<ReturnType<typeof realnameFields<'update'>>>>;

/** The sensitive values a body sets, in plain, still to be sealed: a field left out keeps its value (no key), null clears it. */
export type SensitiveValues = Partial<Record<SensitiveField, string | null>>;

/** What a body sets: a field left out keeps its value (no key), null clears it. */
type RealnameChanges<B extends RealnameBody> = Omit<B, SensitiveField> & { sensitive: SensitiveValues };

export interface ReadContext {
  keys: RsaKeys;
  files: FileStore;
}

/** The licence's stored file, of a licence's type; undefined (kept) and null (cleared) as the schema read them. */
async function readLicence(fileId: string | null | undefined, files: FileStore): Promise<string | null | undefined> {
  if (fileId === undefined || fileId === null) return fileId;
  const file = await files.find(fileId);
  if (!file) throw validationError(translate('server:realname.fileMissing', { field: translate(LICENCE_FIELD_LABEL) }));
  if (!(LICENCE_TYPES as readonly string[]).includes(file.mimeType)) {
    throw validationError(translate('server:realname.fileType', { field: translate(LICENCE_FIELD_LABEL) }));
  }
  return file.id;
}

/**
 * The schema's output read with the request's context: each sensitive value decrypted and checked by its rule
 * (server/sensitive readSensitiveValue, the kit's sealed fields' reading too), then the licence looked up. A
 * refusal names its field (data.field), as the schema's do.
 */
export async function readRealname<B extends RealnameBody>(body: B, context: ReadContext): Promise<RealnameChanges<B>> {
  const { idCard, mobilePhone, bankCard, licenceFileId, ...plainValues } = body;
  const sensitive: SensitiveValues = {};
  for (const [field, value] of Object.entries({ idCard, mobilePhone, bankCard }) as Array<[SensitiveField, string | undefined]>) {
    try {
      const opened = readSensitiveValue(value, label(field), REALNAME_FIELDS[field].validator, { keys: context.keys });
      if (opened !== undefined) sensitive[field] = opened;
    } catch (error) {
      throw aboutField(error, field);
    }
  }
  const licenceFile = await readLicence(licenceFileId, context.files).catch((error: unknown) => {
    throw aboutField(error, 'licenceFileId');
  });
  return { ...plainValues, ...(licenceFile === undefined ? {} : { licenceFileId: licenceFile }), sensitive } as RealnameChanges<B>;
}

/** The fields a record still lacks to be submitted, by label; empty when complete. */
export function missingForSubmit(record: Record<RealnameTextField | 'licenceFileId', unknown>): string[] {
  const missing = (Object.keys(REALNAME_FIELDS) as RealnameTextField[]).filter((f) => isBlank(record[f])).map(label);
  if (isBlank(record.licenceFileId)) missing.push(translate(LICENCE_FIELD_LABEL));
  return missing;
}
