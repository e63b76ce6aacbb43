/** The kit's one approval call: what the task view shows for an instance of an approvable resource. */
import { api } from '../../providers/http';
import type { PendingChange } from '../resource';

export const APPROVALS_API = '/op/v1/approvals';

export interface InstanceChange {
  /** The resource's declared name (src/resources/index.ts). */
  resource: string;
  change: PendingChange;
  /** The record as it is now; null for a proposed creation. */
  record: Record<string, unknown> | null;
}

export const approvalApi = {
  findByInstance: (instanceId: string) => api.post<InstanceChange | null>(`${APPROVALS_API}/find-by-instance`, { instanceId }),
  /** Replaces what a returned change proposes (its submitter, at their own step): the values as the resource's form sends them. */
  resubmit: (instanceId: string, values: Record<string, unknown>) =>
    api.post<{ change: PendingChange }>(`${APPROVALS_API}/resubmit`, { ...values, instanceId }),
};
