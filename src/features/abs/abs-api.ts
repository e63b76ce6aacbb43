/** The securitisation calls (server/abs) typed for the screens, through the one signed client. */
import { ABS_API, ZD_API } from '../../lib/abs';
import { api } from '../../providers/http';

export interface Page<T> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface PoolNoteView {
  id: string;
  noteNo: string;
  amount: string;
  dueDate: string;
  status: string;
  debtorId: string;
  debtorName: string;
  holderName: string;
  productName: string;
  packageId: string | null;
  /** Candidates only: the rule the note itself breaks for the package now (it cannot join), or null. */
  refusal?: string | null;
  /** Candidates only: the pool's cap, were this note added alone (notes of other debtors added with it may make it hold). */
  poolWarning?: string | null;
}

export interface AssetPackage {
  id: string;
  packageNo: string;
  packageName: string;
  programme: string;
  minTenorDays: number;
  maxTenorDays: number;
  maxDebtorShare: string;
  targetSize: string;
  status: string;
  materialInstanceId: string | null;
  dataVersion: number;
  createTime: string;
  noteCount?: number;
  poolTotal?: string;
}

export interface PackageDetail extends AssetPackage {
  notes: PoolNoteView[];
  figures: {
    noteCount: number;
    total: string;
    weightedTenorDays: string;
    topShare: string;
    concentration: Array<{ debtorId: string; debtorName: string; amount: string; noteCount: number; share: string }>;
  };
  materialStatus: string | null;
  today: string;
}

export interface IssueNodeView {
  id: string | null;
  node: string;
  nodeDate: string | null;
  remark: string | null;
  documents: Array<{ fileId: string; fileName: string }>;
}

export interface Registration {
  id: string;
  registrationNo: string;
  registrationType: string;
  transferorId: string;
  transferorName: string;
  transfereeId: string;
  transfereeName: string;
  subjectKind: string;
  packageId: string | null;
  amount: string;
  periodYears: number;
  startDate: string;
  expireDate: string;
  description: string;
  status: string;
  certificateFileId: string | null;
  dataVersion: number;
  daysLeft: number;
  expiringSoon: boolean;
  createTime: string;
}

export interface RegistrationDetail extends Registration {
  notes: Array<{ id: string; noteNo: string; amount: string; dueDate: string; status: string; holderName: string; issuerName: string }>;
  history: Array<{
    id: string;
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown>;
    receiptNo: string;
    certificateFileId: string | null;
    remark: string | null;
    createTime: string;
    createBy: string | null;
    createByName: string | null;
  }>;
  package: { packageNo: string; packageName: string } | null;
}

export interface RegistrationSubjects {
  notes: Array<{ id: string; noteNo: string; amount: string; holderName: string; status: string }>;
  packages: Array<{ id: string; packageNo: string; packageName: string; status: string }>;
  parties: Array<{ id: string; name: string }>;
}

const pkg = (path: string) => `${ABS_API}/packages/${path}`;

export const absApi = {
  packages: (body: Record<string, unknown>) => api.post<Page<AssetPackage>>(pkg('page'), body),
  package: (id: string) => api.post<PackageDetail>(pkg('find-by-id'), { id }),
  createPackage: (body: Record<string, unknown>) => api.post<AssetPackage>(pkg('save'), body),
  candidates: (body: Record<string, unknown>) => api.post<Page<PoolNoteView>>(pkg('candidates'), body),
  addNotes: (id: string, noteIds: string[]) => api.post<AssetPackage>(pkg('add-notes'), { id, noteIds }),
  removeNote: (id: string, noteId: string) => api.post<AssetPackage>(pkg('remove-note'), { id, noteId }),
  move: (action: 'lock' | 'issue' | 'settle', p: { id: string; dataVersion: number }) =>
    api.post<AssetPackage>(pkg(action), { id: p.id, dataVersion: p.dataVersion }),
  startReview: (id: string, documents: Array<{ fileId: string; docFileType: string }>) =>
    api.post<{ instanceId: string; taskId: string | null }>(pkg('start-review'), { id, documents }),
  nodes: (packageId: string) => api.post<IssueNodeView[]>(`${ABS_API}/issue-nodes/list`, { packageId }),
  saveNode: (body: Record<string, unknown>) => api.post<IssueNodeView>(`${ABS_API}/issue-nodes/save`, body),
  registrations: (body: Record<string, unknown>) => api.post<Page<Registration>>(`${ZD_API}/page`, body),
  registration: (id: string) => api.post<RegistrationDetail>(`${ZD_API}/find-by-id`, { id }),
  subjects: (noteNo?: string) => api.post<RegistrationSubjects>(`${ZD_API}/subjects`, noteNo ? { noteNo } : {}),
  register: (body: Record<string, unknown>) => api.post<Registration>(`${ZD_API}/register`, body),
  act: (action: 'amend' | 'extend' | 'cancel', body: Record<string, unknown>) => api.post<Registration>(`${ZD_API}/${action}`, body),
};
