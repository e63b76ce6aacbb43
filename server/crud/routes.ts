/**
 * The generic CRUD routes of PROTOCOL.md §7 for one resource declaration and its Drizzle table:
 *
 *   crudRoutes(api, ctx, { resource: dictTypeResource, table: sysDictTypes, hooks: { beforeRemove } });
 *
 * registers {apiBase}/page, find-by-id, save, update-by-id, remove-by-ids (and export when the
 * declaration has an export permission), each behind the permission that actionPermission (the
 * rule the browser's access-control provider uses too) names for it. Bodies
 * are checked against the shared field schema; per-resource rules go in hooks (CrudHooks: beforeWrite
 * gets the record's id and its row as it was, afterWrite the row before and after), which run inside
 * the call's transaction, so a refusal changes nothing. Every write is recorded in the operation log
 * (write-log.ts), in the same transaction.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { APPROVAL_ACTION, actionApplies } from '../../src/crud/resource';
import { actionPermission } from '../../src/lib/access';
import type { AppContext } from '../context';
import type { Db } from '../db/open';
import { duplicateError } from '../db/unique-violation';
import { businessError, notFoundError, protocolError } from '../errors';
import { translate } from '../i18n';
import { route } from '../routes/route';
import { actorOf, recordReveal } from '../operation-log/record';
import { revealKeyOf } from '../sensitive/values';
import type { Principal } from '../security/sessions';
import { ApprovableResource } from './approvals';
import { boundedMatchCount, boundedTotal, rowTotal } from './row-counts';
import { checkDictValues, checkFileValues, checkUnique, columnsOf, findById } from './checks';
import { MAX_IDS } from './fields';
import { recordBodyOf, updateBodyOf, type RecordInput, type UpdateInput } from './body-schema';
import { id, ids, version } from '../input/fields';
import { ownedFieldCheck } from './owned-fields';
import { checkLinksDeclared, splitLinks, withLinks, writeLinks } from './links';
import { checkReferences, registerReferenceTarget } from './references';
import { filterConditions, given, orderOf, pagingOf, whereOf } from './query';
import { listBodyOf } from './list-body';
import { LIST_TOTAL_BOUND } from '../../src/protocol/envelope';
import { hasSensitiveFields, presentRows, readSealed } from './sensitive-fields';
import { written } from './write-log';
import type { CrudOptions, Row, RowActionChange } from './types';

export type { CrudOptions, Row, RowActionChange, WriteEvent, WriteTarget } from './types';
/** The transaction type lives in the database layer (server/db/tx.ts); re-exported for the modules that take it from here. */
export type { Tx } from '../db/tx';

export interface Page<T = Row> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
  /** Set when the matches were counted only up to LIST_TOTAL_BOUND: `total` is a floor, not the count. */
  totalBounded?: boolean;
}

/** Rows the export of a filtered list may hold: beyond this, narrow the filters. */
export const MAX_EXPORT_ROWS = 100_000;

/**
 * The generic calls' bodies. A save's and an update's record is checked by the schema derived from the
 * declaration's field rules (body-schema.ts, built here once per resource), the update's id and version with
 * it; a page's and an export's filters, order and paging by the schema derived from its search and sort marks
 * (list-body.ts). The id, the version and a removal's ids are checked here, before the handler.
 */
const recordId = id('server:input.fields.recordId');
const CRUD_BODIES = {
  declared: z.looseObject({}),
  byId: z.object({ id: recordId }),
  /** A row action: the record at the version the caller read. */
  versioned: z.looseObject({ id: recordId, dataVersion: version() }),
  ids: z.object({ ids: ids('server:input.fields.recordId', MAX_IDS) }),
};
type VersionedBody = z.infer<typeof CRUD_BODIES.versioned>;

const TOTAL = '__total';

/**
 * One page of the filtered, ordered list; `scope` narrows it further (e.g. the caller's own rows).
 * Each statement costs a round trip and a plan (milliseconds on embedded PGlite), so a filtered
 * list counts its matches in the same statement, up to LIST_TOTAL_BOUND and one more; an unfiltered
 * one counts separately, by index, and not at all when its first page already holds everything; over a
 * table whose rows the database counts (row-counts.ts) it reads that count instead.
 */
