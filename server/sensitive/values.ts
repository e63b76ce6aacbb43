/**
 * Sensitive values (spec 5.5) for any module: how a request carries one (RSA-encrypted with the
 * session's public key), how it is kept (sealed by SensitiveCipher) and how an answer shows it (masked;
 * for a caller on the sensitive-data whitelist also in full, DES-encrypted under their session key).
 * Real-name admission and the kit's `sensitive` fields both go through here, so the rules live once.
 */
import type { FastifyRequest } from 'fastify';
import { isMasked, maskValue } from '../../src/lib/masking';
import { isValid, validationMessage, type ValidatorName } from '../../src/lib/validators';
import { desEncrypt } from '../../src/protocol/des';
import type { Db } from '../db/open';
import { validationError } from '../errors';
import { translate } from '../i18n';
import type { RsaKeys } from '../security/rsa';
import type { Principal } from '../security/sessions';
import { SensitiveCipher } from './cipher';

export interface SensitiveReadContext {
  keys: RsaKeys;
}

/**
 * A sensitive value from a request body: absent means unchanged (the form left it masked), an empty
 * string clears it, anything else must be RSA ciphertext of a value passing the field's validator. A
 * mask is never a value: one sent (in clear or encrypted, the stored value's own mask included) is
 * refused with a message saying how to keep or change the field, instead of being stored or taken
 * for "unchanged" by a guess. Forms leave an untouched mask out (src/lib/masking sensitiveFieldsToSend).
 */
export function readSensitiveValue(
  value: unknown,
  label: string,
  validator: ValidatorName | undefined,
  context: SensitiveReadContext,
): string | null | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === '') return null;
  const masked = () => validationError(translate('server:realname.masked', { field: label }));
  const notEncrypted = () => validationError(translate('server:realname.notEncrypted', { field: label }));
  if (typeof value !== 'string') throw notEncrypted();
  // Base64 ciphertext holds no '*': a string with the mask in it was sent in clear.
  if (isMasked(value)) throw masked();
  const plain = context.keys.decrypt(value);
  if (plain === null) throw notEncrypted();
  const text = plain.trim();
  if (text === '') return null;
  if (isMasked(text)) throw masked();
  if (validator && !isValid(validator, text))
    throw validationError(translate('server:realname.invalid', { field: label, message: validationMessage(validator) }));
  return text;
}

const ciphers = new WeakMap<Db, Promise<SensitiveCipher>>();

/** The database's sealing key, loaded (or made) once per database handle. */
export function sensitiveCipherOf(db: Db): Promise<SensitiveCipher> {
  let cipher = ciphers.get(db);
  if (!cipher) {
    cipher = SensitiveCipher.loadOrCreate(db);
    ciphers.set(db, cipher);
  }
  return cipher;
}

/** A whitelisted caller's session key, under which full values are answered; null for everyone else. */
export function revealKeyOf(keys: RsaKeys, request: FastifyRequest, principal: Principal): string | null {
  const header = request.headers['x-session-key'];
  return principal.sensitiveWhitelist && typeof header === 'string' ? keys.sessionKey(header) : null;
}

/**
 * THE place a sensitive value leaves the server in full: DES-encrypted under the whitelisted caller's
 * session key, for display only. Every reveal goes through here (an operation log of reveals hooks in here).
 */
export function revealSensitive(plain: Readonly<Record<string, string | null>>, sessionKey: string): Record<string, string> {
  return Object.fromEntries(Object.entries(plain).flatMap(([field, value]) => (value ? [[field, desEncrypt(value, sessionKey)]] : [])));
}

/**
 * A stored row as an answer shows it: each sealed field opened and masked, and for a whitelisted
 * caller (`sessionKey`) also `revealed: {field: DES ciphertext}`. Ciphertext at rest never leaves.
 */
export function presentSensitive<T extends Record<string, unknown>>(
  row: T,
  fields: readonly string[],
  cipher: SensitiveCipher,
  sessionKey: string | null,
): T & { revealed?: Record<string, string> } {
  if (!fields.length) return row;
  const plain = Object.fromEntries(fields.map((f) => [f, typeof row[f] === 'string' && row[f] !== '' ? cipher.open(row[f] as string) : null])) as Record<
    string,
    string | null
  >;
  const view: Record<string, unknown> = { ...row };
  for (const field of fields) view[field] = plain[field] === null ? null : maskValue(plain[field]);
  if (sessionKey) view.revealed = revealSensitive(plain, sessionKey);
  return view as T & { revealed?: Record<string, string> };
}
