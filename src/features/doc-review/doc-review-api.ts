/** The document review calls as the workspace makes them (README "Document review"). */
import { api } from '../../providers/http';
import {
  DOC_REVIEW_CALLS,
  type ApproveResult,
  type DocFile,
  type DocMaterialsAnswer,
  type DocProperty,
  type SegmentCompletion,
  type TaskSegment,
} from './rules';

export const loadMaterials = (businessKey: string, taskSegment: TaskSegment, signal?: AbortSignal) =>
  api.post<DocMaterialsAnswer>(DOC_REVIEW_CALLS.materials, { businessKey, taskSegment }, { signal });

export const approveFile = (file: Pick<DocFile, 'docFileId' | 'dataVersion'>, taskSegment: TaskSegment, approveResult: ApproveResult, approveRemark: string) =>
  api.post<DocFile>(DOC_REVIEW_CALLS.approve, { docFileId: file.docFileId, dataVersion: file.dataVersion, taskSegment, approveResult, approveRemark });

export const saveReason = (businessKey: string, taskSegment: TaskSegment, content: string) =>
  api.post<DocProperty>(DOC_REVIEW_CALLS.saveReason, { businessKey, taskSegment, content });

export const checkSegment = (businessKey: string, taskSegment: TaskSegment) =>
  api.post<SegmentCompletion & { message: string | null }>(DOC_REVIEW_CALLS.check, { businessKey, taskSegment });
