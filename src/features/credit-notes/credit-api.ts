/** The credit-note calls (server/credit-notes/routes.ts) typed for the screens, through the one signed client. */
import { CREDIT_NOTE_API, type BatchFigures } from '../../lib/credit-notes';
import type { DocMaterial } from '../doc-review';
import { api } from '../../providers/http';

export interface Application {
  id: string;
  level: string;
  unitId: string;
  unitName: string;
  quotaAccountId: string;
  payeeCorpId: string;
  payeeName: string;
  amount: string;
  dueDate: string;
  productName: string;
  contractNo: string;
  remark: string | null;
  status: string;
  instanceId: string | null;
  batchId: string | null;
  createBy: string | null;
  createTime: string;
}

export interface Batch {
  id: string;
  batchNo: string;
  groupName: string;
  totalAmount: string;
  noteCount: number;
  status: string;
  instanceId: string | null;
  createBy: string | null;
  createTime: string;
}

export interface Note {
  id: string;
  noteNo: string;
  parentId: string | null;
  rootId: string;
  issuerName: string;
  holderCorpId: string;
  holderName: string;
  amount: string;
  issueDate: string;
  dueDate: string;
  productName: string;
  status: string;
  displayStatus: string;
}

export interface Hold {
  id: string;
  noteNo: string;
  kind: string;
  fromName: string | null;
  toName: string;
  amount: string;
  createTime: string;
}

export interface QuotaLine {
  id: string;
  unitName: string;
  grantorName: string;
  /** What the batch holds (frozen while it runs, used once issued) on this account. */
  amount: string;
  /** Null when the figures were not kept (BATCH_FIGURES.notKept). */
  availableBefore: string | null;
  availableAfter: string | null;
  /** When the kept figures were taken (the decision); null for live ones. */
  decidedAt: string | null;
}

export interface BatchDetail {
  batch: Batch;
  totalCapital: string;
  applications: Application[];
  documents: Array<{ applicationId: string; materials: DocMaterial[] }>;
  /** Where the quota figures come from (src/lib/credit-notes.ts BATCH_FIGURES). */
  figures: BatchFigures;
  quotas: QuotaLine[];
  notes: Note[];
}

export interface FormOptions {
  today: string;
  units: Array<{ id: string; unitName: string; groupId: string; accounts: Array<{ id: string; grantorName: string; available: string }> }>;
  members: Array<{ groupId: string; corpId: string; corpName: string }>;
  products: Array<{ id: string; prdName: string; tenorMinDays: number; tenorMaxDays: number; amountMin: string; amountMax: string }>;
}

export interface Page<T> {
  records: T[];
  total: number;
}

const call = <T>(path: string, body: unknown) => api.post<T>(`${CREDIT_NOTE_API}/${path}`, body);

export const creditApi = {
  applications: (filters: Record<string, unknown>) => call<Page<Application>>('applications/page', filters),
  application: (id: string) => call<{ application: Application; materials: { docMaterials: DocMaterial[] } }>('applications/find-by-id', { id }),
  options: (level: string) => call<FormOptions>('applications/options', { level }),
  apply: (body: Record<string, unknown>) => call<{ application: Application; instanceId: string; taskId: string | null }>('applications/add', body),
  generate: (applicationIds: string[]) => call<{ batch: Batch; instanceId: string }>('batches/generate', { applicationIds }),
  batches: (filters: Record<string, unknown>) => call<Page<Batch>>('batches/page', filters),
  batch: (ref: { id: string } | { instanceId: string }) => call<BatchDetail>('batches/find-by-id', ref),
  exportBatch: (id: string) => call<{ id: string }>('batches/export', { id }),
  notes: (filters: Record<string, unknown>) => call<Page<Note>>('notes/page', filters),
  /** The notes page when it was asked for early (main.tsx) and is back (api.ready): the list's first render shows it. */
  readyNotes: (filters: Record<string, unknown>) => api.ready<Page<Note>>(`${CREDIT_NOTE_API}/notes/page`, filters),
  note: (id: string) => call<{ note: Note; chain: Hold[]; tree: Note[] }>('notes/find-by-id', { id }),
  split: (body: Record<string, unknown>) => call<{ children: Note[] }>('notes/split', body),
  suppliers: (exceptCorpId: string) => call<Array<{ id: string; corpName: string }>>('notes/suppliers', { exceptCorpId }),
};

export const CREDIT_PATHS = {
  notes: '/op/issue/notes',
  noteDetail: '/op/issue/notes/detail',
  generate: '/op/issue/group/generate',
  batch: '/op/issue/group/batch',
} as const;
export const noteLink = (id: string) => `${CREDIT_PATHS.noteDetail}?id=${encodeURIComponent(id)}`;
/** A batch's own page: every link to a batch (or to its Process_CREDIT_ISSUE instance from a business page) opens it. */
export const batchLink = (id: string) => `${CREDIT_PATHS.batch}?id=${encodeURIComponent(id)}`;
