/** The financing calls (server/financing/routes.ts) typed for the screens, through the one signed client. */
import { FINANCING_CALLS, type FinancingApplication, type FinancingMaterial, type MaterialKind, type Verdict } from '../../lib/financing';
import { api } from '../../providers/http';

export type { FinancingApplication, FinancingMaterial };

export interface SupplierAccount {
  id: string;
  bankName: string;
  branchName: string | null;
  accountName: string;
  usage: string;
}

export interface ApplicationDetail {
  application: FinancingApplication;
  materials: FinancingMaterial[];
  accounts: SupplierAccount[];
}

export interface StartOptions {
  cores: Array<{ corpId: string; corpName: string; suppliers: Array<{ corpId: string; corpName: string }> }>;
  products: Array<{ prdCode: string; prdName: string; coreCorpName: string | null; financeCorpName: string | null }>;
}

export interface SigningInformation {
  amount?: string | null;
  contactName?: string | null;
  contactMobile?: string | null;
  settlementAccountId?: string | null;
  remark?: string | null;
}

export const financingApi = {
  page: (filters: Record<string, unknown>) => api.post<{ records: FinancingApplication[]; total: number }>(FINANCING_CALLS.page, filters),
  find: (id: string) => api.post<ApplicationDetail>(FINANCING_CALLS.find, { id }),
  ofSupplier: (supplierCorpId: string) => api.post<{ records: FinancingApplication[] }>(FINANCING_CALLS.ofSupplier, { supplierCorpId }),
  options: () => api.post<StartOptions>(FINANCING_CALLS.options, {}),
  start: (supplierCorpId: string, coreCorpId: string, prdCode: string) =>
    api.post<FinancingApplication>(FINANCING_CALLS.start, { supplierCorpId, coreCorpId, prdCode }),
  update: (id: string, dataVersion: number, info: SigningInformation) => api.post<FinancingApplication>(FINANCING_CALLS.update, { id, dataVersion, ...info }),
  submit: (id: string, dataVersion: number) => api.post<{ application: FinancingApplication }>(FINANCING_CALLS.submit, { id, dataVersion }),
  sign: (id: string) => api.post<FinancingApplication>(FINANCING_CALLS.sign, { id }),
  addFiles: (applicationId: string, kind: MaterialKind, fileIds: string[]) =>
    api.post<FinancingMaterial[]>(FINANCING_CALLS.addFiles, { applicationId, kind, fileIds }),
  removeFile: (id: string) => api.post<FinancingMaterial[]>(FINANCING_CALLS.removeFile, { id }),
  verdict: (id: string, verdict: Verdict, dataVersion: number, remark?: string) =>
    api.post<FinancingMaterial>(FINANCING_CALLS.verdict, { id, verdict, dataVersion, remark }),
};

/** The server's message of a refused call (the client's ApiError), or the error's own text. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
