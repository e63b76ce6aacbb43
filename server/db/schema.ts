/**
 * The database schema. drizzle-kit generates the SQL migrations in ./migrations from this file
 * (`npm run db:generate`); the same migrations serve PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sysOrgs } from '../resources/admin-structure.table';
import { createdAt, idColumn, recordColumns } from './columns';
import type { MessageRef } from '../i18n';

export const corps = pgTable('corps', {
  corpId: text('corp_id').primaryKey(),
  corpName: text('corp_name').notNull(),
  ...recordColumns(),
});

export const users = pgTable('users', {
  id: idColumn(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  personName: text('person_name').notNull(),
  avatar: text('avatar').notNull().default(''),
  /** 1 normal; 2 first login, must change the initial password (spec 4.1). */
  userStatus: integer('user_status').notNull().default(1),
  /** Comma-separated position codes (spec 3), see POSITIONS in src/lib/access.ts. */
  personPosition: text('person_position').notNull().default(''),
  sensitiveWhitelist: boolean('sensitive_whitelist').notNull().default(false),
  /** '0' enabled, '1' disabled (dictionary sys_normal_disable): a disabled user cannot sign in and has no session (issue 20). */
  status: text('status').notNull().default('0'),
  defaultCorpId: text('default_corp_id').references(() => corps.corpId),
  /**
   * The department of the organisation tree (组织机构) the account belongs to (issue 38 item 5). The
   * server requires one on every create and edit; null only for an account an earlier release made
   * that the upgrade could not place (reported in reference_gaps). The key keeps a department with
   * members from being removed.
   */
  orgId: text('org_id').references((): AnyPgColumn => sysOrgs.id),
  ...recordColumns(),
});

export const userCorps = pgTable(
  'user_corps',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    corpId: text('corp_id')
      .notNull()
      .references(() => corps.corpId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.corpId] })],
);

export const roles = pgTable('roles', {
  pkRole: text('pk_role').primaryKey(),
  code: text('code').notNull().unique(),
  roleName: text('role_name').notNull(),
  /** '0' enabled, '1' disabled (dictionary sys_normal_disable): a disabled role grants nothing (issue 20). */
  status: text('status').notNull().default('0'),
  ...recordColumns(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pkRole: text('pk_role')
      .notNull()
      .references(() => roles.pkRole, { onDelete: 'cascade' }),
  },
  // By role too: a role's save checks the auditors' rules for everyone holding it (server/audit-rules/preventive.ts).
  (t) => [primaryKey({ columns: [t.userId, t.pkRole] }), index('user_roles_role_idx').on(t.pkRole)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    pkRole: text('pk_role')
      .notNull()
      .references(() => roles.pkRole, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pkRole, t.permission] })],
);

export const menus = pgTable(
  'menus',
  {
    id: idColumn(),
    parentId: text('parent_id'),
    menuUri: text('menu_uri').notNull().unique(),
    title: text('title').notNull(),
    /** Top-level: absolute ('/op/system'); nested: relative to the parent ('dict'). */
    path: text('path').notNull(),
    /** 'Layout', 'ParentView' or a page path such as '/op/system/dict/index'. */
    component: text('component').notNull(),
    /** Route name when the spec fixes one (data-dashboard-query); otherwise derived from menuUri. */
    routeName: text('route_name'),
    icon: text('icon').notNull().default(''),
    orderNum: integer('order_num').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    redirect: text('redirect'),
    alwaysShow: boolean('always_show').notNull().default(false),
    noCache: boolean('no_cache').notNull().default(false),
    /** The permission string the page's calls need (RuoYi's perms): what the role editor grants with the menu. */
    permission: text('permission'),
    ...recordColumns(),
  },
  (t) => [index('menus_parent_idx').on(t.parentId)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    pkRole: text('pk_role')
      .notNull()
      .references(() => roles.pkRole, { onDelete: 'cascade' }),
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pkRole, t.menuId] })],
);

/**
 * The reference items (roles, grants, menus, dictionaries, configs) the code declared and the
 * database already received, one row each, kept after an operator edits or removes the item: at
 * every start only the declared items missing here are added (server/db/reference.ts), so an edit
 * stays and a removal is not undone. kind: role, rolePermission, menu, roleMenu, dictType, dictData,
 * config; key: the item's natural key (a menuUri, "pkRole|permission", "dictType|dictValue").
 */
