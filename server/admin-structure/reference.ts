/**
 * System administration's reference data (issue 20), reconciled at every start under the same ledger
 * as the rest (reference_items, server/db/reference.ts): what the code declares and the database has
 * not received yet is added, once; an operator's edit or removal stays. Kinds of its own:
 *  - menuPermission (a menuUri): the permission a seeded menu's calls need, written where the menu has
 *    none yet, so an install older than the column gets it as a fresh one does;
 *  - menuButton ("menuUri|permission"): the buttons under a resource's menu, one per permission its
 *    declarations name beside the menu's own;
 *  - position (a code): the four authorisation positions of spec §6;
 *  - demoOrgs, demoUserPositions: the demo world's organisation tree and the personas' positions;
 *  - demoUserOrgs: the personas' departments, given once to a persona that has none (a fresh install,
 *    or one an earlier release made before departments, whose migration could not place them).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { POSITIONS } from '../../src/lib/access';
import { resourcePermissions, type AnyResource } from '../../src/crud/resource';
import type { Db } from '../db/open';
import { declaredMenuTree, flattenMenus, menuId } from '../db/reference';
import { menus, referenceGaps, referenceItems, users } from '../db/schema';
import { PERSONAS } from '../db/seed-data/personas';
import type { Tx } from '../db/tx';
import { hasMessage, translate } from '../i18n';
import { menuButtons, sysOrgs, sysPositions, sysUserPositions } from '../db/schema';

type Kind = 'menuPermission' | 'menuButton' | 'position' | 'demoOrgs' | 'demoUserPositions' | 'demoUserOrgs';

/** The demo world's organisation tree: the platform's operating company, its departments and branches. */
export const DEMO_ORGS = [
  { id: 'org-hq', parentId: null, orgCode: 'HQ', orgName: '供应链金融服务平台运营中心', orderNum: 10, leader: '系统管理员' },
  { id: 'org-ops', parentId: 'org-hq', orgCode: 'OPS', orgName: '运营管理部', orderNum: 10, leader: '主管李四' },
  { id: 'org-ops-review', parentId: 'org-ops', orgCode: 'OPS-REVIEW', orgName: '业务审核组', orderNum: 10, leader: '经办人张三' },
  { id: 'org-risk', parentId: 'org-hq', orgCode: 'RISK', orgName: '风险管理部', orderNum: 20, leader: '主管王五' },
  { id: 'org-audit', parentId: 'org-hq', orgCode: 'AUDIT', orgName: '审计部', orderNum: 30, leader: '审计员赵六' },
  { id: 'org-east', parentId: 'org-hq', orgCode: 'EAST', orgName: '华东运营分公司', orderNum: 40, leader: null },
  { id: 'org-south', parentId: 'org-hq', orgCode: 'SOUTH', orgName: '华南运营分公司', orderNum: 50, leader: '代理运营孙七' },
] as const;

export const positionId = (code: string) => `pos-${code}`;

/** The four authorisation positions of spec §6, under the codes user info reports (src/lib/access.ts). */
export function declaredPositions() {
  return Object.values(POSITIONS).map((code, i) => ({
    id: positionId(code),
    positionCode: code,
    positionName: translate(`admin:position.seeded.${code}`),
    orderNum: (i + 1) * 10,
  }));
}

const ACTION_ORDER = ['query', 'add', 'edit', 'remove', 'export', 'download'];

/** The buttons under each resource menu: every permission of the resources sharing its menuUri but the menu's own. */
export function declaredButtons(resources: readonly AnyResource[]) {
  const withMenu = new Map(resources.filter((r) => r.menu).map((r) => [r.menuUri, r]));
  const buttons: Array<{ menuUri: string; permission: string; title: string; orderNum: number }> = [];
  for (const [menuUri, main] of withMenu) {
    const seen = new Set([main.permissions.list]);
    for (const resource of resources.filter((r) => r.menuUri === menuUri)) {
      const suffix = resource === main ? '' : `（${translate(resource.item ?? resource.title)}）`;
      // Row actions by their button's label; CRUD actions by their name; anything else by its permission string.
      const named = new Map<string, string>(Object.values(resource.actions ?? {}).map((action) => [action.permission, translate(action.label)]));
      for (const [action, permission] of Object.entries(resource.permissions)) {
        const key = `admin:menuButton.actions.${action}`;
        if (typeof permission === 'string' && !named.has(permission) && hasMessage(key)) named.set(permission, translate(key));
      }
      for (const permission of resourcePermissions(resource)) {
        if (seen.has(permission)) continue;
        seen.add(permission);
        const action = permission.slice(permission.lastIndexOf(':') + 1);
        const rank = ACTION_ORDER.indexOf(action);
        buttons.push({
          menuUri,
          permission,
          title: `${named.get(permission) ?? permission}${suffix}`,
          orderNum: (rank < 0 ? ACTION_ORDER.length + buttons.length : rank + 1) * 10,
        });
      }
    }
  }
  return buttons;
}

