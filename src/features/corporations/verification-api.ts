/** The verification calls (server/corporations/verification/routes.ts) as the corporation page uses them. */
import type { VerificationKind, VerificationStatus } from '../../lib/corporations';
import { api } from '../../providers/http';

const BASE = '/op/v1/corporations/verifications';

export interface Verification {
  id: string;
  corpId: string;
  kind: VerificationKind;
  bankAccountId: string | null;
  status: VerificationStatus;
  attempts: number;
  triesLeft: number | null;
  failReason: string | null;
  createTime: string;
  updateTime: string;
}

export const verificationApi = {
  list: (corpId: string) => api.post<Verification[]>(`${BASE}/list`, { corpId }),
  start: (corpId: string, kind: VerificationKind, bankAccountId?: string) => api.post<Verification>(`${BASE}/start`, { corpId, kind, bankAccountId }),
  confirm: (id: string, amount: string) => api.post<Verification>(`${BASE}/confirm`, { id, amount }),
  refresh: (id: string) => api.post<Verification>(`${BASE}/refresh`, { id }),
};

/** The newest verification of each kind (and, for bank accounts, of each account): what the banner shows. */
export function latestOf(rows: readonly Verification[]): Verification[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = `${row.kind}:${row.bankAccountId ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
