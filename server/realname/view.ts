/**
 * What the calls answer for a record: the sensitive values opened and masked (spec 5.5); for a user
 * on the sensitive-data whitelist also in full, DES-encrypted under the caller's session key
 * (PROTOCOL.md §8), which the browser opens for display only. Ciphertext never leaves the server.
 */
import { maskValue } from '../../src/lib/masking';
import type { RealnameRecord } from '../../src/lib/realname';
import { realnameRecords } from '../db/schema';
import type { SensitiveCipher } from '../sensitive/cipher';
import { revealSensitive } from '../sensitive/values';
import type { SensitiveField } from './input';

export type SealedRow = typeof realnameRecords.$inferSelect;

export const SEALED_COLUMN = { idCard: 'idCardCipher', mobilePhone: 'mobilePhoneCipher', bankCard: 'bankCardCipher' } as const satisfies Record<
  SensitiveField,
  keyof SealedRow
>;

const SENSITIVE = Object.keys(SEALED_COLUMN) as SensitiveField[];

function openSealed(row: SealedRow, cipher: SensitiveCipher): Record<SensitiveField, string | null> {
  return Object.fromEntries(SENSITIVE.map((field) => [field, row[SEALED_COLUMN[field]] ? cipher.open(row[SEALED_COLUMN[field]]!) : null])) as Record<
    SensitiveField,
    string | null
  >;
}

const iso = (time: Date) => time.toISOString();

/** The columns every answer shows: no sensitive value, sealed or not. */
export function listView(row: SealedRow): Omit<RealnameRecord, SensitiveField | 'revealed'> {
  return {
    id: row.id,
    corpName: row.corpName,
    creditCode: row.creditCode,
    legalPersonName: row.legalPersonName,
    licenceFileId: row.licenceFileId,
    status: row.status as RealnameRecord['status'],
    instanceId: row.instanceId,
    rejectRemark: row.rejectRemark,
    dataVersion: row.dataVersion,
    createTime: iso(row.createTime),
    updateTime: iso(row.updateTime),
    createBy: row.createBy,
    updateBy: row.updateBy,
  };
}

/** `sessionKey` only for a whitelisted caller whose session key could be read. */
export function recordView(row: SealedRow, cipher: SensitiveCipher, sessionKey: string | null): RealnameRecord {
  const plain = openSealed(row, cipher);
  const view: RealnameRecord = {
    ...listView(row),
    idCard: plain.idCard && maskValue(plain.idCard),
    mobilePhone: plain.mobilePhone && maskValue(plain.mobilePhone),
    bankCard: plain.bankCard && maskValue(plain.bankCard),
  };
  if (sessionKey) {
    view.revealed = revealSensitive(plain, sessionKey);
  }
  return view;
}
