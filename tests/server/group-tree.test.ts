/**
 * The group tree over real HTTP (企业集团树, DOMAIN.md): add, rename, move and remove units under the
 * shape rules, moves kept inside their group and never under themselves, and the holdings hook that
 * the quota and note areas fill: a unit holding something (here a stub record) is neither moved nor
 * removed. Two simultaneous moves of one unit: exactly one wins.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { groupUnits } from '../../server/db/schema';
import { registerUnitHoldingCheck } from '../../server/corporations/unit-holdings';
import { FIRST_VIEW_MAX_ROWS, FIRST_VIEW_ROWS, toOpen } from '../../src/lib/group-tree';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { sharedServer, type TestServer } from './server';

const TREE = '/op/v1/group/units';
interface Unit {
  id: string;
  parentId: string | null;
  groupId: string;
  kind: string;
  unitName: string;
  dataVersion: number;
  sortOrder: number;
}

let srv: TestServer;
let handler: ApiClient;
let auditor: ApiClient;
let agent: ApiClient;
const units: Record<string, Unit> = {};
let supplierId = '';
let otherCoreId = '';

/** Marks this run's corporations on a server other files and runs share: a credit code is unique, and a demo name would be found twice. */
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.toUpperCase().padEnd(14, '0').slice(0, 14);
const CORE_NAME = `中建华东建设集团${RUN}有限公司`;
const OTHER_CORE_NAME = `华南路桥集团${RUN}有限公司`;
const SUPPLIER_NAME = `苏州恒远钢材${RUN}有限公司`;
const corp = async (n: number, corpName: string, corpTypes: string[]) =>
  (await dataOf<{ id: string }>(handler, '/op/v1/corporations/save', { corpName, creditCode: `91${RUN}T${n}`, corpTypes })).id;
const add = (body: Record<string, unknown>) => dataOf<Unit>(handler, `${TREE}/save`, body);
const fresh = async (id: string) => (await srv.database.db.select().from(groupUnits).where(eq(groupUnits.id, id)))[0];

beforeAll(async () => {
  srv = await sharedServer();
  [handler, auditor, agent] = await Promise.all([signInAs(srv.baseUrl, 'op_handler'), signInAs(srv.baseUrl, 'op_auditor'), signInAs(srv.baseUrl, 'op_agent')]);
  const coreId = await corp(1, CORE_NAME, ['CORE_ENTERPRISE']);
  otherCoreId = await corp(2, OTHER_CORE_NAME, ['CORE_ENTERPRISE']);
  supplierId = await corp(3, SUPPLIER_NAME, ['SUPPLIER']);
  units.group = await add({ kind: 'GROUP', corpId: coreId });
  units.other = await add({ kind: 'GROUP', corpId: otherCoreId });
  units.east = await add({ kind: 'BRANCH', parentId: units.group.id, unitName: '华东分公司' });
  units.south = await add({ kind: 'BRANCH', parentId: units.group.id, unitName: '华南分公司' });
  units.dept = await add({ kind: 'PROJECT_DEPT', parentId: units.east.id, unitName: '杭州地铁项目部' });
  units.otherBranch = await add({ kind: 'BRANCH', parentId: units.other.id, unitName: '广州分公司' });
});