export async function pageOf(db: Db, options: CrudOptions, body: Row, scope: ReturnType<typeof eq>[] = []): Promise<Page> {
  const columns = columnsOf(options.table);
  const { pageNum, pageSize } = pagingOf(body);
  const conditions = [...scope, ...filterConditions(options.resource, columns, body, options.links)];
  const where = whereOf(conditions);
  const order = orderOf(options.resource, columns, body, options.links);
  const offset = (pageNum - 1) * pageSize;

  if (conditions.length && columns.id && searchesContained(options, columns, body)) {
    // A substring search (a name contained in the corporation's name) matches rows anywhere in the list's order, often
    // together (names made at one time): the planner, expecting them spread evenly, walks the order index from the newest
    // row and filters until a page is found, 87,000 corporations for '规模供应商12' (issue 42). Its matches counted first
    // (through the name's trigram index, stopped at the bound), the page is ordered from those matches alone, looked up by id.
    const counted = await boundedMatchCount(db, options.table, where);
    if (counted <= LIST_TOTAL_BOUND) {
      const matches = db
        .select({ id: columns.id })
        .from(options.table)
        .where(where)
        .limit(LIST_TOTAL_BOUND + 1);
      const records: Row[] = await db
        .select(columns)
        .from(options.table)
        .where(sql`${columns.id} = any(array(${matches}))`)
        .orderBy(...order)
        .limit(pageSize)
        .offset(offset);
      return { records, pageNum, pageSize, total: counted };
    }
  }
  if (conditions.length) {
    // The matches counted in the same statement (one round trip), but at most LIST_TOTAL_BOUND + 1 of them:
    // an uncorrelated subquery, run once, stops there however large a share of the table the filter matches.
    const bounded = db
      .select({ one: sql`1` })
      .from(options.table)
      .where(where)
      .limit(LIST_TOTAL_BOUND + 1)
      .as('bounded');
    const rows: Row[] = await db
      .select({ ...columns, [TOTAL]: sql<number>`(select count(*) from ${bounded})`.mapWith(Number) })
      .from(options.table)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset(offset);
    const counted = rows.length ? Number(rows[0][TOTAL]) : offset === 0 ? 0 : await boundedMatchCount(db, options.table, where);
    return { records: rows.map(({ [TOTAL]: _total, ...record }) => record), pageNum, pageSize, ...boundedTotal(counted, offset + rows.length) };
  }
  const records = await db
    .select()
    .from(options.table)
    .orderBy(...order)
    .limit(pageSize)
    .offset(offset);
  const total = offset === 0 && records.length < pageSize ? records.length : await rowTotal(db, options.table);
  return { records, total, pageNum, pageSize };
}

/** Whether the body searches a field of the list by substring (search 'contains'). */
const searchesContained = (options: CrudOptions, columns: ReturnType<typeof columnsOf>, body: Row) =>
  Object.entries(options.resource.fields).some(([name, schema]) => schema.search === 'contains' && columns[name] && given(body[name]));

/** Every row of the filtered list, in the page order: what an export writes. */
export async function listOf(db: Db, options: CrudOptions, body: Row): Promise<Row[]> {
  const columns = columnsOf(options.table);
  const where = whereOf(filterConditions(options.resource, columns, body, options.links));
  return db
    .select()
    .from(options.table)
    .where(where)
    .orderBy(...orderOf(options.resource, columns, body, options.links))
    .limit(MAX_EXPORT_ROWS);
}

async function save(ctx: AppContext, options: CrudOptions, { values: plain, sent }: RecordInput, principal: Principal): Promise<Row> {
  const values = { ...plain, ...(await readSealed(ctx, options, sent)) };
  try {
    return await ctx.db.transaction(async (tx) => {
      await checkDictValues(tx, options, values);
      await checkFileValues(tx, options, values);
      await checkReferences(tx, options.resource, values);
      await options.hooks?.beforeWrite?.(tx, values, 'create', { principal });
      await checkUnique(tx, options, values);
      const { columns, linked } = splitLinks(options.links, values);
      const insert = { ...columns, dataVersion: 0, createBy: principal.username, updateBy: principal.username };
      // The values were checked against the field schema above; the table's own insert type cannot know them statically.
      const [inserted] = (await tx
        .insert(options.table)
        .values(insert as PgTable['$inferInsert'])
        .returning()) as Row[];
      await writeLinks(tx, options.links, String(inserted.id), linked);
      const [row] = await withLinks(tx, options.links, [inserted]);
      await written(tx, options, { kind: 'create', id: String(row.id), after: row, principal });
      return row;
    });
  } catch (error) {
    // A unique index the declaration does not know of (dictType + dictValue), or a concurrent save.
    throw duplicateError(error) ?? error;
  }
}

