/**
 * What a role can be granted, as one tree for the role form's checkboxes: the menus as the database
 * holds them, and under each menu its buttons, the permission strings of the resource the menu opens
 * (a menu whose permission is 'system:dict:list' carries every 'system:dict:*' the code knows). A
 * resource's buttons sit under the first menu that opens it; permissions no menu opens (uploading a
 * file, the dashboard) sit in a group of their own at the end.
 *
 * Which permission a menu opens comes from the code's declarations (the seeded tree and each resource's
 * `menu`), the same that decide the seeded roles' menus (server/db/reference.ts grantedMenus), so a
 * role edited here is granted menus by the rule the seed uses: its checked menus, every menu whose
 * permission it holds, and the directories above them.
 */
import { asc } from 'drizzle-orm';
import { knownPermissions, type AnyResource } from '../../src/crud/resource';
import { hasPermission } from '../../src/lib/access';
import { permissionResource } from '../../src/lib/grants';
import { permissionAction } from '../../src/lib/permissions';
import type { GrantTreeNode } from '../../src/resources/staff';
import type { Db } from '../db/open';
import type { Tx } from '../db/tx';
import { declaredMenuTree, flattenMenus } from '../db/reference';
import { menus } from '../db/schema';
import { hasMessage, menuTitle, translate } from '../i18n';

export const MENU_KEY = 'm:';
export const BUTTON_KEY = 'p:';
const OTHER_GROUP = 'g:other';

interface MenuRow {
  id: string;
  parentId: string | null;
  menuUri: string;
  title: string;
  orderNum: number;
}

/** menuUri → the permission its page is opened by, as the code declares it. */
export function declaredMenuPermissions(resources: readonly AnyResource[]): Map<string, string> {
  const rows = flattenMenus(declaredMenuTree(resources));
  return new Map(rows.filter((row) => row.permission).map((row) => [row.menuUri, row.permission!]));
}

const buttonTitle = (permission: string) => {
  const action = permissionAction(permission);
  const key = `staff:role.actions.${action}`;
  return `${hasMessage(key) ? translate(key) : action} · ${permission}`;
};

async function menuRows(db: Db | Tx): Promise<MenuRow[]> {
  return db
    .select({ id: menus.id, parentId: menus.parentId, menuUri: menus.menuUri, title: menus.title, orderNum: menus.orderNum })
    .from(menus)
    .orderBy(asc(menus.orderNum), asc(menus.id));
}

export async function grantTree(db: Db | Tx, resources: readonly AnyResource[]): Promise<GrantTreeNode[]> {
  const rows = await menuRows(db);
  const opens = declaredMenuPermissions(resources);
  const known = knownPermissions(resources).sort();
  const placed = new Set<string>();
  const ids = new Set(rows.map((row) => row.id));
  const childrenOf = new Map<string | null, MenuRow[]>();
  for (const row of rows) {
    // A menu whose parent is gone is shown at the top rather than lost.
    const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  const build = (parent: string | null): GrantTreeNode[] =>
    (childrenOf.get(parent) ?? []).map((row) => {
      const opened = opens.get(row.menuUri);
      const area = opened ? permissionResource(opened) : null;
      const buttons = area && !placed.has(area) ? known.filter((p) => permissionResource(p) === area) : [];
      if (area) placed.add(area);
      const children = [
        ...build(row.id),
        ...buttons.map((p): GrantTreeNode => ({ key: `${BUTTON_KEY}${p}`, title: buttonTitle(p), kind: 'button', value: p })),
      ];
      return { key: `${MENU_KEY}${row.id}`, title: menuTitle(row.menuUri, row.title), kind: 'menu', value: row.id, ...(children.length ? { children } : {}) };
    });
  const tree = build(null);
  const rest = known.filter((p) => !placed.has(permissionResource(p)));
  if (rest.length) {
    tree.push({
      key: OTHER_GROUP,
      title: translate('staff:role.otherPermissions'),
      kind: 'group',
      value: '',
      children: rest.map((p) => ({ key: `${BUTTON_KEY}${p}`, title: buttonTitle(p), kind: 'button', value: p })),
    });
  }
  return tree;
}

/**
 * The menus a role is granted: the chosen ones, each menu whose permission it holds, and every
 * directory above those (the sidebar cannot show a page under a directory it does not have).
 */
export async function menusToGrant(
  db: Db | Tx,
  resources: readonly AnyResource[],
  chosen: readonly string[],
  permissions: readonly string[],
): Promise<string[]> {
  const rows = await menuRows(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const opens = declaredMenuPermissions(resources);
  const granted = new Set<string>();
  const add = (id: string) => {
    for (let at = byId.get(id); at && !granted.has(at.id); at = at.parentId ? byId.get(at.parentId) : undefined) granted.add(at.id);
  };
  for (const id of chosen) add(id);
  for (const row of rows) {
    const opened = opens.get(row.menuUri);
    if (opened && hasPermission(permissions, opened)) add(row.id);
  }
  return [...granted].sort();
}
