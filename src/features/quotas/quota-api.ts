/** The quota calls (server/quotas/routes.ts) typed for the screens, through the one signed client. */
import { QUOTA_API, type QuotaAccount } from '../../lib/quotas';
import { api } from '../../providers/http';

export type { QuotaAccount };

export interface TreeNode {
  unitId: string;
  unitName: string;
  unitKind: string;
  accountId: string | null;
  granted: string;
  dispatched: string;
  frozen: string;
  used: string;
  available: string;
  /** What running requests hold back from this unit's account (the submission counts it). */
  reserved: string;
  /** Right below the source: a dispatch from it reaches this unit. */
  dispatchable: boolean;
  children?: TreeNode[];
}

export interface QuotaRequest {
  id: string;
  type: string;
  kind: string;
  channel: string;
  processKey: string;
  grantorName: string;
  unitId: string;
  accountId: string | null;
  amount: string;
  previousAmount: string | null;
  termEnd: string | null;
  reason: string;
  status: string;
  instanceId: string | null;
  dataVersion: number;
  createBy: string | null;
  createTime: string;
}

export interface RequestLine {
  unitId: string;
  unitName: string | null;
  amount: string;
  current: string;
  grantedNow: string;
  availableNow: string;
}

export interface LedgerEntry {
  id: string;
  createTime: string;
  movement: string;
  amount: string;
  availableAfter: string;
  counterpartUnit: string | null;
  reference: string | null;
  remark: string | null;
  createBy: string | null;
  /** 操作人: the staff record's name (the username when no staff record has it). */
  createByName: string | null;
}

export interface Page<T> {
  records: T[];
  total: number;
}

export interface Submitted {
  request: QuotaRequest;
  instanceId: string;
  taskId: string | null;
}

export const quotaApi = {
  accounts: (filters: Record<string, unknown>) => api.post<Page<QuotaAccount>>(`${QUOTA_API}/accounts/page`, filters),
  account: (id: string) => api.post<QuotaAccount>(`${QUOTA_API}/accounts/find-by-id`, { id }),
  /** exceptRequestId: a returned request being changed, whose own reservation its change replaces. */
  tree: (id: string, exceptRequestId?: string) =>
    api.post<{ account: QuotaAccount & { reserved: string }; tree: TreeNode[] }>(`${QUOTA_API}/accounts/tree`, { id, exceptRequestId }),
  options: () => api.post<{ grantors: Array<{ id: string; corpName: string }>; groups: Array<{ id: string; unitName: string }> }>(`${QUOTA_API}/options`, {}),
  apply: (body: Record<string, unknown>) => api.post<Submitted>(`${QUOTA_API}/requests/apply`, body),
  modify: (body: Record<string, unknown>) => api.post<Submitted>(`${QUOTA_API}/requests/modify`, body),
  dispatch: (body: Record<string, unknown>, afresh: boolean) => api.post<Submitted>(`${QUOTA_API}/requests/${afresh ? 'redispatch' : 'dispatch'}`, body),
  request: (id: string) =>
    api.post<{ request: QuotaRequest; unitName: string | null; account: QuotaAccount | null; lines: RequestLine[] }>(`${QUOTA_API}/requests/find-by-id`, {
      id,
    }),
  ledger: (filters: Record<string, unknown>) => api.post<Page<LedgerEntry>>(`${QUOTA_API}/ledger/page`, filters),
  exportLedger: (filters: Record<string, unknown>) => api.post<{ id: string }>(`${QUOTA_API}/ledger/export`, filters),
};

/** Where the quota pages live (menus quota:account, quota:dispatch, quota:ledger). */
export const QUOTA_PATHS = { accounts: '/op/quota/account', dispatch: '/op/quota/dispatch', ledger: '/op/quota/ledger' } as const;
export const dispatchLink = (accountId: string, afresh: boolean) =>
  `${QUOTA_PATHS.dispatch}?accountId=${encodeURIComponent(accountId)}${afresh ? '&afresh=1' : ''}`;
export const ledgerLink = (accountId: string) => `${QUOTA_PATHS.ledger}?accountId=${encodeURIComponent(accountId)}`;