/** Optimistic locking in one statement: the row changes only if it is still at the version read. */
async function updateById(ctx: AppContext, options: CrudOptions, input: UpdateInput, principal: Principal): Promise<Row> {
  const { id, dataVersion: version, values: plainValues, sent } = input;
  const columns = columnsOf(options.table);
  const refuseOwned = await ownedFieldCheck(ctx, options);
  try {
    return await ctx.db.transaction(async (tx) => {
      // Locked first, so the hooks see the row as it is until this write commits.
      const [locked] = (await tx.select().from(options.table).where(eq(columns.id, id)).for('update')) as Row[];
      if (!locked) throw notFoundError(translate('server:crud.notFound'));
      const [before] = await withLinks(tx, options.links, [locked]);
      if (before.dataVersion !== version) throw protocolError('DATA_VERSION_CONFLICT');
      refuseOwned(sent, before);
      const values = hasSensitiveFields(options.resource) ? { ...plainValues, ...(await readSealed(ctx, options, sent, before)) } : plainValues;
      await checkDictValues(tx, options, values);
      await checkFileValues(tx, options, values);
      await checkReferences(tx, options.resource, values);
      await options.hooks?.beforeWrite?.(tx, values, 'update', { id, before, principal });
      await checkUnique(tx, options, values, id);
      const { columns: own, linked } = splitLinks(options.links, values);
      const changes = { ...own, dataVersion: sql`${columns.dataVersion} + 1`, updateTime: new Date(), updateBy: principal.username };
      const [updated] = (await tx.update(options.table).set(changes).where(eq(columns.id, id)).returning()) as Row[];
      await writeLinks(tx, options.links, id, linked);
      const [row] = await withLinks(tx, options.links, [updated]);
      await written(tx, options, { kind: 'update', id, before, after: row, principal });
      return row;
    });
  } catch (error) {
    // A unique index the declaration does not know of (dictType + dictValue), or a concurrent save.
    throw duplicateError(error) ?? error;
  }
}

/**
 * A row action: the record must still be at the version the caller read and in a state the action
 * applies to; then its change is written, one version on. A refusal changes nothing.
 */
async function runAction(
  ctx: AppContext,
  options: CrudOptions,
  name: string,
  change: RowActionChange,
  { id, dataVersion: version }: VersionedBody,
  principal: Principal,
  approvals?: ApprovableResource,
): Promise<Row> {
  const action = options.resource.actions![name];
  const columns = columnsOf(options.table);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(options.table).where(eq(columns.id, id)).for('update');
    if (!row) throw notFoundError(translate('server:crud.notFound'));
    if (row.dataVersion !== version) throw protocolError('DATA_VERSION_CONFLICT');
    await approvals?.refuseIfPending(tx, [id]);
    if (!actionApplies(action, row)) throw businessError('ACTION_NOT_APPLICABLE', 'server:crud.actionNotApplicable', { action: translate(action.label) });
    const now = new Date();
    const changes = { ...change(row, now), dataVersion: sql`${columns.dataVersion} + 1`, updateTime: now, updateBy: principal.username };
    const [updated] = (await tx.update(options.table).set(changes).where(eq(columns.id, id)).returning()) as Row[];
    await written(tx, options, { kind: 'action', action: name, id, before: row as Row, after: updated, principal });
    return updated;
  });
}

async function removeByIds(
  ctx: AppContext,
  options: CrudOptions,
  { ids }: { ids: string[] },
  principal: Principal,
  approvals?: ApprovableResource,
): Promise<number> {
  const { id } = columnsOf(options.table);
  return ctx.db.transaction(async (tx) => {
    const rows = (await tx.select().from(options.table).where(inArray(id, ids)).for('update')) as Row[];
    await approvals?.refuseIfPending(tx, ids);
    await options.hooks?.beforeRemove?.(tx, rows);
    const removed = await tx.delete(options.table).where(inArray(id, ids)).returning({ id });
    const gone = new Set(removed.map((r) => r.id));
    for (const row of rows.filter((r) => gone.has(r.id as string))) {
      await written(tx, options, { kind: 'remove', id: String(row.id), before: row, principal });
    }
    return removed.length;
  });
}

