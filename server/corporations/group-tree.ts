/**
 * The group tree calls under /op/v1/group/units (企业集团树, DOMAIN.md): a level of the tree at a time
 * (`children`, each unit with its number of children), the page's first view in one call (`first-view`:
 * the roots and the levels src/lib/group-tree's rule opens), a search by name that answers the matches with
 * the path down to each, and add, rename, move and remove of a unit. A group of 10,000 units is never
 * read whole by the page or by a rule: a level is one index range, a path walks up by primary key, a
 * subtree walks down the parent index (issue 42). `tree`, the whole forest at once, stays for callers
 * that want every unit (tests, tools); the page does not call it. What may hang under what is src/lib/corporations.ts; a move
 * stays inside its group and never under the unit itself; a unit that (or whose subtree) still holds
 * quota or notes (unit-holdings.ts) is neither moved nor removed. Every refusal changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CORP_TYPE, canHangUnder, moveRuleBroken, UNIT_KIND, type TreeUnit, type UnitKind } from '../../src/lib/corporations';
import { FIRST_VIEW_MAX_ROWS, firstView } from '../../src/lib/group-tree';
import { PERMISSIONS } from '../../src/features/corporations/permissions';
import type { AppContext } from '../context';
import { id, integer, oneOf, optional, text, version } from '../input/fields';
import { escapeLike } from '../crud/query';
import type { Tx } from '../crud/routes';
import { corporations, groupUnits } from '../db/schema';
import { aboutField, businessError, protocolError, validationError } from '../errors';
import { translate } from '../i18n';
import { route } from '../routes/route';
import type { Principal } from '../security/sessions';
import { unitHoldings } from './unit-holdings';
import { unitColumns, type UnitRow } from './unit-name';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import { recordChange } from '../operation-log/record';

/** What the operation log names a unit of a group tree as. */
const LOG_RESOURCE = 'group-units';

type Unit = UnitRow;

export const GROUP_TREE_BASE = '/op/v1/group/units';
const MAX_NAME = 80;
/** Deeper than any tree the kinds allow (group, branches within branches, a department): a walk stops here. */
const MAX_DEPTH = 64;
/** The matches a search answers at most; more says `truncated`, and the operator types a longer name. */
export const SEARCH_LIMIT = 50;

/** PGlite answers {rows}, postgres-js an array. */
async function rowsOf<T>(tx: Tx | AppContext['db'], query: SQL): Promise<T[]> {
  const result: unknown = await tx.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const refuse = (key: string, params: Record<string, string> = {}) => businessError('GROUP_TREE_RULE', `corporations:tree.server.${key}`, params);

const label = (field: string) => `corporations:tree.fields.${field}`;
const unitId = id(label('unit'));
const parentId = id(label('parent'));
/** A unit's own name: spaces only is no name (trimmed before optional() sees it); whether one is needed is the handler's rule. */
const unitName = z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), optional(text(label('unitName'), MAX_NAME)));

/** No parent is the roots (every group). */
const childrenBody = z.object({ parentId: optional(parentId) });
/** The rows the view may show (the page asks src/lib/group-tree's FIRST_VIEW_ROWS); bounded, so a first view never reads a group whole. */
const firstViewBody = z.object({ rows: integer(label('rows'), { min: 1, max: FIRST_VIEW_MAX_ROWS }) });
const searchBody = z.object({ keyword: text(label('keyword'), MAX_NAME) });
const addBody = z.object({
  kind: oneOf(label('kind'), [UNIT_KIND.group, UNIT_KIND.branch, UNIT_KIND.projectDept, UNIT_KIND.member]),
  parentId: optional(parentId),
  corpId: optional(id(label('corpId'))),
  unitName,
});
const renameBody = z.object({ id: unitId, dataVersion: version(), unitName: text(label('unitName'), MAX_NAME) });
const moveCheckBody = z.object({ id: unitId, dataVersion: version(), parentId });
/** Where among the new parent's children the unit goes; left out, it goes last. */
const moveBody = moveCheckBody.extend({ position: optional(integer(label('position'))) });
const removeBody = z.object({ id: unitId });

