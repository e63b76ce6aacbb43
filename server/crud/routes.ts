/**
 * The generic CRUD routes of PROTOCOL.md §7 for one resource declaration and its Drizzle table:
 *
 *   crudRoutes(api, ctx, { resource: dictTypeResource, table: sysDictTypes, hooks: { beforeRemove } });
 *
 * registers {apiBase}/page, find-by-id, save, update-by-id, remove-by-ids (and export when the
 * declaration has an export permission), each behind the permission that actionPermission (the
 * rule the browser's access-control provider uses too) names for it. Bodies
 * are checked against the shared field schema; per-resource rules go in hooks, which run inside the
 * call's transaction, so a refusal changes nothing.
 */
import { and, count, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionPermission } from '../../src/lib/access';
import type { AppContext } from '../context';
import type { Db } from '../db/open';
import { actionApplies } from '../../src/crud/resource';
import { contentFileIds } from '../../src/lib/html-policy';
import { isImageMimeType } from '../../src/lib/files';
import { storedFiles, sysDictData } from '../db/schema';
import { businessError, protocolError, validationError } from '../errors';
import { translate } from '../i18n';
import { route } from '../routes/route';
import { presentSensitive, readSensitiveValue, revealKeyOf, sensitiveCipherOf } from '../sensitive/values';
import type { Principal } from '../security/sessions';
import { fieldLabel, readInput, type AnyResource, requireId, requireIds, requireObject, type Mode } from './fields';
import { filterConditions, orderOf, pagingOf, whereOf, type Columns } from './query';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Row = Record<string, unknown>;

export interface CrudHooks {
  /** More checks on the values about to be written, e.g. a reference to another table. */
  beforeWrite?(tx: Tx, values: Row, mode: Mode): Promise<void>;
  /** Refuses a removal by throwing (then nothing is removed); gets the rows about to go. */
  beforeRemove?(tx: Tx, rows: Row[]): Promise<void>;
  /** Adds what answers show beside the columns (e.g. a linked record's status), for pages and records alike. */
  present?(db: Db, rows: Row[]): Promise<Row[]>;
}

/** The change a row action makes to the record it applies to (its `when` already checked). */
export type RowActionChange = (row: Row, now: Date) => Row;

export interface CrudOptions {
  resource: AnyResource;
  table: PgTable;
  hooks?: CrudHooks;
  /** One change per row action the declaration lists (src/crud/resource.ts RowActionDeclaration). */
  actions?: Readonly<Record<string, RowActionChange>>;
}

export interface Page<T = Row> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** Rows the export of a filtered list may hold: beyond this, narrow the filters. */
export const MAX_EXPORT_ROWS = 100_000;

const columnsOf = (table: PgTable) => getTableColumns(table) as Columns;

/** A unique violation, thrown by the driver directly (pg) or wrapped in the query error (drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** Dictionary-coded fields take only codes of their dictionary (disabled items included: old records keep them). */
async function checkDictValues(tx: Tx, options: CrudOptions, values: Row): Promise<void> {
  for (const [name, schema] of Object.entries(options.resource.fields)) {
    const value = values[name];
    if (schema.type !== 'dict' || !schema.dictType || value === undefined || value === null) continue;
    for (const code of Array.isArray(value) ? value : [value]) {
      const [item] = await tx
        .select({ id: sysDictData.id })
        .from(sysDictData)
        .where(and(eq(sysDictData.dictType, schema.dictType), eq(sysDictData.dictValue, String(code))))
        .limit(1);
      if (!item) throw validationError(translate('server:crud.notInDict', { field: fieldLabel(schema), value: String(code) }));
    }
  }
}

/** Image fields and the images inside rich text name stored images, nothing else. */
async function checkFileValues(tx: Tx, options: CrudOptions, values: Row): Promise<void> {
  for (const [name, schema] of Object.entries(options.resource.fields)) {
    const value = values[name];
    if (typeof value !== 'string' || (schema.type !== 'image' && schema.type !== 'richText')) continue;
    const ids = schema.type === 'image' ? [value] : contentFileIds(value);
    if (!ids.length) continue;
    const found = await tx.select({ id: storedFiles.id, mimeType: storedFiles.mimeType }).from(storedFiles).where(inArray(storedFiles.id, ids));
    const images = new Set(found.filter((file) => isImageMimeType(file.mimeType)).map((file) => file.id));
    const missing = ids.find((id) => !images.has(id));
    if (missing) throw validationError(translate('server:crud.notImage', { field: fieldLabel(schema), value: missing }));
  }
}