async function received(tx: Tx, kind: Kind): Promise<Set<string>> {
  return new Set((await tx.select({ key: referenceItems.key }).from(referenceItems).where(eq(referenceItems.kind, kind))).map((r) => r.key));
}

async function ledger(tx: Tx, kind: Kind, keys: readonly string[]): Promise<void> {
  if (keys.length)
    await tx
      .insert(referenceItems)
      .values(keys.map((key) => ({ kind, key })))
      .onConflictDoNothing();
}

export interface AdminStructureOptions {
  resources: readonly AnyResource[];
  demoMode: boolean;
}

export async function reconcileAdminStructure(db: Db, options: AdminStructureOptions): Promise<void> {
  await db.transaction(async (tx) => {
    // The lock reference.ts takes: two servers starting on one database do not both insert.
    await tx.execute(sql`select pg_advisory_xact_lock(7243025)`);
    const menuIds = new Set((await tx.select({ id: menus.id }).from(menus)).map((m) => m.id));

    const permissionsDone = await received(tx, 'menuPermission');
    const withPermission = flattenMenus(declaredMenuTree(options.resources)).filter((row) => row.permission && !permissionsDone.has(row.menuUri));
    for (const row of withPermission) {
      await tx
        .update(menus)
        .set({ permission: row.permission })
        .where(and(eq(menus.menuUri, row.menuUri), isNull(menus.permission)));
    }
    await ledger(
      tx,
      'menuPermission',
      withPermission.map((row) => row.menuUri),
    );

    const buttonsDone = await received(tx, 'menuButton');
    const buttons = declaredButtons(options.resources).filter((b) => !buttonsDone.has(`${b.menuUri}|${b.permission}`));
    const live = buttons.filter((b) => menuIds.has(menuId(b.menuUri)));
    if (live.length) {
      await tx
        .insert(menuButtons)
        .values(live.map((b) => ({ menuId: menuId(b.menuUri), title: b.title, permission: b.permission, orderNum: b.orderNum })))
        .onConflictDoNothing();
    }
    await ledger(
      tx,
      'menuButton',
      buttons.map((b) => `${b.menuUri}|${b.permission}`),
    );

    const positionsDone = await received(tx, 'position');
    const positions = declaredPositions().filter((p) => !positionsDone.has(p.positionCode));
    if (positions.length) await tx.insert(sysPositions).values(positions).onConflictDoNothing();
    await ledger(
      tx,
      'position',
      positions.map((p) => p.positionCode),
    );

    if (!options.demoMode) return;
    if (!(await received(tx, 'demoOrgs')).has('v1')) {
      await tx
        .insert(sysOrgs)
        .values(DEMO_ORGS.map((o) => ({ ...o })))
        .onConflictDoNothing();
      await ledger(tx, 'demoOrgs', ['v1']);
    }
    if (!(await received(tx, 'demoUserPositions')).has('v1')) {
      const present = new Set(
        (
          await tx
            .select({ id: users.id })
            .from(users)
            .where(
              inArray(
                users.id,
                PERSONAS.map((p) => p.id),
              ),
            )
        ).map((u) => u.id),
      );
      const heldIds = new Set((await tx.select({ id: sysPositions.id }).from(sysPositions)).map((p) => p.id));
      const links = PERSONAS.filter((p) => present.has(p.id)).flatMap((p) => p.positions.map((code) => ({ userId: p.id, positionId: positionId(code) })));
      const valid = links.filter((l) => heldIds.has(l.positionId));
      if (valid.length) await tx.insert(sysUserPositions).values(valid).onConflictDoNothing();
      if (present.size) await ledger(tx, 'demoUserPositions', ['v1']);
    }
    if (!(await received(tx, 'demoUserOrgs')).has('v1')) {
      const orgIds = new Set((await tx.select({ id: sysOrgs.id }).from(sysOrgs)).map((o) => o.id));
      let placed = false;
      for (const persona of PERSONAS.filter((p) => orgIds.has(p.orgId))) {
        // Only an account in no department: one the administrator placed keeps its place.
        const moved = await tx
          .update(users)
          .set({ orgId: persona.orgId })
          .where(and(eq(users.id, persona.id), isNull(users.orgId)))
          .returning({ id: users.id });
        // The upgrade reported the persona as placed nowhere (migration 0020 ran before the demo tree existed): it is placed now.
        if (moved.length)
          await tx
            .delete(referenceGaps)
            .where(and(eq(referenceGaps.tableName, 'users'), eq(referenceGaps.columnName, 'org_id'), eq(referenceGaps.rowId, persona.id)));
        placed ||= moved.length > 0;
      }
      const present = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          inArray(
            users.id,
            PERSONAS.map((p) => p.id),
          ),
        );
      if (placed || present.length) await ledger(tx, 'demoUserOrgs', ['v1']);
    }
  });
}