describe('the group tree', () => {
  it('names a group after its core enterprise and roots its units in it', async () => {
    expect(units.group).toMatchObject({ unitName: CORE_NAME, parentId: null, groupId: units.group.id });
    expect(units.dept.groupId).toBe(units.group.id);
    const tree = await dataOf<Unit[]>(auditor, `${TREE}/tree`, {});
    expect(tree.map((u) => u.unitName)).toContain('杭州地铁项目部');
  });

  it('lists a level at a time, each unit with the number of units under it, in order', async () => {
    const roots = await dataOf<Array<Unit & { childCount: number }>>(auditor, `${TREE}/children`, {});
    expect(roots.every((u) => u.parentId === null)).toBe(true);
    expect(roots.find((u) => u.id === units.group.id)).toMatchObject({ unitName: CORE_NAME, childCount: 2 });
    const below = await dataOf<Array<Unit & { childCount: number }>>(auditor, `${TREE}/children`, { parentId: units.group.id });
    expect(below.map((u) => [u.unitName, u.childCount])).toEqual([
      ['华东分公司', 1],
      ['华南分公司', 0],
    ]);
    expect(await dataOf<unknown[]>(auditor, `${TREE}/children`, { parentId: units.dept.id })).toEqual([]);
    for (const parentId of [42, ['x']]) expect(refusalOf(await auditor.call(`${TREE}/children`, { json: { parentId } })).message).toBe('上级单位必须是文本');
    // '' is left out, like absent and null to every body field: the roots.
    expect((await dataOf<Unit[]>(auditor, `${TREE}/children`, { parentId: '' })).map((u) => u.id)).toEqual(roots.map((u) => u.id));
  });

  it('answers the first view in one call: what the page’s level-by-level children calls gave, for any budget', async () => {
    type Listed = Unit & { childCount: number };
    const children = (parentId?: string) => dataOf<Listed[]>(auditor, `${TREE}/children`, parentId ? { parentId } : {});
    /** The page's first view before the one call: the roots, then a round of children calls per level while the rows fit. */
    const levelByLevel = async (budget: number) => {
      let level = await children();
      const levels: Array<{ parentId: string | null; units: Listed[] }> = [{ parentId: null, units: level }];
      let shown = level.length;
      while (level.length) {
        const next = toOpen(level, shown, budget);
        shown = next.shown;
        const lists = await Promise.all(next.open.map((u) => children(u.id)));
        next.open.forEach((u, i) => levels.push({ parentId: u.id, units: lists[i] }));
        level = lists.flat();
      }
      return levels;
    };
    const roots = await children();
    // This file's group (2 branches, a department below one) opens whole at the page's budget; a budget just over the roots opens some groups only.
    for (const rows of [1, roots.length + 2, FIRST_VIEW_ROWS, FIRST_VIEW_MAX_ROWS]) {
      const expected = await levelByLevel(rows);
      expect(await dataOf(auditor, `${TREE}/first-view`, { rows }), `${rows} rows`).toEqual(expected);
    }
    const atPageBudget = await dataOf<Array<{ parentId: string | null; units: Listed[] }>>(auditor, `${TREE}/first-view`, { rows: FIRST_VIEW_ROWS });
    expect(atPageBudget.find((l) => l.parentId === units.east.id)?.units.map((u) => u.id)).toEqual([units.dept.id]);
    expect(atPageBudget).toHaveLength(new Set(atPageBudget.map((l) => l.parentId)).size);
  });

  it('refuses a first view to a persona without the tree’s list permission, and a bad number of rows', async () => {
    expect(refusalOf(await agent.call(`${TREE}/first-view`, { json: { rows: FIRST_VIEW_ROWS } })).status).toBe(403);
    for (const [rows, message] of [
      [undefined, '首屏显示行数不能为空'],
      [0, `首屏显示行数：必须是 1 到 ${FIRST_VIEW_MAX_ROWS} 之间的整数`],
      [FIRST_VIEW_MAX_ROWS + 1, `首屏显示行数：必须是 1 到 ${FIRST_VIEW_MAX_ROWS} 之间的整数`],
      ['200', '首屏显示行数必须是整数'],
    ] as const) {
      const refused = refusalOf(await auditor.call(`${TREE}/first-view`, { json: { rows } }));
      expect(refused, String(rows)).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    // A fraction is refused by the input gate before the schema (server/security/input-gate.ts); the gate knows the
    // platform's labels only, and this one is the area's (corporations), so it names the key.
    expect(refusalOf(await auditor.call(`${TREE}/first-view`, { json: { rows: 1.5 } }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'rows：必须是整数',
    });
  });

  it('finds units by a part of their name or their corporation’s, with the path from the root to each', async () => {
    const found = await dataOf<{ matches: Array<{ id: string; path: string[] }>; units: Array<Unit & { childCount: number }>; truncated: boolean }>(
      auditor,
      `${TREE}/search`,
      { keyword: '杭州地铁' },
    );
    expect(found.matches).toContainEqual({ id: units.dept.id, path: [units.group.id, units.east.id] });
    expect(found.truncated).toBe(false);
    for (const id of [units.group.id, units.east.id, units.dept.id]) expect(found.units.map((u) => u.id)).toContain(id);
    // The group is found by its corporation's name; a keyword too short for a trigram still finds; a LIKE wildcard is a plain character.
    const byCorp = await dataOf<{ matches: Array<{ id: string; path: string[] }> }>(auditor, `${TREE}/search`, { keyword: `建设集团${RUN}` });
    expect(byCorp.matches).toEqual([{ id: units.group.id, path: [] }]);
    expect((await dataOf<{ matches: Array<{ id: string }> }>(auditor, `${TREE}/search`, { keyword: '华东' })).matches.map((m) => m.id)).toContain(
      units.east.id,
    );
    expect((await dataOf<{ matches: unknown[] }>(auditor, `${TREE}/search`, { keyword: '%' })).matches).toEqual([]);
    for (const keyword of [undefined, '', '  ', 7, 'x'.repeat(81)]) {
      const refused = refusalOf(await auditor.call(`${TREE}/search`, { json: { keyword } }));
      expect(refused.code).not.toBe('0');
      expect(refused.message).toContain('搜索关键字');
    }
  });

  it('attaches a supplier to a group as member customer, once, and only a supplier, only under a group', async () => {
    const member = await add({ kind: 'MEMBER_CUSTOMER', parentId: units.group.id, corpId: supplierId });
    expect(member.unitName).toBe(SUPPLIER_NAME);
    expect(
      refusalOf(await handler.call(`${TREE}/save`, { json: { kind: 'MEMBER_CUSTOMER', parentId: units.group.id, corpId: supplierId } })).message,
    ).toContain('已在该集团树中');
    expect(refusalOf(await handler.call(`${TREE}/save`, { json: { kind: 'MEMBER_CUSTOMER', parentId: units.east.id, corpId: supplierId } })).message).toContain(
      '不能挂在此上级下',
    );
    const coreAsMember = await handler.call(`${TREE}/save`, { json: { kind: 'MEMBER_CUSTOMER', parentId: units.group.id, corpId: otherCoreId } });
    expect(refusalOf(coreAsMember).message).toBe(`“${OTHER_CORE_NAME}”不是供应商，不能作为成员客户`);
  });

  it('moves a project department to another branch and renames it', async () => {
    const moved = await dataOf<Unit>(handler, `${TREE}/move`, {
      id: units.dept.id,
      dataVersion: units.dept.dataVersion,
      parentId: units.south.id,
      position: 0,
    });
    expect(moved).toMatchObject({ parentId: units.south.id, dataVersion: 1 });
    const renamed = await dataOf<Unit>(handler, `${TREE}/rename`, { id: moved.id, dataVersion: 1, unitName: '广州地铁项目部' });
    expect(renamed.unitName).toBe('广州地铁项目部');
    units.dept = renamed;
  });

  it.each([
    ['under a project department', () => units.dept.id, '不能挂在此上级下'],
    ['into another group', () => units.otherBranch.id, '本集团内移动'],
  ])('refuses to move a branch %s, changing nothing', async (_case, parentOf, message) => {
    const before = await fresh(units.east.id);
    expect(
      refusalOf(await handler.call(`${TREE}/move`, { json: { id: units.east.id, dataVersion: before.dataVersion, parentId: parentOf() } })).message,
    ).toContain(message);
    // move-check, which the page asks before its confirmation, answers the same refusal.
    const checked = refusalOf(await handler.call(`${TREE}/move-check`, { json: { id: units.east.id, dataVersion: before.dataVersion, parentId: parentOf() } }));
    expect(checked).toMatchObject({ code: 'GROUP_TREE_RULE' });
    expect(checked.message).toContain(message);
    expect(await fresh(units.east.id)).toEqual(before);
  });

  it('move-check answers true for a move the rules allow, moving nothing; the auditor may not ask', async () => {
    const dept = await fresh(units.dept.id);
    expect(await dataOf<boolean>(handler, `${TREE}/move-check`, { id: dept.id, dataVersion: dept.dataVersion, parentId: units.east.id })).toBe(true);
    expect(await fresh(units.dept.id)).toEqual(dept);
    expect(refusalOf(await auditor.call(`${TREE}/move-check`, { json: { id: dept.id, dataVersion: dept.dataVersion, parentId: units.east.id } })).status).toBe(
      403,
    );
  });

  it('refuses to move a branch under a branch below it', async () => {
    const sub = await add({ kind: 'BRANCH', parentId: units.east.id, unitName: '华东第一子公司' });
    const east = await fresh(units.east.id);
    expect(refusalOf(await handler.call(`${TREE}/move`, { json: { id: east.id, dataVersion: east.dataVersion, parentId: sub.id } })).message).toContain(
      '自身或其下级',
    );
  });

  it('refuses to move or remove a unit whose subtree still holds something, then allows it once released', async () => {
    const held = new Set([units.dept.id]);
    const unregister = registerUnitHoldingCheck(srv.database.db, async (_tx, ids) =>
      ids.filter((id) => held.has(id)).map((unitId) => ({ unitId, what: '额度 ¥1,000,000.00' })),
    );
    try {
      const south = await fresh(units.south.id);
      const refusedMove = refusalOf(await handler.call(`${TREE}/move`, { json: { id: south.id, dataVersion: south.dataVersion, parentId: units.east.id } }));
      expect(refusedMove).toMatchObject({ code: 'GROUP_UNIT_HOLDS' });
      expect(refusedMove.message).toBe('“广州地铁项目部”仍持有额度 ¥1,000,000.00，请先释放后再移动');
      expect(
        refusalOf(await handler.call(`${TREE}/move-check`, { json: { id: south.id, dataVersion: south.dataVersion, parentId: units.east.id } })).message,
      ).toBe(refusedMove.message);
      expect(refusalOf(await handler.call(`${TREE}/remove`, { json: { id: units.dept.id } })).message).toContain('请先释放后再移除');
      expect(await fresh(units.dept.id)).toBeDefined();
      held.clear();
      expect(await dataOf<number>(handler, `${TREE}/remove`, { id: units.dept.id })).toBe(1);
    } finally {
      unregister();
    }
  });

  it('refuses to remove a unit with units below it, and lets the auditor change nothing', async () => {
    expect(refusalOf(await handler.call(`${TREE}/remove`, { json: { id: units.east.id } })).message).toContain('下还有下级单位');
    expect(refusalOf(await auditor.call(`${TREE}/remove`, { json: { id: units.south.id } })).status).toBe(403);
    expect(refusalOf(await auditor.call(`${TREE}/save`, { json: { kind: 'BRANCH', parentId: units.group.id, unitName: '审计分公司' } })).status).toBe(403);
  });

  it('lets exactly one of two simultaneous moves of the same version win', async () => {
    const dept = await add({ kind: 'PROJECT_DEPT', parentId: units.south.id, unitName: '并发项目部' });
    const answers = await Promise.all(
      [units.east.id, units.group.id].map((parentId) => handler.call(`${TREE}/move`, { json: { id: dept.id, dataVersion: dept.dataVersion, parentId } })),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual(['0', 'DATA_VERSION_CONFLICT']);
    expect((await fresh(dept.id)).dataVersion).toBe(1);
  });
});