/** SQLSTATE 23503: a row still references the unit a statement removes. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 8; e = e.cause as typeof e, depth++) {
    if (typeof e === 'object' && e.code === '23503') return true;
  }
  return false;
}

async function lockUnit(tx: Tx, id: string): Promise<Unit> {
  const [unit] = await tx.select(unitColumns).from(groupUnits).where(eq(groupUnits.id, id)).for('update');
  if (!unit) throw protocolError('NOT_FOUND', translate('server:crud.notFound'));
  return unit;
}

/** The unit and every unit below it, walked down the parent index (not the whole group read and filtered). */
async function subtreeOf(tx: Tx, unit: Unit): Promise<Unit[]> {
  return tx
    .select(unitColumns)
    .from(groupUnits)
    .where(
      sql`${groupUnits.id} in (with recursive below(id) as (select ${unit.id}::text union all select k.id from group_units k join below on k.parent_id = below.id) select id from below)`,
    );
}

/**
 * A unit and every unit above it, up to its group's root: what the move rule needs to see whether a
 * new parent lies below the unit moved (it does exactly when the unit is on the parent's path). The
 * depth bound stops a cycle a broken row might hold instead of looping.
 */
async function pathUp(tx: Tx, id: string): Promise<TreeUnit[]> {
  const rows = await rowsOf<{ id: string; group_id: string; parent_id: string | null; kind: string }>(
    tx,
    sql`with recursive up(id, group_id, parent_id, kind, depth) as (
          select id, group_id, parent_id, kind, 0 from group_units where id = ${id}
          union all
          select g.id, g.group_id, g.parent_id, g.kind, up.depth + 1 from group_units g join up on g.id = up.parent_id where up.depth < ${MAX_DEPTH})
        select id, group_id, parent_id, kind from up`,
  );
  return rows.map((r) => ({ id: r.id, groupId: r.group_id, parentId: r.parent_id, kind: r.kind }));
}

/** Refuses when the units still hold something (quota, notes), naming the first. */
async function refuseHoldings(ctx: AppContext, tx: Tx, units: Unit[], action: 'move' | 'remove'): Promise<void> {
  const [held] = await unitHoldings(
    ctx.db,
    tx,
    units.map((u) => u.id),
  );
  if (!held) return;
  const unitName = units.find((u) => u.id === held.unitId)?.unitName ?? '';
  throw businessError('GROUP_UNIT_HOLDS', `corporations:tree.server.${action === 'move' ? 'holdsMove' : 'holdsRemove'}`, { unitName, what: held.what });
}

async function corporationFor(tx: Tx, corpId: string | undefined, kind: UnitKind) {
  if (corpId === undefined) {
    if (kind === UNIT_KIND.group || kind === UNIT_KIND.member) throw refuse('corpRequired');
    return null;
  }
  const [corp] = await tx.select().from(corporations).where(eq(corporations.id, corpId));
  if (!corp) throw businessError('NOT_FOUND', 'corporations:server.corpNotFound');
  const needed = kind === UNIT_KIND.member ? CORP_TYPE.supplier : kind === UNIT_KIND.group ? CORP_TYPE.core : null;
  if (needed && !corp.corpTypes.includes(needed)) throw refuse(kind === UNIT_KIND.member ? 'memberNotSupplier' : 'groupNotCore', { corpName: corp.corpName });
  return corp;
}

