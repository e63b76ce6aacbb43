/**
 * The database schema. drizzle-kit generates the SQL migrations in ./migrations from this file
 * (`npm run db:generate`); the same migrations serve PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** Columns every business record carries (PROTOCOL.md §7): optimistic-lock version and audit times. */
const recordColumns = () => ({
  dataVersion: integer('data_version').notNull().default(0),
  createTime: createdAt('create_time'),
  updateTime: createdAt('update_time'),
  createBy: text('create_by'),
  updateBy: text('update_by'),
});

/** Ids are text (PROTOCOL.md §7); new rows get a random UUID unless a seed names them. */
const idColumn = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => randomUUID());

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
  defaultCorpId: text('default_corp_id').references(() => corps.corpId),
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
  (t) => [primaryKey({ columns: [t.userId, t.pkRole] })],
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
    index('sys_dict_data_label_trgm_idx').using('gin', sql`${t.dictLabel} gin_trgm_ops`).with({ fastupdate: 'off' }),
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
