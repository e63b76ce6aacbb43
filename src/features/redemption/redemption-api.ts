/** The redemption calls (server/redemption/routes.ts) typed for the screens, through the one signed client. */
import { REDEMPTION_CALLS, type AuditOutcome } from '../../lib/redemption';
import { api } from '../../providers/http';

export interface Payment {
  id: string;
  payerUnitId: string;
  payerName: string;
  amount: string;
  valueDate: string;
  bankSerialNo: string;
  remark: string | null;
  status: string;
  auditOpinion: string | null;
  auditBy: string | null;
  auditorName: string | null;
  auditTime: string | null;
  createBy: string | null;
  /** The recorder's display name (server/redemption/people.ts). */
  createByName: string | null;
  createTime: string;
  dataVersion: number;
}

export interface MatchedNote {
  id: string;
  noteNo: string;
  issuerName: string;
  holderName: string;
  dueDate: string;
  status: string;
  amount: string;
}

export interface MatchableNote extends MatchedNote {
  issuerUnitId: string;
  overdue: boolean;
}

export interface Registration {
  id: string;
  noteId: string;
  noteNo: string;
  amount: string;
  paidDate: string;
  evidenceFileId: string;
  evidenceName: string;
  remark: string | null;
  status: string;
  instanceId: string | null;
  dataVersion: number;
  createBy: string | null;
  /** The recorder's display name (server/redemption/people.ts). */
  createByName: string | null;
  createTime: string;
}

export interface RegistrationDetail {
  registration: Registration;
  note: MatchedNote & { displayStatus: string };
}

export interface PaymentInput {
  payerUnitId: string;
  amount: string;
  valueDate: string;
  bankSerialNo: string;
  noteIds: string[];
  remark?: string;
}

export const redemptionApi = {
  payments: (filters: Record<string, unknown>) =>
    api.post<{ records: Payment[]; total: number; counts: Record<string, number> }>(REDEMPTION_CALLS.payments, filters),
  payment: (id: string) => api.post<{ payment: Payment; notes: MatchedNote[] }>(REDEMPTION_CALLS.payment, { id }),
  payers: () => api.post<Array<{ id: string; unitName: string }>>(REDEMPTION_CALLS.payers, {}),
  matchable: (issuerUnitId?: string) => api.post<MatchableNote[]>(REDEMPTION_CALLS.matchable, { issuerUnitId }),
  addPayment: (input: PaymentInput) => api.post<Payment>(REDEMPTION_CALLS.addPayment, input),
  audit: (id: string, outcome: AuditOutcome, opinion?: string) => api.post<Payment>(REDEMPTION_CALLS.audit, { id, outcome, opinion }),
  registrations: (filters: Record<string, unknown>) => api.post<{ records: Registration[]; total: number }>(REDEMPTION_CALLS.registrations, filters),
  registration: (id: string) => api.post<RegistrationDetail>(REDEMPTION_CALLS.registration, { id }),
  register: (input: { noteId: string; paidDate: string; evidenceFileId: string; remark?: string }) =>
    api.post<{ registration: Registration; instanceId: string }>(REDEMPTION_CALLS.register, input),
};