/** The first unique field whose value another record already holds. */
async function checkUnique(tx: Tx, options: CrudOptions, values: Row, exceptId?: string): Promise<void> {
  const columns = columnsOf(options.table);
  for (const [name, schema] of Object.entries(options.resource.fields)) {
    if (!schema.unique || values[name] === undefined) continue;
    const conditions = [eq(columns[name], values[name])];
    if (exceptId) conditions.push(ne(columns.id, exceptId));
    const [taken] = await tx.select({ id: columns.id }).from(options.table).where(and(...conditions)).limit(1);
    if (taken) throw businessError('DUPLICATE', 'server:crud.duplicate', { field: fieldLabel(schema) });
  }
}

function duplicateOf(options: CrudOptions) {
  const unique = Object.values(options.resource.fields).find((s) => s.unique);
  return unique ? businessError('DUPLICATE', 'server:crud.duplicate', { field: fieldLabel(unique) }) : validationError(translate('errors:VALIDATION_FAILED'));
}

const TOTAL = '__total';

/**
 * One page of the filtered, ordered list; `scope` narrows it further (e.g. the caller's own rows).
 * Each statement costs a round trip and a plan (milliseconds on embedded PGlite), so a filtered
 * list, whose matches are few, counts them in the same statement (count(*) over ()); an unfiltered
 * one counts separately, by index, and not at all when its first page already holds everything.
 */
