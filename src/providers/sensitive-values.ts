/**
 * The browser's half of the kit's `sensitive` fields (spec 5.5), used by the data provider: what a
 * form sends (a still-masked value left out, an edited one RSA-encrypted with the session's public
 * key) and what a record shows (for the whitelist, the full values the server sent DES-encrypted in
 * `revealed`, opened with the session key for display only).
 */
import type { AnyResource } from '../crud/resource';
import { isMasked, sensitiveFieldsToSend } from '../lib/masking';
import { desDecrypt } from '../protocol/des';
import { encryptWithPublicKey } from './auth-provider';
import { getSessionKeys } from './session';

type Body = Record<string, unknown>;

export const sensitiveFieldsOf = (resource: AnyResource): string[] =>
  Object.entries(resource.fields).flatMap(([name, schema]) => (schema.sensitive ? [name] : []));

export async function sensitiveOutgoing(resource: AnyResource, values: Body): Promise<Body> {
  const fields = sensitiveFieldsOf(resource);
  if (!fields.length) return values;
  const edited = fields.map((field) => values[field]).filter((v): v is string => typeof v === 'string' && v !== '' && !isMasked(v));
  const encrypted = new Map(await Promise.all(edited.map(async (plain) => [plain, await encryptWithPublicKey(plain)] as const)));
  return sensitiveFieldsToSend(values, fields, (plain) => encrypted.get(plain)!);
}

export function openRevealed<T>(record: T): T {
  const revealed = (record as { revealed?: Record<string, string> } | null)?.revealed;
  const sessionKey = getSessionKeys()?.sessionKey;
  if (!revealed || !sessionKey) return record;
  const full: Body = { ...(record as Body) };
  for (const [field, value] of Object.entries(revealed)) full[field] = desDecrypt(value, sessionKey);
  delete full.revealed;
  return full as T;
}
