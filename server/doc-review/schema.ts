/**
 * Document review's tables (issue 6, item 5): materials, their files, each file's approvals and properties.
 * Every table is re-exported by server/db/schema.ts, which drizzle-kit and the server read.
 */
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, recordColumns } from '../db/columns';
import { storedFiles } from '../files/schema';

/**
 * Document review (spec §3 "Document material", §4.2): the materials of a business record
 * (businessKey), grouped by docFileType (dictionary doc_file_type).
 */
export const docMaterials = pgTable(
  'doc_materials',
  {
    id: idColumn(),
    businessKey: text('business_key').notNull(),
    docFileType: text('doc_file_type').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    ...recordColumns(),
  },
  (t) => [index('doc_materials_business_idx').on(t.businessKey, t.sortOrder)],
);

/** A file of a material; dataVersion guards its approvals, so two reviewers cannot overwrite each other. */
export const docFiles = pgTable(
  'doc_files',
  {
    id: idColumn(),
    docMaterialId: text('doc_material_id')
      .notNull()
      .references(() => docMaterials.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => storedFiles.id),
    fileName: text('file_name').notNull(),
    /** What the originating system knows the file by ({id, ...}). */
    extraParams: jsonb('extra_params').$type<Record<string, string>>().notNull().default({}),
    sortOrder: integer('sort_order').notNull().default(0),
    ...recordColumns(),
  },
  (t) => [index('doc_files_material_idx').on(t.docMaterialId, t.sortOrder)],
);

/** One reviewer's verdict on a file in one segment (AUDIT or REVIEW); a file has at most one per segment. */
export const docFileApprovals = pgTable(
  'doc_file_approvals',
  {
    id: idColumn(),
    docFileId: text('doc_file_id')
      .notNull()
      .references(() => docFiles.id, { onDelete: 'cascade' }),
    taskSegment: text('task_segment').notNull(),
    /** PASS, NOPASS or WAIT. */
    approveResult: text('approve_result').notNull(),
    approveRemark: text('approve_remark'),
    approverId: text('approver_id').notNull(),
    approverName: text('approver_name').notNull(),
    approveTime: createdAt('approve_time'),
  },
  (t) => [uniqueIndex('doc_file_approvals_segment_uq').on(t.docFileId, t.taskSegment)],
);

/**
 * Properties of a business record's review: the free-text reason of each segment (DOC_AUDIT_REASON,
 * DOC_REVIEW_REASON) and the DATA_PERMISSION components ([{busiKey, componentName}]).
 */
export const docProperties = pgTable(
  'doc_properties',
  {
    id: idColumn(),
    businessKey: text('business_key').notNull(),
    propertyType: text('property_type').notNull(),
    content: text('content'),
    components: jsonb('components').$type<Array<{ busiKey: string; componentName: string }>>().notNull().default([]),
    ...recordColumns(),
  },
  (t) => [uniqueIndex('doc_properties_type_uq').on(t.businessKey, t.propertyType)],
);
