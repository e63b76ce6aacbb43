/**
 * The real-name calls as the pages use them. Sensitive values follow spec 5.5 on the way out (still
 * masked: left out; edited: RSA-encrypted with the session's public key) and, for the whitelist, the
 * full values the server sends DES-encrypted are opened with the session key for display only.
 */
import { isMasked, SENSITIVE_FIELDS, sensitiveFieldsToSend } from '../../lib/masking';
import { REALNAME_CALLS, type RealnameRecord } from '../../lib/realname';
import { desDecrypt } from '../../protocol/des';
import { encryptWithPublicKey } from '../../providers/auth-provider';
import { api } from '../../providers/http';
import { getSessionKeys } from '../../providers/session';

export type RealnameInput = Partial<
  Pick<RealnameRecord, 'corpName' | 'creditCode' | 'legalPersonName' | 'idCard' | 'mobilePhone' | 'bankCard' | 'licenceFileId'>
>;

/** The record with its sensitive values in full where the server revealed them (whitelist), masked otherwise. */
function opened(record: RealnameRecord): RealnameRecord {
  const sessionKey = getSessionKeys()?.sessionKey;
  if (!record.revealed || !sessionKey) return record;
  const full = { ...record };
  for (const [field, value] of Object.entries(record.revealed)) full[field as keyof typeof record.revealed] = desDecrypt(value, sessionKey);
  return full;
}

async function outgoing(values: RealnameInput): Promise<Record<string, unknown>> {
  const edited = SENSITIVE_FIELDS.map((field) => values[field]).filter((v): v is string => typeof v === 'string' && v !== '' && !isMasked(v));
  const encrypted = new Map(await Promise.all(edited.map(async (plain) => [plain, await encryptWithPublicKey(plain)] as const)));
  return sensitiveFieldsToSend(values as Record<string, unknown>, SENSITIVE_FIELDS, (plain) => encrypted.get(plain)!);
}

export const realnameApi = {
  find: async (id: string) => opened(await api.post<RealnameRecord>(REALNAME_CALLS.findById, { id })),
  save: async (values: RealnameInput) => opened(await api.post<RealnameRecord>(REALNAME_CALLS.save, await outgoing(values))),
  update: async (id: string, dataVersion: number, values: RealnameInput) =>
    opened(await api.post<RealnameRecord>(REALNAME_CALLS.updateById, { ...(await outgoing(values)), id, dataVersion })),
  submit: async (id: string, dataVersion?: number) => opened(await api.post<RealnameRecord>(REALNAME_CALLS.submit, { id, dataVersion })),
  remove: (ids: string[]) => api.post<number>(REALNAME_CALLS.removeByIds, { ids }),
};