export async function pageOf(db: Db, options: CrudOptions, body: Row, scope: ReturnType<typeof eq>[] = []): Promise<Page> {
  const columns = columnsOf(options.table);
  const { pageNum, pageSize } = pagingOf(body);
  const conditions = [...scope, ...filterConditions(options.resource, columns, body)];
  const where = whereOf(conditions);
  const order = orderOf(options.resource, columns, body);
  const offset = (pageNum - 1) * pageSize;
  const countAll = async () => (await db.select({ total: count() }).from(options.table).where(where))[0].total;

  if (conditions.length) {
    const rows: Row[] = await db
      .select({ ...columns, [TOTAL]: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(options.table)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset(offset);
    const total = rows.length ? Number(rows[0][TOTAL]) : offset === 0 ? 0 : await countAll();
    return { records: rows.map(({ [TOTAL]: _total, ...record }) => record), total, pageNum, pageSize };
  }
  const records = await db.select().from(options.table).orderBy(...order).limit(pageSize).offset(offset);
  const total = offset === 0 && records.length < pageSize ? records.length : await countAll();
  return { records, total, pageNum, pageSize };
}

/** Every row of the filtered list, in the page order: what an export writes. */
export async function listOf(db: Db, options: CrudOptions, body: Row): Promise<Row[]> {
  const columns = columnsOf(options.table);
  const where = whereOf(filterConditions(options.resource, columns, body));
  return db.select().from(options.table).where(where).orderBy(...orderOf(options.resource, columns, body)).limit(MAX_EXPORT_ROWS);
}

async function findById(db: Db | Tx, table: PgTable, id: string): Promise<Row> {
  const [row] = await db.select().from(table).where(eq(columnsOf(table).id, id));
  if (!row) throw protocolError('NOT_FOUND', translate('server:crud.notFound'));
  return row;
}

/** The declaration's sensitive fields (src/crud/resource.ts FieldSchema.sensitive). */
const sensitiveFieldsOf = (resource: AnyResource) => Object.entries(resource.fields).filter(([, schema]) => schema.sensitive);

/**
 * The sealed values of the body's sensitive fields (server/sensitive): a value left out keeps the
 * stored one, a required one can be neither missing on create nor cleared.
 */
async function readSealed(ctx: AppContext, options: CrudOptions, body: Row, principal: Principal, stored?: Row): Promise<Row> {
  const fields = sensitiveFieldsOf(options.resource).filter(([, schema]) => !schema.readOnly && (!stored || !schema.createOnly));
  if (!fields.length) return {};
  const cipher = await sensitiveCipherOf(ctx.db);
  const sealed: Row = {};
  for (const [name, schema] of fields) {
    const field = fieldLabel(schema);
    const storedPlain = typeof stored?.[name] === 'string' && stored[name] !== '' ? cipher.open(stored[name] as string) : null;
    const value = readSensitiveValue(body[name], field, schema.validator, { keys: ctx.keys, onWhitelist: principal.sensitiveWhitelist, stored: storedPlain });
    if (value === undefined && (stored || !schema.required)) continue;
    if (!value) {
      if (schema.required) throw validationError(translate('server:crud.required', { field }));
      sealed[name] = null;
      continue;
    }
    if (schema.maxLength !== undefined && value.length > schema.maxLength) throw validationError(translate('server:crud.tooLong', { field, max: String(schema.maxLength) }));
    sealed[name] = cipher.seal(value);
  }
  return sealed;
}

/**
 * Rows as answers show them: the resource's own additions, then every sensitive value masked; with a
 * whitelisted caller's session key also revealed in full (server/sensitive presentSensitive).
 */
export async function presentRows(ctx: AppContext, options: CrudOptions, rows: Row[], sessionKey: string | null = null): Promise<Row[]> {
  const shown = options.hooks?.present ? await options.hooks.present(ctx.db, rows) : rows;
  const fields = sensitiveFieldsOf(options.resource).map(([name]) => name);
  if (!fields.length) return shown;
  const cipher = await sensitiveCipherOf(ctx.db);
  return shown.map((row) => presentSensitive(row, fields, cipher, sessionKey));
}

async function save(ctx: AppContext, options: CrudOptions, body: Row, principal: Principal): Promise<Row> {
  const values = { ...readInput(options.resource, body, 'create'), ...(await readSealed(ctx, options, body, principal)) };
  try {
    return await ctx.db.transaction(async (tx) => {
      await checkDictValues(tx, options, values);
      await checkFileValues(tx, options, values);
      await options.hooks?.beforeWrite?.(tx, values, 'create');
      await checkUnique(tx, options, values);
      const insert = { ...values, dataVersion: 0, createBy: principal.username, updateBy: principal.username };
      // The values were checked against the field schema above; the table's own insert type cannot know them statically.
      const [row] = await tx.insert(options.table).values(insert as PgTable['$inferInsert']).returning();
      return row as Row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateOf(options);
    throw error;
  }
}

/** Optimistic locking in one statement: the row changes only if it is still at the version read. */
async function updateById(ctx: AppContext, options: CrudOptions, body: Row, principal: Principal): Promise<Row> {
  const id = requireId(body);
  const version = body.dataVersion;
  if (typeof version !== 'number' || !Number.isSafeInteger(version)) throw validationError(translate('server:crud.dataVersionRequired'));
  const plainValues = readInput(options.resource, body, 'update');
  const columns = columnsOf(options.table);
  try {
    return await ctx.db.transaction(async (tx) => {
      const hasSensitive = sensitiveFieldsOf(options.resource).length > 0;
      const values = hasSensitive ? { ...plainValues, ...(await readSealed(ctx, options, body, principal, await findById(tx, options.table, id))) } : plainValues;
      await checkDictValues(tx, options, values);
      await checkFileValues(tx, options, values);
      await options.hooks?.beforeWrite?.(tx, values, 'update');
      await checkUnique(tx, options, values, id);
      const changes = { ...values, dataVersion: sql`${columns.dataVersion} + 1`, updateTime: new Date(), updateBy: principal.username };
      const [row] = await tx
        .update(options.table)
        .set(changes)
        .where(and(eq(columns.id, id), eq(columns.dataVersion, version)))
        .returning();
      if (row) return row as Row;
      await findById(tx, options.table, id); // NOT_FOUND when it is gone; otherwise someone saved first
      throw protocolError('DATA_VERSION_CONFLICT');
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateOf(options);
    throw error;
  }
}

/**
 * A row action: the record must still be at the version the caller read and in a state the action
 * applies to; then its change is written, one version on. A refusal changes nothing.
 */
async function runAction(ctx: AppContext, options: CrudOptions, name: string, change: RowActionChange, body: Row, principal: Principal): Promise<Row> {
  const action = options.resource.actions![name];
  const id = requireId(body);
  const version = body.dataVersion;
  if (typeof version !== 'number' || !Number.isSafeInteger(version)) throw validationError(translate('server:crud.dataVersionRequired'));
  const columns = columnsOf(options.table);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(options.table).where(eq(columns.id, id)).for('update');
    if (!row) throw protocolError('NOT_FOUND', translate('server:crud.notFound'));
    if (row.dataVersion !== version) throw protocolError('DATA_VERSION_CONFLICT');
    if (!actionApplies(action, row)) throw businessError('ACTION_NOT_APPLICABLE', 'server:crud.actionNotApplicable', { action: translate(action.label) });
    const now = new Date();
    const changes = { ...change(row, now), dataVersion: sql`${columns.dataVersion} + 1`, updateTime: now, updateBy: principal.username };
    const [updated] = await tx.update(options.table).set(changes).where(eq(columns.id, id)).returning();
    return updated as Row;
  });
}

async function removeByIds(ctx: AppContext, options: CrudOptions, body: Row): Promise<number> {
  const ids = requireIds(body);
  const { id } = columnsOf(options.table);
  return ctx.db.transaction(async (tx) => {
    const rows = await tx.select().from(options.table).where(inArray(id, ids));
    await options.hooks?.beforeRemove?.(tx, rows);
    const removed = await tx.delete(options.table).where(inArray(id, ids)).returning({ id });
    return removed.length;
  });
}

export function crudRoutes(api: FastifyInstance, ctx: AppContext, options: CrudOptions): void {
  const { apiBase, permissions } = options.resource;
  const post = <T>(path: string, permission: string | undefined, handler: (body: Row, principal: Principal, request: FastifyRequest) => Promise<T>) => {
    if (!permission) return; // the declaration does not offer this action
    route(api, {
      method: 'POST',
      path: `${apiBase}/${path}`,
      auth: 'session',
      permission,
      handler: ({ body, principal, request }) => handler(requireObject(body ?? {}), principal, request),
    });
  };
  const presentOne = async (row: Row, sessionKey: string | null = null) => (await presentRows(ctx, options, [row], sessionKey))[0];

  post('page', actionPermission(permissions, 'list'), async (body) => {
    const page = await pageOf(ctx.db, options, body);
    return { ...page, records: await presentRows(ctx, options, page.records) };
  });
  post('find-by-id', actionPermission(permissions, 'show'), async (body, principal, request) =>
    presentOne(await findById(ctx.db, options.table, requireId(body)), revealKeyOf(ctx.keys, request, principal)),
  );
  post('save', actionPermission(permissions, 'create'), async (body, principal) => presentOne(await save(ctx, options, body, principal)));
  post('update-by-id', actionPermission(permissions, 'edit'), async (body, principal) => presentOne(await updateById(ctx, options, body, principal)));
  post('remove-by-ids', actionPermission(permissions, 'delete'), (body) => removeByIds(ctx, options, body));
  post('export', actionPermission(permissions, 'export'), async (body, principal) => {
    // Filters are checked now, so a bad one is refused before any record is made.
    filterConditions(options.resource, columnsOf(options.table), body);
    orderOf(options.resource, columnsOf(options.table), body);
    return ctx.exports.start(principal, options.resource, async () => presentRows(ctx, options, await listOf(ctx.db, options, body)));
  });
  for (const [name, action] of Object.entries(options.resource.actions ?? {})) {
    const change = options.actions?.[name];
    // A declared button without a server change would be a call that always fails: refuse to start.
    if (!change) throw new Error(`Resource "${options.resource.name}" declares action "${name}" but its routes give no change for it`);
    post(name, action.permission, async (body, principal) => presentOne(await runAction(ctx, options, name, change, body, principal)));
  }
}