export function crudRoutes(api: FastifyInstance, ctx: AppContext, options: CrudOptions): void {
  const { apiBase, permissions } = options.resource;
  const post = <B, T>(
    path: string,
    permission: string | undefined,
    body: z.ZodType<B>,
    handler: (body: B, principal: Principal, request: FastifyRequest) => Promise<T>,
  ) => {
    if (!permission) return; // the declaration does not offer this action
    route(api, {
      method: 'POST',
      path: `${apiBase}/${path}`,
      auth: 'session',
      permission,
      body,
      handler: ({ body, principal, request }) => handler(body, principal, request),
    });
  };
  checkLinksDeclared(options.resource, options.links);
  // Other declarations may reference this one by name (FieldSchema.reference): its rows are the ones its list shows.
  registerReferenceTarget({ resource: options.resource, table: options.table, listScope: options.listScope });
  const presentOne = async (row: Row, sessionKey: string | null = null) => (await presentRows(ctx, options, [row], sessionKey))[0];

  // An approvable resource proposes its bound actions and shows each record's pending change and history.
  const approvals = options.resource.approval ? new ApprovableResource(ctx, options) : undefined;
  // The filters, order and paging the declaration allows, derived once (list-body.ts).
  const listBody = listBodyOf(options.resource);
  post('page', actionPermission(permissions, 'list'), listBody, async (body) => {
    const page = await pageOf(ctx.db, options, body, options.listScope ? [options.listScope] : []);
    const records = await presentRows(ctx, options, page.records);
    return { ...page, records: approvals ? await approvals.withPending(records) : records };
  });
  post('find-by-id', actionPermission(permissions, 'show'), CRUD_BODIES.byId, async (body, principal, request) => {
    const row = await presentOne(await findById(ctx.db, options.table, body.id), revealKeyOf(ctx.keys, request, principal));
    // Values answered in clear (to a whitelisted user) are logged before the answer leaves: no log, no answer.
    const revealed = Object.keys((row.revealed as Record<string, string> | undefined) ?? {});
    await recordReveal(ctx.db, actorOf(request, principal), { resource: options.resource.name, recordId: String(row.id), fields: revealed });
    if (!approvals) return row;
    const [shown] = await approvals.withPending([row]);
    return { ...shown, changes: await approvals.history(String(row.id)) };
  });
  // Derived from the declaration once, here, when the routes are registered.
  const createBody = recordBodyOf(options.resource, 'create');
  const updateBody = updateBodyOf(options.resource);
  post('save', actionPermission(permissions, 'create'), createBody, async (input, principal) =>
    approvals?.binds(APPROVAL_ACTION.CREATE) ? approvals.proposeCreation(principal, input) : presentOne(await save(ctx, options, input, principal)),
  );
  post('update-by-id', actionPermission(permissions, 'edit'), updateBody, async (input, principal) =>
    approvals?.binds(APPROVAL_ACTION.UPDATE) ? approvals.proposeChange(principal, input) : presentOne(await updateById(ctx, options, input, principal)),
  );
  post('remove-by-ids', actionPermission(permissions, 'delete'), CRUD_BODIES.ids, (body, principal) => removeByIds(ctx, options, body, principal, approvals));
  if (approvals) post('pending-creations', actionPermission(permissions, 'list'), CRUD_BODIES.declared, () => approvals.pendingCreations());
  post('export', actionPermission(permissions, 'export'), listBody, async (body, principal) => {
    // The filters were checked with the body (list-body.ts); whether each asked order is sortable is checked now,
    // so a bad one is refused before any record is made.
    orderOf(options.resource, columnsOf(options.table), body, options.links);
    return ctx.exports.start(principal, options.resource, async () => presentRows(ctx, options, await listOf(ctx.db, options, body)));
  });
  for (const [name, action] of Object.entries(options.resource.actions ?? {})) {
    const change = options.actions?.[name];
    // A declared button without a server change would be a call that always fails: refuse to start.
    if (!change) throw new Error(`Resource "${options.resource.name}" declares action "${name}" but its routes give no change for it`);
    post(name, action.permission, CRUD_BODIES.versioned, async (body, principal) =>
      presentOne(await runAction(ctx, options, name, change, body, principal, approvals)),
    );
  }
}
