/**
 * Body checks of the staff and role writes beyond the declared fields (readInput checks those): the
 * lists of roles, positions, organisations, menus and permissions an account or a role holds. Each
 * refusal is a VALIDATION_FAILED with a Chinese message naming what is wrong; nothing is written.
 */
import { POSITIONS } from '../../src/lib/access';
import { validationError } from '../errors';
import { translate } from '../i18n';

/** Far more than any real account or role holds; a longer list is hostile input. */
export const MAX_LIST = 500;

/** A list of distinct non-empty strings (absent: empty), refused with the field's label otherwise. */
export function stringList(body: Record<string, unknown>, field: string, labelKey: string): string[] {
  const value = body[field];
  if (value === undefined || value === null) return [];
  const ok = Array.isArray(value) && value.length <= MAX_LIST && value.every((item) => typeof item === 'string' && item !== '' && item.length <= 200);
  if (!ok) throw validationError(translate('staff:errors.badList', { field: translate(labelKey), max: String(MAX_LIST) }));
  return [...new Set(value as string[])];
}

const KNOWN_POSITIONS = new Set<string>(Object.values(POSITIONS));

/** Position codes of src/lib/access.ts POSITIONS, in their declared order. */
export function positionList(body: Record<string, unknown>): string[] {
  const positions = stringList(body, 'positions', 'staff:staff.fields.positions');
  const unknown = positions.find((code) => !KNOWN_POSITIONS.has(code));
  if (unknown) throw validationError(translate('staff:errors.unknownPosition', { code: unknown.slice(0, 50) }));
  return Object.values(POSITIONS).filter((code) => positions.includes(code));
}

export function requireVersion(body: Record<string, unknown>): number {
  const version = body.dataVersion;
  if (typeof version !== 'number' || !Number.isSafeInteger(version)) throw validationError(translate('server:crud.dataVersionRequired'));
  return version;
}

/** An RSA-encrypted password field, decrypted; refused when absent or not decryptable. */
export function encryptedPassword(body: Record<string, unknown>, decrypt: (cipher: string) => string | null): string {
  const cipher = body.password;
  if (typeof cipher !== 'string' || cipher === '') throw validationError(translate('staff:errors.passwordRequired'));
  const plain = decrypt(cipher);
  if (plain === null) throw validationError(translate('server:validation.notEncrypted', { field: translate('staff:staff.fields.password') }));
  return plain.trim();
}