async function addUnit(ctx: AppContext, body: z.infer<typeof addBody>, principal: Principal): Promise<Unit> {
  const { kind } = body;
  return ctx.db.transaction(async (tx) => {
    const parent = body.parentId ? await lockUnit(tx, body.parentId) : null;
    if (!canHangUnder(kind, (parent?.kind as UnitKind) ?? null)) throw refuse('badParent');
    const corp = await corporationFor(tx, body.corpId, kind);
    // A unit standing for a corporation is named by it (unit-name.ts): a name typed beside it is not kept; one without a corporation needs its own.
    const ownName = corp ? null : body.unitName;
    if (ownName === undefined) throw aboutField(validationError(translate('server:crud.required', { field: translate(label('unitName')) })), 'unitName');
    if (corp && parent) {
      const [taken] = await tx
        .select({ id: groupUnits.id })
        .from(groupUnits)
        .where(and(eq(groupUnits.groupId, parent.groupId), eq(groupUnits.corpId, corp.id)));
      if (taken) throw refuse('corpTaken', { corpName: corp.corpName });
    }
    const id = randomUUID();
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${groupUnits.sortOrder}), -1) + 1`.mapWith(Number) })
      .from(groupUnits)
      .where(parent ? eq(groupUnits.parentId, parent.id) : sql`${groupUnits.parentId} is null`);
    const [unit] = await tx
      .insert(groupUnits)
      .values({
        id,
        groupId: parent?.groupId ?? id,
        parentId: parent?.id ?? null,
        kind,
        ownName,
        corpId: corp?.id ?? null,
        sortOrder: next,
        createBy: principal.username,
        updateBy: principal.username,
      })
      .returning();
    const added = { ...unit, unitName: corp?.corpName ?? ownName ?? '' };
    await recordChange(tx, principal, { resource: LOG_RESOURCE, recordId: unit.id, action: OPERATION_ACTION.create, after: added });
    return added;
  });
}

async function renameUnit(ctx: AppContext, body: z.infer<typeof renameBody>, principal: Principal): Promise<Unit> {
  const { id, dataVersion: version, unitName } = body;
  return ctx.db.transaction(async (tx) => {
    const unit = await lockUnit(tx, id);
    if (unit.dataVersion !== version) throw protocolError('DATA_VERSION_CONFLICT');
    // The corporation's name is changed only through 企业自主更名 (two reviews); the tree follows it.
    if (unit.corpId) throw refuse('renameCorpUnit', { unitName: unit.unitName });
    const [row] = await tx
      .update(groupUnits)
      .set({ ownName: unitName, dataVersion: unit.dataVersion + 1, updateTime: new Date(), updateBy: principal.username })
      .where(eq(groupUnits.id, id))
      .returning();
    const renamed = { ...row, unitName };
    await recordChange(tx, principal, { resource: LOG_RESOURCE, recordId: id, action: OPERATION_ACTION.update, before: unit, after: renamed });
    return renamed;
  });
}

/**
 * Every rule a move must keep, writing nothing: the tree's (src/lib/corporations moveRuleBroken, the
 * page's own check) and what the unit and its subtree still hold. The move runs it, and so does
 * move-check, which the page asks before it asks the operator to confirm.
 */
async function checkMove(ctx: AppContext, tx: Tx, body: z.infer<typeof moveCheckBody>): Promise<{ unit: Unit; parent: Unit }> {
  const { id, dataVersion: version, parentId } = body;
  const unit = await lockUnit(tx, id);
  if (unit.dataVersion !== version) throw protocolError('DATA_VERSION_CONFLICT');
  const parent = await lockUnit(tx, parentId);
  // The rule sees the parent's path up to the root: the unit lies on it exactly when the parent is below the unit.
  const broken = moveRuleBroken(unit, parent, [unit, ...(await pathUp(tx, parent.id))]);
  if (broken) throw refuse(broken);
  await refuseHoldings(ctx, tx, await subtreeOf(tx, unit), 'move');
  return { unit, parent };
}

async function moveUnit(ctx: AppContext, body: z.infer<typeof moveBody>, principal: Principal): Promise<Unit> {
  const position = body.position ?? null;
  return ctx.db.transaction(async (tx) => {
    const { unit, parent } = await checkMove(ctx, tx, body);
    const id = unit.id;
    const siblings = await tx.select().from(groupUnits).where(eq(groupUnits.parentId, parent.id)).orderBy(asc(groupUnits.sortOrder));
    const order = siblings.filter((s) => s.id !== unit.id);
    order.splice(position === null ? order.length : Math.min(position, order.length), 0, unit);
    for (const [index, sibling] of order.entries()) {
      if (sibling.id !== unit.id && sibling.sortOrder !== index) await tx.update(groupUnits).set({ sortOrder: index }).where(eq(groupUnits.id, sibling.id));
    }
    const [row] = await tx
      .update(groupUnits)
      .set({ parentId: parent.id, sortOrder: order.indexOf(unit), dataVersion: unit.dataVersion + 1, updateTime: new Date(), updateBy: principal.username })
      .where(eq(groupUnits.id, id))
      .returning();
    const moved = { ...row, unitName: unit.unitName };
    await recordChange(tx, principal, { resource: LOG_RESOURCE, recordId: id, action: OPERATION_ACTION.update, before: unit, after: moved });
    return moved;
  });
}

async function removeUnit(ctx: AppContext, { id }: z.infer<typeof removeBody>, principal: Principal): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const unit = await lockUnit(tx, id);
    const [child] = await tx.select({ id: groupUnits.id }).from(groupUnits).where(eq(groupUnits.parentId, id)).limit(1);
    if (child) throw refuse('hasChildren', { unitName: unit.unitName });
    await refuseHoldings(ctx, tx, [unit], 'remove');
    // Records that reference the unit by key (an issuance application, even a finished one) keep it: say so, not a 5xx.
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint.delete(groupUnits).where(inArray(groupUnits.id, [id]));
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw refuse('referenced', { unitName: unit.unitName });
      throw error;
    }
    await recordChange(tx, principal, { resource: LOG_RESOURCE, recordId: id, action: OPERATION_ACTION.delete, before: unit });
    return 1;
  });
}

/** A unit as the tree lists it: its row, its current name, its corporation's name and credit code, and how many units hang under it. */
const listedColumns = {
  unit: groupUnits,
  corpName: corporations.corpName,
  creditCode: corporations.creditCode,
  // One range of the parent index per unit listed: the page draws an expander (or not) without asking again.
  childCount: sql<number>`(select count(*) from group_units k where k.parent_id = ${groupUnits.id})`.mapWith(Number),
};

async function listUnits(ctx: AppContext, where: SQL) {
  const rows = await ctx.db
    .select(listedColumns)
    .from(groupUnits)
    .leftJoin(corporations, eq(corporations.id, groupUnits.corpId))
    .where(where)
    .orderBy(asc(groupUnits.sortOrder), asc(groupUnits.createTime));
  // The same rule as unitNameOf, on the join this list makes anyway.
  return rows.map(({ unit, corpName, creditCode, childCount }) => ({ ...unit, unitName: corpName ?? unit.ownName ?? '', corpName, creditCode, childCount }));
}

/** One level: the roots (every group) without a parent id, else the units right under that unit. */
async function childrenOf(ctx: AppContext, { parentId }: z.infer<typeof childrenBody>) {
  return listUnits(ctx, parentId !== undefined ? eq(groupUnits.parentId, parentId) : isNull(groupUnits.parentId));
}

/**
 * The page's first view (issue 42): the roots, then level after level opened by src/lib/group-tree's
 * rule within `rows` rows, each unit as `children` lists it. One query per level (the opened units'
 * children through the parent index, `parent_id in (…)`), in the server: the page made a round trip
 * per level before, three on a group of 10,000 units.
 */
async function firstViewOf(ctx: AppContext, { rows }: z.infer<typeof firstViewBody>) {
  const roots = await listUnits(ctx, isNull(groupUnits.parentId));
  return firstView(roots, rows, async (parents) => {
    const children = await listUnits(
      ctx,
      inArray(
        groupUnits.parentId,
        parents.map((p) => p.id),
      ),
    );
    const byParent = new Map(parents.map((p) => [p.id, [] as typeof children]));
    // Listed in sibling order: each parent's share keeps it.
    for (const child of children) byParent.get(child.parentId!)?.push(child);
    return parents.map((p) => byParent.get(p.id)!);
  });
}

/**
 * The units whose name contains the keyword (an own name, or the name of the corporation a unit
 * stands for), at most SEARCH_LIMIT, each with its path from its root, and every unit on those paths
 * listed once, so the page draws the matches where they hang and opens the way to them. Both names
 * are found through trigram indexes (a keyword of three characters or more) and the corporation's
 * units through the unit's corporation index; the paths walk up by primary key.
 */
async function searchUnits(ctx: AppContext, { keyword }: z.infer<typeof searchBody>) {
  const pattern = `%${escapeLike(keyword)}%`;
  const paths = await rowsOf<{ match_id: string; id: string; depth: number }>(
    ctx.db,
    sql`with recursive hit(id) as (
          (select u.id from group_units u where u.corp_id is null and u.unit_name ilike ${pattern}
           union
           select u.id from group_units u where u.corp_id in (select c.id from corporations c where c.corp_name ilike ${pattern}))
          limit ${SEARCH_LIMIT + 1}),
        up(match_id, id, parent_id, depth) as (
          select u.id, u.id, u.parent_id, 0 from group_units u join hit on hit.id = u.id
          union all
          select up.match_id, g.id, g.parent_id, up.depth + 1 from group_units g join up on g.id = up.parent_id where up.depth < ${MAX_DEPTH})
        select match_id, id, depth from up`,
  );
  const pathOf = new Map<string, Array<{ id: string; depth: number }>>();
  for (const row of paths) pathOf.set(row.match_id, [...(pathOf.get(row.match_id) ?? []), { id: row.id, depth: Number(row.depth) }]);
  const matchIds = [...pathOf.keys()].sort();
  const truncated = matchIds.length > SEARCH_LIMIT;
  const kept = matchIds.slice(0, SEARCH_LIMIT);
  const matches = kept.map((id) => ({
    id,
    // From the root down to the match's parent.
    path: pathOf
      .get(id)!
      .filter((p) => p.depth > 0)
      .sort((a, b) => b.depth - a.depth)
      .map((p) => p.id),
  }));
  const ids = [...new Set(matches.flatMap((m) => [...m.path, m.id]))];
  const units = ids.length ? await listUnits(ctx, inArray(groupUnits.id, ids)) : [];
  return { matches, units, truncated };
}

export function groupTreeRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { groupUnit } = PERMISSIONS;
  const post = <B>(path: string, permission: string, body: z.ZodType<B>, handler: (body: B, principal: Principal) => Promise<unknown>) =>
    route(api, {
      method: 'POST',
      path: `${GROUP_TREE_BASE}/${path}`,
      auth: 'session',
      permission,
      body,
      handler: ({ body, principal }) => handler(body, principal),
    });

  post('children', groupUnit.list, childrenBody, (body) => childrenOf(ctx, body));
  post('first-view', groupUnit.list, firstViewBody, (body) => firstViewOf(ctx, body));
  post('search', groupUnit.list, searchBody, (body) => searchUnits(ctx, body));
  // Every unit at once: for callers that want them all (tests, tools); the page reads a level at a time.
  post('tree', groupUnit.list, z.looseObject({}), async () => {
    const rows = await ctx.db
      .select({ unit: groupUnits, corpName: corporations.corpName, creditCode: corporations.creditCode })
      .from(groupUnits)
      .leftJoin(corporations, eq(corporations.id, groupUnits.corpId))
      .orderBy(asc(groupUnits.sortOrder), asc(groupUnits.createTime));
    // The same rule as unitNameOf, on the join this list makes anyway.
    return rows.map(({ unit, corpName, creditCode }) => ({ ...unit, unitName: corpName ?? unit.ownName ?? '', corpName, creditCode }));
  });
  post('save', groupUnit.add, addBody, addUnit.bind(null, ctx));
  post('rename', groupUnit.edit, renameBody, renameUnit.bind(null, ctx));
  post('move', groupUnit.move, moveBody, moveUnit.bind(null, ctx));
  // The move's checks without the move: answers true, or the refusal the move would answer.
  post('move-check', groupUnit.move, moveCheckBody, (body) => ctx.db.transaction(async (tx) => (await checkMove(ctx, tx, body), true)));
  post('remove', groupUnit.remove, removeBody, removeUnit.bind(null, ctx));
}
