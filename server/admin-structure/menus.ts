/**
 * The menu tree's calls (issue 20): the kit's CRUD over the menus table and the buttons under a menu,
 * with the rules of the tree. A component must resolve in the page registry (the list both sides
 * read, src/routes/page-paths.ts); a parent must exist and a move must not loop; a menu with children
 * cannot be removed (its buttons and grants go with it). A new menu is granted as the seed grants
 * one: to every role holding its permission (no permission: the wildcard's alone), with the
 * directories above it, so it shows at those users' next user-info load.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { hasPermission } from '../../src/lib/access';
import { ALL_PERMISSIONS_WILDCARD } from '../../src/lib/permissions';
import { menuButtonResource, menuResource } from '../../src/resources/menus';
import { componentResolves } from '../../src/routes/page-paths';
import type { AppContext } from '../context';
import { crudRoutes, type Row } from '../crud/routes';
import { menus, roleMenus, rolePermissions } from '../db/schema';
import type { Tx } from '../db/tx';
import { aboutField, businessError, validationError } from '../errors';
import { translate } from '../i18n';
import { RESOURCES } from '../resources/registry';
import { menuButtons } from '../db/schema';
import { checkParent, parentOf, type TreeTable } from './tree';

const MENU_TREE: TreeTable = { table: menus, id: menus.id, parentId: menus.parentId, lockKey: 7243101 };

/** The menu rule on a component path: a directory marker or a page the registry resolves. */
export function checkComponent(component: unknown): void {
  if (typeof component !== 'string') return; // absent on an update that leaves it
  if (!componentResolves(component.trim(), RESOURCES)) {
    throw aboutField(validationError(translate('admin:errors.menuComponentUnknown', { component: component.trim() })), 'component');
  }
}

/** Grants a new menu to the roles whose permissions hold it, and the directories above it to them too. */
async function grantNewMenu(tx: Tx, menu: Row): Promise<void> {
  const held = await tx.select({ pkRole: rolePermissions.pkRole, permission: rolePermissions.permission }).from(rolePermissions);
  const byRole = new Map<string, string[]>();
  for (const { pkRole, permission } of held) byRole.set(pkRole, [...(byRole.get(pkRole) ?? []), permission]);
  const permission = typeof menu.permission === 'string' && menu.permission ? menu.permission : undefined;
  const roles = [...byRole]
    .filter(([, perms]) => (permission ? hasPermission(perms, permission) : perms.includes(ALL_PERMISSIONS_WILDCARD)))
    .map(([pkRole]) => pkRole);
  if (!roles.length) return;
  const chain: string[] = [];
  for (let at: string | null = String(menu.id); at !== null && !chain.includes(at);) {
    chain.push(at);
    const [row] = await tx.select({ parentId: menus.parentId }).from(menus).where(eq(menus.id, at));
    at = row?.parentId ?? null;
  }
  await tx
    .insert(roleMenus)
    .values(roles.flatMap((pkRole) => chain.map((menuId) => ({ pkRole, menuId }))))
    .onConflictDoNothing();
}

export function menuRoutes(api: FastifyInstance, ctx: AppContext): void {
  crudRoutes(api, ctx, {
    resource: menuResource,
    table: menus,
    hooks: {
      async beforeWrite(tx, values, mode, target) {
        checkComponent(values.component);
        if (typeof values.component === 'string') values.component = values.component.trim();
        if ('permission' in values) values.permission = typeof values.permission === 'string' && values.permission.trim() ? values.permission.trim() : null;
        if ('redirect' in values) values.redirect = typeof values.redirect === 'string' && values.redirect.trim() ? values.redirect.trim() : null;
        if (mode === 'create' || 'parentId' in values) {
          values.parentId = parentOf(values.parentId);
          const verdict = await checkParent(tx, MENU_TREE, values.parentId as string | null, target.id);
          if (!verdict.ok && verdict.reason === 'missing') throw aboutField(validationError(translate('admin:errors.menuParentMissing')), 'parentId');
          if (!verdict.ok) throw aboutField(businessError('MENU_MOVE_CYCLE', 'admin:errors.menuMoveCycle'), 'parentId');
        }
      },
      async afterWrite(tx, event) {
        if (event.kind === 'create' && event.after) await grantNewMenu(tx, event.after);
      },
      async beforeRemove(tx, rows) {
        const ids = rows.map((row) => String(row.id));
        if (!ids.length) return;
        const [child] = await tx
          .select({ title: menus.title })
          .from(menus)
          .where(and(inArray(menus.parentId, ids), notInArray(menus.id, ids)))
          .limit(1);
        if (child) throw businessError('MENU_HAS_CHILDREN', 'admin:errors.menuHasChildren', { title: child.title });
      },
    },
  });

  crudRoutes(api, ctx, {
    resource: menuButtonResource,
    table: menuButtons,
    hooks: {
      async beforeWrite(tx, values, mode) {
        if (mode !== 'create') return;
        // The menu is read FOR SHARE: its removal waits for this button, then removes it with the menu.
        const [menu] = await tx
          .select({ id: menus.id })
          .from(menus)
          .where(eq(menus.id, String(values.menuId)))
          .for('share');
        if (!menu) throw aboutField(validationError(translate('admin:errors.menuParentMissing')), 'menuId');
      },
    },
  });
}
