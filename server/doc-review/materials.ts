/**
 * Reading a business record's document materials: the files of each material with the verdict of
 * each segment, and the record's properties. A file without a REVIEW verdict enters the REVIEW
 * stage with the AUDIT stage's (spec 4.2); before that stage its REVIEW verdict is WAIT.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  APPROVE_RESULT,
  REASON_PROPERTY,
  segmentCompletion,
  TASK_SEGMENT,
  type ApproveInfo,
  type ApproveResult,
  type DocFile,
  type DocMaterial,
  type DocMaterialsAnswer,
  type DocProperty,
  type DocPropertyType,
  type SegmentCompletion,
  type TaskSegment,
} from '../../src/features/doc-review/rules';
import type { Tx } from '../db/tx';
import type { Db } from '../db/open';
import { docFileApprovals, docFiles, docMaterials, docProperties } from '../db/schema';

type Reader = Db | Tx;
type ApprovalRow = typeof docFileApprovals.$inferSelect;
type FileRow = typeof docFiles.$inferSelect;

const waiting = (taskSegment: TaskSegment): ApproveInfo => ({
  taskSegment,
  approveResult: APPROVE_RESULT.WAIT,
  approveRemark: null,
  approverName: null,
  approveTime: null,
  fromAudit: false,
});

const infoOf = (row: ApprovalRow, taskSegment: TaskSegment, fromAudit: boolean): ApproveInfo => ({
  taskSegment,
  approveResult: row.approveResult as ApproveResult,
  approveRemark: row.approveRemark,
  approverName: row.approverName,
  approveTime: row.approveTime.toISOString(),
  fromAudit,
});

/** The AUDIT and REVIEW verdicts of a file as `segment` sees them. */
export function approveInfoList(rows: readonly ApprovalRow[], segment: TaskSegment): ApproveInfo[] {
  const audit = rows.find((r) => r.taskSegment === TASK_SEGMENT.AUDIT);
  const review = rows.find((r) => r.taskSegment === TASK_SEGMENT.REVIEW);
  const auditInfo = audit ? infoOf(audit, TASK_SEGMENT.AUDIT, false) : waiting(TASK_SEGMENT.AUDIT);
  let reviewInfo: ApproveInfo;
  if (review) reviewInfo = infoOf(review, TASK_SEGMENT.REVIEW, false);
  else if (segment === TASK_SEGMENT.REVIEW && audit) reviewInfo = infoOf(audit, TASK_SEGMENT.REVIEW, true);
  else reviewInfo = waiting(TASK_SEGMENT.REVIEW);
  return [auditInfo, reviewInfo];
}

export function docFileView(file: FileRow, approvals: readonly ApprovalRow[], segment: TaskSegment): DocFile {
  return {
    docFileId: file.id,
    fileId: file.fileId,
    fileName: file.fileName,
    dataVersion: file.dataVersion,
    extraParams: { ...file.extraParams, id: file.extraParams.id ?? file.id },
    approveInfoList: approveInfoList(
      approvals.filter((a) => a.docFileId === file.id),
      segment,
    ),
  };
}

async function filesOf(db: Reader, businessKey: string) {
  const materials = await db
    .select()
    .from(docMaterials)
    .where(eq(docMaterials.businessKey, businessKey))
    .orderBy(asc(docMaterials.sortOrder), asc(docMaterials.id));
  const materialIds = materials.map((m) => m.id);
  const files = materialIds.length
    ? await db.select().from(docFiles).where(inArray(docFiles.docMaterialId, materialIds)).orderBy(asc(docFiles.sortOrder), asc(docFiles.id))
    : [];
  const fileIds = files.map((f) => f.id);
  const approvals = fileIds.length ? await db.select().from(docFileApprovals).where(inArray(docFileApprovals.docFileId, fileIds)) : [];
  return { materials, files, approvals };
}

const propertyView = (row: typeof docProperties.$inferSelect): DocProperty => ({
  propertyType: row.propertyType as DocPropertyType,
  content: row.content,
  components: row.components,
});

export async function listMaterials(db: Reader, businessKey: string, segment: TaskSegment): Promise<DocMaterialsAnswer> {
  const { materials, files, approvals } = await filesOf(db, businessKey);
  const properties = await db.select().from(docProperties).where(eq(docProperties.businessKey, businessKey)).orderBy(asc(docProperties.propertyType));
  const docMaterialsView: DocMaterial[] = materials.map((m) => ({
    docMaterialId: m.id,
    docFileType: m.docFileType,
    docFiles: files.filter((f) => f.docMaterialId === m.id).map((f) => docFileView(f, approvals, segment)),
  }));
  return { businessKey, taskSegment: segment, docMaterials: docMaterialsView, properties: properties.map(propertyView) };
}

export async function readProperty(db: Reader, businessKey: string, propertyType: DocPropertyType): Promise<DocProperty | undefined> {
  const [row] = await db
    .select()
    .from(docProperties)
    .where(and(eq(docProperties.businessKey, businessKey), eq(docProperties.propertyType, propertyType)));
  return row ? propertyView(row) : undefined;
}

/** Whether `segment` may be passed now: every file decided, and a reason when any did not pass. */
export async function completionOf(db: Reader, businessKey: string, segment: TaskSegment): Promise<SegmentCompletion> {
  const { files, approvals } = await filesOf(db, businessKey);
  const results = files.map(
    (f) =>
      approveInfoList(
        approvals.filter((a) => a.docFileId === f.id),
        segment,
      ).find((i) => i.taskSegment === segment)!.approveResult,
  );
  const reason = await readProperty(db, businessKey, REASON_PROPERTY[segment]);
  return segmentCompletion(segment, results, reason?.content);
}
