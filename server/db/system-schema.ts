/**
 * The platform's own tables: tenants (corps), staff and their organisation, roles, menus and their
 * grants, sessions and keys, dictionaries, configuration, reference items and the approval-change
 * records every approvable resource shares. No business area owns them.
 * Every table is re-exported by server/db/schema.ts, which drizzle-kit and the server read.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, foreignKey, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, recordColumns } from './columns';

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

/**
 * One node of the organisation tree. parentId null: a root. A node with children or members cannot be
 * removed (server/admin-structure/orgs.ts); a move cannot put a node under itself or its descendants.
 * The self-reference keeps a parent row from vanishing under its children.
 */
export const sysOrgs = pgTable(
  'sys_orgs',
  {
    id: idColumn(),
    // The self-reference is declared in the extra config below (a column cannot name its own table's type).
    parentId: text('parent_id'),
    orgName: text('org_name').notNull(),
    orgCode: text('org_code').notNull().unique(),
    orderNum: integer('order_num').notNull().default(0),
    leader: text('leader'),
    phone: text('phone'),
    /** Dictionary sys_normal_disable: '0' normal, '1' disabled. */
    status: text('status').notNull().default('0'),
    ...recordColumns(),
  },
  (t) => [index('sys_orgs_parent_idx').on(t.parentId, t.orderNum), foreignKey({ name: 'sys_orgs_parent_fk', columns: [t.parentId], foreignColumns: [t.id] })],
);

/** A position (岗位): the four authorisation positions of spec §6 are seeded under their codes (src/lib/access.ts POSITIONS). */
export const sysPositions = pgTable('sys_positions', {
  id: idColumn(),
  positionCode: text('position_code').notNull().unique(),
  positionName: text('position_name').notNull(),
  orderNum: integer('order_num').notNull().default(0),
  /** Dictionary sys_normal_disable. */
  status: text('status').notNull().default('0'),
  remark: text('remark'),
  ...recordColumns(),
});

/** Who holds which position: staff accounts (issue 20 item 1) write it; a held position cannot be removed. */
export const sysUserPositions = pgTable(
  'sys_user_positions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    positionId: text('position_id')
      .notNull()
      .references(() => sysPositions.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.positionId] }), index('sys_user_positions_position_idx').on(t.positionId)],
);

/**
 * A button under a menu (RuoYi's menu type F): a permission string the role editor offers beside the
 * menu. Seeded from each declared resource's write actions; removed with its menu.
 */
export const menuButtons = pgTable(
  'menu_buttons',
  {
    id: idColumn(),
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    permission: text('permission').notNull(),
    orderNum: integer('order_num').notNull().default(0),
    ...recordColumns(),
  },
  (t) => [uniqueIndex('menu_buttons_menu_permission_uq').on(t.menuId, t.permission)],
);
