/** The bill calls (server/bills/routes.ts) typed for the screens, through the one signed client. */
import { BILL_API, BILL_DETAIL_PAGE } from '../../lib/bills';
import { api } from '../../providers/http';

export interface Bill {
  id: string;
  billNo: string;
  corpId: string;
  corpName: string;
  period: string;
  issuedAmount: string;
  financedAmount: string;
  unpricedAmount: string;
  feeAmount: string;
  status: string;
  instanceId: string | null;
  rejectRemark: string | null;
  paidDate: string | null;
  paidRemark: string | null;
  dataVersion: number;
  createTime: string;
  createBy: string | null;
}

export interface BillLine {
  id: string;
  basis: string;
  policyName: string;
  prdCode: string;
  tenorFromDays: number;
  tenorToDays: number;
  rate: string;
  basisAmount: string;
  itemCount: number;
  feeAmount: string;
}

export interface Invoice {
  id: string;
  invoiceNo: string;
  invoiceType: string;
  title: string;
  taxId: string;
  address: string;
  bankName: string;
  accountNo: string;
  amount: string;
  invoiceDate: string;
  remark: string | null;
}

export interface BillDetail {
  bill: Bill;
  feeCapital: string;
  lines: BillLine[];
  invoice: Invoice | null;
}

export interface PreviewRow {
  corpId: string;
  corpName: string;
  issuedAmount: string;
  financedAmount: string;
  unpricedAmount: string;
  lineCount: number;
  exists: boolean;
}

export interface InvoiceDefaults {
  title: string;
  taxId: string;
  address: string;
  amount: string;
  accounts: Array<{ id: string; bankName: string; branchName: string | null; accountName: string; accountNoMasked: string }>;
}

export interface Page<T> {
  records: T[];
  total: number;
}

const call = <T>(path: string, body: unknown) => api.post<T>(`${BILL_API}/${path}`, body);

export const billsApi = {
  page: (filters: Record<string, unknown>) => call<Page<Bill>>('page', filters),
  find: (ref: { id: string } | { instanceId: string }) => call<BillDetail>('find-by-id', ref),
  preview: (period: string) => call<PreviewRow[]>('preview', { period }),
  generate: (period: string) => call<{ period: string; created: Bill[]; skipped: number }>('generate', { period }),
  submit: (bill: Bill, remark?: string) => call<{ bill: Bill; instanceId: string }>('submit', { id: bill.id, dataVersion: bill.dataVersion, remark }),
  pay: (bill: Bill, paidDate: string, remark?: string) => call<Bill>('pay', { id: bill.id, dataVersion: bill.dataVersion, paidDate, remark }),
  invoiceDefaults: (id: string) => call<InvoiceDefaults>('invoice-defaults', { id }),
  invoice: (body: Record<string, unknown>) => call<{ bill: Bill; invoice: Invoice }>('invoice', body),
};

export const billLink = (id: string) => `${BILL_DETAIL_PAGE}?id=${encodeURIComponent(id)}`;
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
