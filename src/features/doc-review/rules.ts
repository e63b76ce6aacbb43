/**
 * Document review (spec §3 "Document material", §4.2): the codes, the calls, which workflow step is
 * which segment and when a segment may be passed. Pure, read by the workspace component and by the
 * server (server/doc-review), so the two never disagree about a rule.
 */
import { workingRoleOf } from '../../workflows/activities';
import { findActivity, findProcessDefinition, PROCESS_KEYS, TASK_COMPONENT } from '../../workflows/registry';

export const TASK_SEGMENT = { AUDIT: 'AUDIT', REVIEW: 'REVIEW' } as const;
export type TaskSegment = (typeof TASK_SEGMENT)[keyof typeof TASK_SEGMENT];
export const TASK_SEGMENTS: readonly TaskSegment[] = [TASK_SEGMENT.AUDIT, TASK_SEGMENT.REVIEW];

export const APPROVE_RESULT = { PASS: 'PASS', NOPASS: 'NOPASS', WAIT: 'WAIT' } as const;
export type ApproveResult = (typeof APPROVE_RESULT)[keyof typeof APPROVE_RESULT];
/** What a reviewer may set; WAIT is only the state before anyone decided. */
export const DECIDED_RESULTS = [APPROVE_RESULT.PASS, APPROVE_RESULT.NOPASS] as const;

/** Tag colours of spec 4.2: green PASS, red NOPASS; WAIT is grey. */
export const APPROVE_RESULT_COLOR: Record<ApproveResult, 'success' | 'error' | 'default'> = {
  PASS: 'success',
  NOPASS: 'error',
  WAIT: 'default',
};

export const DOC_PROPERTY_TYPE = {
  AUDIT_REASON: 'DOC_AUDIT_REASON',
  REVIEW_REASON: 'DOC_REVIEW_REASON',
  DATA_PERMISSION: 'DATA_PERMISSION',
} as const;
export type DocPropertyType = (typeof DOC_PROPERTY_TYPE)[keyof typeof DOC_PROPERTY_TYPE];

/** The free-text reason each segment fills when it does not pass a file. */
export const REASON_PROPERTY: Record<TaskSegment, DocPropertyType> = {
  AUDIT: DOC_PROPERTY_TYPE.AUDIT_REASON,
  REVIEW: DOC_PROPERTY_TYPE.REVIEW_REASON,
};

/** The dictionary that labels docFileType (BUSI_CONTRACT 商务合同, INVOICE 发票, ...). */
export const DOC_FILE_TYPE_DICT = 'doc_file_type';

export const MAX_APPROVE_REMARK = 500;
export const MAX_REASON = 1000;

export const DOC_REVIEW_API = '/op/v1/doc-review';
export const DOC_REVIEW_CALLS = {
  materials: `${DOC_REVIEW_API}/materials/list`,
  approve: `${DOC_REVIEW_API}/files/approve`,
  saveReason: `${DOC_REVIEW_API}/properties/save-reason`,
  check: `${DOC_REVIEW_API}/segment/check`,
} as const;

/** The processes whose task view is the document review workspace. */
export const DOC_REVIEW_PROCESS_KEYS: readonly string[] = PROCESS_KEYS.filter((key) => findProcessDefinition(key)?.component === TASK_COMPONENT.DOC_REVIEW);

/**
 * The segment a step works: the handler's first step audits (AUDIT), a director's step reviews
 * (REVIEW); any other step, or a process that is not a document review, works none.
 */
export function segmentOfStep(processKey: string, activityKey: string | null): TaskSegment | undefined {
  const definition = findProcessDefinition(processKey);
  if (!definition || !activityKey || !DOC_REVIEW_PROCESS_KEYS.includes(processKey)) return undefined;
  if (activityKey === definition.startActivity) return TASK_SEGMENT.AUDIT;
  const activity = findActivity(definition, activityKey);
  return activity && workingRoleOf(activity.type) === 'director' ? TASK_SEGMENT.REVIEW : undefined;
}

/** One segment's verdict on a file; `fromAudit` marks a REVIEW verdict not yet given, shown as the AUDIT stage left it. */
export interface ApproveInfo {
  taskSegment: TaskSegment;
  approveResult: ApproveResult;
  approveRemark: string | null;
  approverName: string | null;
  approveTime: string | null;
  fromAudit: boolean;
}

export interface DocFile {
  docFileId: string;
  /** The stored file (FilePreview's id). */
  fileId: string;
  fileName: string;
  dataVersion: number;
  extraParams: Record<string, string>;
  /** AUDIT first, then REVIEW. */
  approveInfoList: ApproveInfo[];
}

export interface DocMaterial {
  docMaterialId: string;
  docFileType: string;
  docFiles: DocFile[];
}

export interface DataPermissionComponent {
  busiKey: string;
  componentName: string;
}

export interface DocProperty {
  propertyType: DocPropertyType;
  content: string | null;
  components: DataPermissionComponent[];
}

/** What materials/list answers. */
export interface DocMaterialsAnswer {
  businessKey: string;
  taskSegment: TaskSegment;
  docMaterials: DocMaterial[];
  properties: DocProperty[];
}

/** Where a segment stands: it may be passed when nothing waits and any NOPASS is explained. */
export interface SegmentCompletion {
  taskSegment: TaskSegment;
  fileCount: number;
  waitCount: number;
  noPassCount: number;
  reasonMissing: boolean;
  complete: boolean;
}

export function segmentCompletion(taskSegment: TaskSegment, results: readonly ApproveResult[], reason: string | null | undefined): SegmentCompletion {
  const waitCount = results.filter((r) => r === APPROVE_RESULT.WAIT).length;
  const noPassCount = results.filter((r) => r === APPROVE_RESULT.NOPASS).length;
  const reasonMissing = noPassCount > 0 && !reason?.trim();
  return { taskSegment, fileCount: results.length, waitCount, noPassCount, reasonMissing, complete: waitCount === 0 && !reasonMissing };
}

/** The verdict of a segment on a file, as shown and as counted. */
export function approveInfoOf(file: Pick<DocFile, 'approveInfoList'>, segment: TaskSegment): ApproveInfo | undefined {
  return file.approveInfoList.find((info) => info.taskSegment === segment);
}