export const referenceItems = pgTable(
  'reference_items',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    appliedAt: createdAt('applied_at'),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the auth token: a leaked table does not yield usable tokens. */
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    wsToken: text('ws_token').notNull(),
    corpId: text('corp_id').references(() => corps.corpId),
    createdAt: createdAt('created_at'),
    lastSeenAt: createdAt('last_seen_at'),
    /** Names the session on the online-sessions page (issue 20), where the token's hash must not appear. */
    sessionId: text('session_id')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()::text`),
    /** Where the sign-in came from (Fastify's request.ip) and its browser, for the online-sessions page. */
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const rsaKeys = pgTable('rsa_keys', {
  id: text('id').primaryKey(),
  publicKeyPem: text('public_key_pem').notNull(),
  privateKeyPem: text('private_key_pem').notNull(),
  createdAt: createdAt('created_at'),
});

export const sysDictTypes = pgTable('sys_dict_type', {
  id: idColumn(),
  dictName: text('dict_name').notNull(),
  dictType: text('dict_type').notNull().unique(),
  status: text('status').notNull().default('0'),
  remark: text('remark'),
  ...recordColumns(),
});

export const sysDictData = pgTable(
  'sys_dict_data',
  {
    id: idColumn(),
    dictType: text('dict_type').notNull(),
    dictLabel: text('dict_label').notNull(),
    dictValue: text('dict_value').notNull(),
    dictSort: integer('dict_sort').notNull().default(0),
    isShow: boolean('is_show').notNull().default(true),
    /** antd tag colour: success, error, processing, warning, default. */
    listClass: text('list_class').notNull().default('default'),
    status: text('status').notNull().default('0'),
    remark: text('remark'),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('sys_dict_data_type_value_uq').on(t.dictType, t.dictValue),
    // list-by-dict-type and the page call's default order read a type's items in dictSort order.
    index('sys_dict_data_type_sort_idx').on(t.dictType, t.dictSort),
    // The label's contains filter is ILIKE '%x%': a trigram index serves it for terms of 3+ characters
    // (bench/server.ts: p95 from about 80 ms to a few ms over 100,000 items); shorter terms scan.
    // fastupdate off: PGlite runs no autovacuum, so GIN's pending list would grow with every insert
    // and every search would read it through; dictionary items are written rarely.
    index('sys_dict_data_label_trgm_idx')
      .using('gin', sql`${t.dictLabel} gin_trgm_ops`)
      .with({ fastupdate: 'off' }),
  ],
);

export const sysConfigs = pgTable('sys_config', {
  id: idColumn(),
  configName: text('config_name').notNull(),
  configKey: text('config_key').notNull().unique(),
  configValue: text('config_value').notNull(),
  /** 'Y' built in (cannot be removed), 'N' user defined; labels from dictionary sys_yes_no. */
  configType: text('config_type').notNull().default('N'),
  remark: text('remark'),
  ...recordColumns(),
});

/** One export of a filtered list (spec §7 export records): made PROCESSING, finished by an in-process job. */
export const fileExportRecords = pgTable(
  'file_export_records',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The resource declaration's name, e.g. dict-types. */
    resourceName: text('resource_name').notNull(),
    fileName: text('file_name').notNull(),
    /** PROCESSING, SUCCESS or FAILURE; labels from dictionary export_status. */
    status: text('status').notNull().default('PROCESSING'),
    rowCount: integer('row_count'),
    message: text('message'),
    /** Where the .xlsx lies under the data folder; never sent to the browser. */
    filePath: text('file_path'),
    /** null until the user has seen the record: the navbar's badge counts these. */
    readAt: timestamp('read_at', { withTimezone: true }),
    ...recordColumns(),
  },
  (t) => [index('file_export_records_user_idx').on(t.userId, t.createTime)],
);

/**
 * A running or ended approval (src/workflows/registry.ts names its process and steps). Who started
 * and who acted are kept as snapshots (id, username, name), so history outlives account changes.
 */
export const workflowInstances = pgTable(
  'workflow_instances',
  {
    id: idColumn(),
    processKey: text('process_key').notNull(),
    businessKey: text('business_key').notNull(),
    businessType: text('business_type'),
    summary: text('summary'),
    /** The record's own number or name (a batch number, a corporation's name), from its process's summary rule: what the task views show as 业务编号 instead of the key. */
    businessNo: text('business_no'),
    /**
     * The summary and number as their locale key and values (server/i18n.ts MessageRef), rendered in
     * each reader's language; summary and business_no keep the zh-CN text (searchable, and what an
     * instance written before keys were kept shows). Null for a summary given as text.
     */
    summaryRef: jsonb('summary_ref').$type<MessageRef>(),
    businessNoRef: jsonb('business_no_ref').$type<MessageRef>(),
    /** Values the process branches on (e.g. issuance's finalApproveMode). */
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    /** RUNNING, APPROVED or REJECTED. */
    status: text('status').notNull().default('RUNNING'),
    /** The step of the open task; null once the instance has ended. */
    currentActivity: text('current_activity'),
    startUserId: text('start_user_id').notNull(),
    startUsername: text('start_username').notNull(),
    startPersonName: text('start_person_name').notNull(),
    endTime: timestamp('end_time', { withTimezone: true }),
    ...recordColumns(),
  },
  (t) => [
    // One approval at a time per business record and process.
    uniqueIndex('workflow_instances_running_uq')
      .on(t.processKey, t.businessKey)
      .where(sql`${t.status} = 'RUNNING'`),
    index('workflow_instances_business_idx').on(t.businessKey),
    index('workflow_instances_starter_idx').on(t.startUserId, t.createTime),
    // The instances list's own order (newest first, then id): its first and deep pages walk this index (issue 42).
    index('workflow_instances_order_idx').on(t.createTime.desc().nullsFirst(), t.id),
    // The dashboard's last 30 days: the rows of the one partial quarter hour beside workflow_end_bins (schema-dashboard.ts).
    index('workflow_instances_end_idx').on(t.endTime),
  ],
);

/** One step of an instance to be worked (TODO) or worked (DONE); dataVersion guards completion. */
export const workflowTasks = pgTable(
  'workflow_tasks',
  {
    id: idColumn(),
    instanceId: text('instance_id')
      .notNull()
      .references(() => workflowInstances.id, { onDelete: 'cascade' }),
    processKey: text('process_key').notNull(),
    taskDefinitionKey: text('task_definition_key').notNull(),
    activityType: text('activity_type').notNull(),
    /** handler or director: who may claim and complete it. */
    workingRole: text('working_role').notNull(),
    /** TODO or DONE. */
    status: text('status').notNull().default('TODO'),
    assigneeId: text('assignee_id'),
    assigneeName: text('assignee_name'),
    claimTime: timestamp('claim_time', { withTimezone: true }),
    /** PASS or REJECT once DONE. */
    outcome: text('outcome'),
    remark: text('remark'),
    completeTime: timestamp('complete_time', { withTimezone: true }),
    ...recordColumns(),
  },
  (t) => [
    // An instance has at most one open task: a second transition cannot slip in beside the first.
    uniqueIndex('workflow_tasks_open_uq')
      .on(t.instanceId)
      .where(sql`${t.status} = 'TODO'`),
    // The to-do list's order among open tasks (newest first, then id): its first page walks this index, whatever working roles the
    // actor holds (a role in the key would order by role first), and stops at the page (issue 42).
    index('workflow_tasks_todo_idx').on(t.status, t.createTime.desc().nullsFirst(), t.id),
    index('workflow_tasks_assignee_idx').on(t.assigneeId, t.status, t.completeTime),
  ],
);

/** Everything done to an instance, in order: who, when, which step, what, with which remark. */
export const workflowHistory = pgTable(
  'workflow_history',
  {
    id: idColumn(),
    /** Insertion order: entries written in one transaction share create_time. */
    seq: integer('seq').notNull().generatedAlwaysAsIdentity(),
    instanceId: text('instance_id')
      .notNull()
      .references(() => workflowInstances.id, { onDelete: 'cascade' }),
    taskId: text('task_id').notNull(),
    taskDefinitionKey: text('task_definition_key').notNull(),
    activityType: text('activity_type').notNull(),
    /** START, CLAIM, PASS or REJECT. */
    action: text('action').notNull(),
    userId: text('user_id').notNull(),
    username: text('username').notNull(),
    personName: text('person_name').notNull(),
    remark: text('remark'),
    createTime: createdAt('create_time'),
  },
  (t) => [index('workflow_history_instance_idx').on(t.instanceId, t.seq)],
);

/**
 * SMS sign codes (spec 4.3, 5.2): only a hash of the code is kept. A code belongs to the user who
 * asked for it and to one signing scope (businessType, productType, businessKeys).
 */
export const smsSignCodes = pgTable(
  'sms_sign_codes',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: text('person_id'),
    corpId: text('corp_id'),
    businessType: text('business_type').notNull(),
    productType: text('product_type').notNull(),
    /** The business keys sorted and joined: the scope the code signs. */
    businessKeys: text('business_keys').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** PENDING, VERIFIED or LOCKED. */
    status: text('status').notNull().default('PENDING'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the right code was entered: a signed task step needs this within the code's validity. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    dataVersion: integer('data_version').notNull().default(0),
  },
  (t) => [index('sms_sign_codes_user_idx').on(t.userId, t.sentAt)],
);

/**
 * Stored files (spec §3 file references): the bytes lie under DATA_DIR/files/<id>, never named by
 * the client. Only files flagged public (the logo, the favicon) are served without a session.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: idColumn(),
    originalName: text('original_name').notNull(),
    /** Decided by sniffing the content, never taken from the client. */
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    /** null for the built-in files the server provides itself. */
    uploaderId: text('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    createTime: createdAt('create_time'),
  },
  (t) => [index('stored_files_uploader_idx').on(t.uploaderId)],
);

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

/**
 * Symmetric keys that encrypt values at rest (the real-name record's ID card, mobile and bank
 * account): made on first use, kept here so restarts and other instances read the same key.
 */
export const dataKeys = pgTable('data_keys', {
  id: text('id').primaryKey(),
  /** base64 of the raw key; never logged, never answered. */
  keyMaterial: text('key_material').notNull(),
  createTime: createdAt('create_time'),
});

/**
 * Real-name admission records (Process_CORP_ADMIT, src/lib/realname.ts). The sensitive values are
 * held only as AES-GCM ciphertext (server/sensitive/cipher.ts); status follows the approval step.
 */
export const realnameRecords = pgTable(
  'realname_records',
  {
    id: idColumn(),
    corpName: text('corp_name').notNull(),
    creditCode: text('credit_code'),
    legalPersonName: text('legal_person_name'),
    idCardCipher: text('id_card_cipher'),
    mobilePhoneCipher: text('mobile_phone_cipher'),
    bankCardCipher: text('bank_card_cipher'),
    licenceFileId: text('licence_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    status: text('status').notNull(),
    /** The latest approval instance, running or ended. */
    instanceId: text('instance_id').references(() => workflowInstances.id, { onDelete: 'set null' }),
    rejectRemark: text('reject_remark'),
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    ...recordColumns(),
  },
  (t) => [index('realname_records_status_idx').on(t.status, t.createTime), index('realname_records_corp_name_idx').on(t.corpName)],
);

/**
 * Certificates (spec 2.3 证书管理). Status codes are src/lib/certificates.ts CERT_STATUS (dictionary
 * cert_status); serial, issuer and validity are null until the first application is approved.
 * Validity dates are calendar days.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: idColumn(),
    holderCorpName: text('holder_corp_name').notNull(),
    /** The holder's unified social credit code. */
    holderCorpId: text('holder_corp_id').notNull(),
    serialNo: text('serial_no').unique(),
    issuer: text('issuer'),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    status: text('status').notNull(),
    /** A code of dictionary invoice_type. */
    invoiceType: text('invoice_type'),
    ...recordColumns(),
  },
  (t) => [index('certificates_status_valid_to_idx').on(t.status, t.validTo), index('certificates_create_time_idx').on(t.createTime)],
);

/** One create, renewal or reopening of a certificate, approved through its workflow instance. */
export const certificateApplications = pgTable(
  'certificate_applications',
  {
    id: idColumn(),
    certificateId: text('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    /** CREATE, RENEWAL or REOPEN. */
    kind: text('kind').notNull(),
    /** Asked for by a create only; renewals and reopenings keep the certificate's start. */
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    invoiceType: text('invoice_type'),
    remark: text('remark'),
    /** The certificate's status before the application, restored when it is withdrawn. */
    previousStatus: text('previous_status').notNull(),
    instanceId: text('instance_id'),
    /** RUNNING, APPROVED or REJECTED, as its instance. */
    status: text('status').notNull().default('RUNNING'),
    ...recordColumns(),
  },
  (t) => [
    // One running application per certificate.
    uniqueIndex('certificate_applications_running_uq')
      .on(t.certificateId)
      .where(sql`${t.status} = 'RUNNING'`),
    index('certificate_applications_certificate_idx').on(t.certificateId, t.createTime),
  ],
);

/**
 * News (新闻动态) and platform notices (平台公告): the same shape, two tables. `content` is HTML as
 * the shared policy (src/lib/html-policy.ts) leaves it when saved; its images and the cover name
 * stored files by id. `status` holds content_status codes (DRAFT, PUBLISHED, OFFLINE), changed only
 * by the publish / unpublish actions; only a published item can be pinned.
 */
const contentTable = (name: string) =>
  pgTable(
    name,
    {
      id: idColumn(),
      title: text('title').notNull(),
      summary: text('summary'),
      coverFileId: text('cover_file_id'),
      content: text('content').notNull(),
      author: text('author'),
      status: text('status').notNull().default('DRAFT'),
      pinned: boolean('pinned').notNull().default(false),
      pinTime: timestamp('pin_time', { withTimezone: true }),
      publishTime: timestamp('publish_time', { withTimezone: true }),
      ...recordColumns(),
    },
    // The list's default order: pinned first, the latest pin first among them, then the newest.
    (t) => [index(`${name}_order_idx`).on(t.pinned, t.pinTime, t.createTime)],
  );

export const news = contentTable('content_news');
export const notices = contentTable('content_notice');
export * from './schema-shared-state';

export { operationLogs } from './schema-operation-log';

/**
 * Corporations (DOMAIN.md "The parties"): codes of src/lib/corporations.ts. Sensitive values
 * (legalPersonIdCard, managerMobile, and a bank account's accountNo) are sealed at rest by the kit's
 * `sensitive` fields (server/sensitive), never stored in the clear. The real-name status is the linked
 * real-name admission's, read through realnameRecordId, not copied.
 */
export const corporations = pgTable(
  'corporations',
  {
    id: idColumn(),
    corpName: text('corp_name').notNull(),
    creditCode: text('credit_code').notNull().unique(),
    corpTypes: text('corp_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    legalPersonName: text('legal_person_name'),
    legalPersonIdCard: text('legal_person_id_card'),
    managerName: text('manager_name'),
    managerMobile: text('manager_mobile'),
    registeredAddress: text('registered_address'),
    realnameRecordId: text('realname_record_id').references(() => realnameRecords.id, { onDelete: 'set null' }),
    admissionStatus: text('admission_status').notNull().default('NOT_APPLIED'),
    ...recordColumns(),
  },
  (t) => [
    index('corporations_name_idx').on(t.corpName),
    index('corporations_order_idx').on(t.createTime),
    // A name contained in a corporation's name (the group tree's search, the list's name filter), among 100,000 corporations.
    index('corporations_name_trgm_idx')
      .using('gin', sql`${t.corpName} gin_trgm_ops`)
      .with({ fastupdate: 'off' }),
  ],
);

export const corpBankAccounts = pgTable(
  'corp_bank_accounts',
  {
    id: idColumn(),
    corpId: text('corp_id')
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    bankName: text('bank_name').notNull(),
    branchName: text('branch_name'),
    accountName: text('account_name').notNull(),
    accountNo: text('account_no').notNull(),
    usage: text('usage').notNull().default('GENERAL'),
    ...recordColumns(),
  },
  (t) => [index('corp_bank_accounts_corp_idx').on(t.corpId, t.createTime)],
);

/**
 * One verification attempt of a corporation (identity, company, bank account, address) and its state.
 * A bank-account verification holds the micro payment (numeric yuan) and the wrong confirmations so far.
 */
export const corpVerifications = pgTable(
  'corp_verifications',
  {
    id: idColumn(),
    corpId: text('corp_id')
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    bankAccountId: text('bank_account_id').references(() => corpBankAccounts.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    paidAmount: numeric('paid_amount', { precision: 4, scale: 2 }),
    attempts: integer('attempts').notNull().default(0),
    failReason: text('fail_reason'),
    ...recordColumns(),
  },
  (t) => [index('corp_verifications_corp_idx').on(t.corpId, t.kind, t.createTime)],
);

/**
 * The group tree (企业集团树): a group's units under it and the suppliers attached to it as member
 * customers. `groupId` is the root of the unit's tree (a group's own id), so a move cannot leave it.
 * A unit stands either for a corporation (`corpId`: its name is the corporation's current one, read by
 * join through server/corporations/unit-name.ts, never copied, so a renaming shows at once) or for a
 * part of the group with no corporation of its own (`ownName`); the check holds exactly one of them.
 */
export const groupUnits = pgTable(
  'group_units',
  {
    id: idColumn(),
    groupId: text('group_id').notNull(),
    parentId: text('parent_id'),
    kind: text('kind').notNull(),
    ownName: text('unit_name'),
    corpId: text('corp_id').references(() => corporations.id, { onDelete: 'restrict' }),
    sortOrder: integer('sort_order').notNull().default(0),
    ...recordColumns(),
  },
  (t) => [
    index('group_units_parent_idx').on(t.parentId, t.sortOrder),
    uniqueIndex('group_units_group_corp_uq').on(t.groupId, t.corpId),
    // The tree's search by name (issue 42): the units of the corporations whose name matches, and own names containing the keyword.
    index('group_units_corp_idx').on(t.corpId),
    index('group_units_name_trgm_idx')
      .using('gin', sql`${t.ownName} gin_trgm_ops`)
      .with({ fastupdate: 'off' }),
    check('group_units_name_ck', sql`(${t.corpId} IS NULL) <> (${t.ownName} IS NULL)`),
  ],
);

/**
 * What a migration could not map when it turned a copied name into a reference: the row stays (with
 * its key kept but unchecked, or its name now read from the record referenced) and is listed here
 * with the name it held, so an operator can repair it. Written only by migrations.
 */
export const referenceGaps = pgTable('reference_gaps', {
  id: idColumn(),
  migration: text('migration').notNull(),
  tableName: text('table_name').notNull(),
  rowId: text('row_id').notNull(),
  columnName: text('column_name').notNull(),
  /** The id or code that names nothing, or the reference the row now reads its name from. */
  value: text('value'),
  /** The name the row held before the migration. */
  nameThen: text('name_then'),
  note: text('note').notNull(),
  createTime: createdAt('create_time'),
});

/**
 * The changes of approvable resources (src/crud/resource.ts `approval`): what a save proposed, held
 * here until the instance that approves it ends. `proposed` holds the new values (a creation: every
 * value; an update: the fields that change), `previous` the values they replace when proposed. Only
 * the RUNNING change an instance carries (`instanceId`) is applied, and only when it ends approved.
 */
export const approvalChanges = pgTable(
  'approval_changes',
  {
    id: idColumn(),
    /** The resource declaration's name: what the change is rendered and applied through. */
    resource: text('resource').notNull(),
    /**
     * The record's scope (CrudOptions.approvalScope, by default the resource): declarations that change
     * parts of one table share it, so a record has one pending change and one history across them.
     */
    scope: text('scope').notNull(),
    /** The record changed; for a creation, the id the record gets when approved. */
    recordId: text('record_id').notNull(),
    /** create or update. */
    action: text('action').notNull(),
    processKey: text('process_key').notNull(),
    instanceId: text('instance_id'),
    proposed: jsonb('proposed').$type<Record<string, unknown>>().notNull(),
    previous: jsonb('previous').$type<Record<string, unknown>>().notNull().default({}),
    /** RUNNING, APPROVED or REJECTED, as the instance ends. */
    status: text('status').notNull().default('RUNNING'),
    endTime: timestamp('end_time', { withTimezone: true }),
    ...recordColumns(),
  },
  (t) => [
    // One pending change per record: a second save while one runs is refused.
    uniqueIndex('approval_changes_running_uq')
      .on(t.scope, t.recordId)
      .where(sql`${t.status} = 'RUNNING'`),
    index('approval_changes_record_idx').on(t.scope, t.recordId, t.createTime),
    index('approval_changes_instance_idx').on(t.instanceId),
  ],
);

export { agreementTemplates, agreements, pricePolicies, productTemplateVersions, products, referenceMappingReport } from './schema-products';
export { loginLocks, loginLogs } from './schema-login';
export * from './schema-quotas';
export * from './schema-credit-notes';
export * from './schema-abs';
export * from './schema-financing';
export * from './schema-messages';
export * from './schema-help';
export * from './schema-hotline';
export * from './schema-redemption';
export * from './schema-bills';
export * from './schema-audit-rules';
export * from './schema-dashboard';
