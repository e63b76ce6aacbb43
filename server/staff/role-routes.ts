/**
 * Roles (issue 20): the kit's page and find-by-id over the roles table (a record's id is the role's
 * key), and the writes: create, edit (name, status, the menus and permission strings granted), remove.
 * Each write records its operation-log entry, with the role and its grants before and after, in its
 * own transaction.
 *
 * A change reaches signed-in users without signing in again: the server reads a session's
 * permissions into a cached principal, and the triggers on roles, role_permissions and user_roles
 * (migration 0001) drop every cached principal when one of them changes, so the next call is checked
 * against the new grants; the browser reads them at its next user-info load. A disabled role grants
 * nothing (server/security/sessions.ts, the granted menu tree). The built-in administrator role holds
 * the wildcard and is not changed here (server/staff/admins.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { knownPermissions } from '../../src/crud/resource';
import { PERMISSIONS } from '../../src/features/staff/permissions';
import { ROLE_CALLS, roleResource, type RoleGrants } from '../../src/resources/staff';
import type { AppContext } from '../context';
import { checkDictValues } from '../crud/checks';
import { recordBody } from '../crud/body-schema';
import { filterConditions, orderOf, pagingOf, whereOf, type Columns } from '../crud/query';
import type { Db } from '../db/open';
import type { Tx } from '../db/tx';
import { menus, roleMenus, rolePermissions, roles, userRoles } from '../db/schema';
import { duplicateError } from '../db/unique-violation';
import { businessError, notFoundError, protocolError, validationError } from '../errors';
import { translate } from '../i18n';
import { preventiveCheck } from '../audit-rules';
import { actorOf, recordOperation } from '../operation-log/record';
import { RESOURCES } from '../resources/registry';
import { route } from '../routes/route';
import type { Principal } from '../security/sessions';
import { isAdminRole } from './admins';
import { grantTree, menusToGrant } from './grant-tree';
import { roleBodies } from './input';
import { listBodyOf } from '../crud/list-body';

// Filters and paging are the kit's (server/crud/query.ts reads them by the resource's declaration): passed through.
/** The filters, order and paging its declaration allows (server/crud/list-body.ts), as the kit's own lists take them. */
const pageBody = listBodyOf(roleResource);

const API = roleResource.apiBase;
/** The status is a code of dictionary sys_normal_disable, checked as the kit checks its dictionary fields. */
const DICT_CHECK = { resource: roleResource, table: roles };
const RESOURCE = roleResource.name;

const COLUMNS: Columns = {
  id: roles.pkRole,
  roleName: roles.roleName,
  code: roles.code,
  status: roles.status,
  createTime: roles.createTime,
};

const selection = {
  id: roles.pkRole,
  roleName: roles.roleName,
  code: roles.code,
  status: roles.status,
  dataVersion: roles.dataVersion,
  createTime: roles.createTime,
  updateTime: roles.updateTime,
  // Qualified by hand: drizzle leaves names unqualified in a one-table select, and user_roles has pk_role too.
  userCount: sql<number>`(select count(*) from user_roles ur where ur.pk_role = "roles"."pk_role")`.mapWith(Number),
};

type RoleRow = Awaited<ReturnType<typeof roleRows>>[number];
const roleRows = (db: Db | Tx) => db.select(selection).from(roles);

const present = (row: RoleRow) => ({ ...row, builtIn: isAdminRole(row) });

async function grantsOf(db: Db | Tx, pkRole: string): Promise<Omit<RoleGrants, 'builtIn'>> {
  const permissions = (await db.select({ p: rolePermissions.permission }).from(rolePermissions).where(eq(rolePermissions.pkRole, pkRole)))
    .map((r) => r.p)
    .sort();
  const menuIds = (await db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.pkRole, pkRole))).map((r) => r.id).sort();
  return { menuIds, permissions };
}

async function roleWithGrants(db: Db | Tx, pkRole: string) {
  const [row] = await roleRows(db).where(eq(roles.pkRole, pkRole));
  if (!row) return null;
  return { ...present(row), ...(await grantsOf(db, pkRole)) };
}

/** The permissions and menus a role is to hold, checked: only permissions the code knows, only menus that exist. */
async function readGrants(tx: Tx, body: { permissions: string[]; menuIds: string[] }) {
  const { permissions, menuIds: chosen } = body;
  const known = new Set(knownPermissions(RESOURCES));
  // The wildcard is the built-in administrator role's alone.
  const unknown = permissions.find((p) => !known.has(p));
  if (unknown) throw validationError(translate('staff:roleErrors.unknownPermission', { permission: unknown.slice(0, 100) }));
  if (chosen.length) {
    const found = new Set((await tx.select({ id: menus.id }).from(menus).where(inArray(menus.id, chosen))).map((m) => m.id));
    const missing = chosen.find((id) => !found.has(id));
    if (missing) throw validationError(translate('staff:roleErrors.unknownMenu', { id: missing.slice(0, 100) }));
  }
  return { permissions: permissions.sort(), menuIds: await menusToGrant(tx, RESOURCES, chosen, permissions) };
}

async function writeGrants(tx: Tx, pkRole: string, grants: { permissions: string[]; menuIds: string[] }) {
  await tx.delete(rolePermissions).where(eq(rolePermissions.pkRole, pkRole));
  await tx.delete(roleMenus).where(eq(roleMenus.pkRole, pkRole));
  if (grants.permissions.length) await tx.insert(rolePermissions).values(grants.permissions.map((permission) => ({ pkRole, permission })));
  if (grants.menuIds.length) await tx.insert(roleMenus).values(grants.menuIds.map((menuId) => ({ pkRole, menuId })));
}

export function roleRoutes(api: FastifyInstance, ctx: AppContext): void {
  const post = <B, T>(path: string, permission: string, body: z.ZodType<B>, handler: (body: B, principal: Principal, request: FastifyRequest) => Promise<T>) =>
    route(api, {
      method: 'POST',
      path: `${API}/${path}`,
      auth: 'session',
      permission,
      body,
      handler: ({ body, principal, request }) => handler(body, principal, request),
    });
  const { role } = PERMISSIONS;

  post('page', role.list, pageBody, async (body) => {
    const { pageNum, pageSize } = pagingOf(body);
    const where = whereOf(filterConditions(roleResource, COLUMNS, body));
    const order = orderOf(roleResource, COLUMNS, body);
    const rows = await roleRows(ctx.db)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    const [{ total }] = await ctx.db.select({ total: count() }).from(roles).where(where);
    return { records: rows.map(present), total, pageNum, pageSize };
  });

  post('find-by-id', role.query, roleBodies.byId, async (body) => {
    const found = await roleWithGrants(ctx.db, body.id);
    if (!found) throw notFoundError(translate('server:crud.notFound'));
    return found;
  });

  post(ROLE_CALLS.grantTree.slice(API.length + 1), role.query, z.object({}), () => grantTree(ctx.db, RESOURCES));

  // The role's declared fields by their rules (derived once, here), beside what it grants.
  const saveBody = recordBody(roleResource, 'create', roleBodies.save);
  const updateBody = recordBody(roleResource, 'update', roleBodies.update);

  post('save', role.add, saveBody, async (body, principal, request) => {
    const { values } = body;
    try {
      return await ctx.db.transaction(async (tx) => {
        await checkDictValues(tx, DICT_CHECK, values);
        const [taken] = await tx.select({ pkRole: roles.pkRole }).from(roles).where(eq(roles.code, values.code));
        if (taken) throw businessError('DUPLICATE', 'staff:roleErrors.codeTaken', { code: values.code });
        const grants = await readGrants(tx, body);
        const pkRole = `r-${randomUUID()}`;
        const rulesCheck = await preventiveCheck(tx, { role: pkRole });
        await tx.insert(roles).values({
          pkRole,
          code: values.code,
          roleName: values.roleName,
          status: values.status,
          createBy: principal.username,
          updateBy: principal.username,
        });
        await writeGrants(tx, pkRole, grants);
        // Auditors' rules (issue 41): a role holding conflicting functions is refused before it exists.
        await rulesCheck.refuseNew(new Date(ctx.now()));
        const after = (await roleWithGrants(tx, pkRole))!;
        await recordOperation(tx, actorOf(request, principal), { resource: RESOURCE, recordId: pkRole, action: 'CREATE', after });
        return after;
      });
    } catch (error) {
      throw duplicateError(error) ?? error;
    }
  });

  post('update-by-id', role.edit, updateBody, async (body, principal, request) => {
    const { id, dataVersion: version, values } = body;
    return ctx.db.transaction(async (tx) => {
      await checkDictValues(tx, DICT_CHECK, values);
      const [locked] = await tx.select({ code: roles.code, dataVersion: roles.dataVersion }).from(roles).where(eq(roles.pkRole, id)).for('update');
      if (!locked) throw notFoundError(translate('server:crud.notFound'));
      if (locked.dataVersion !== version) throw protocolError('DATA_VERSION_CONFLICT');
      if (isAdminRole(locked)) throw businessError('BUILT_IN_ROLE', 'staff:roleErrors.builtIn');
      const before = (await roleWithGrants(tx, id))!;
      // A list the body leaves out keeps the role's (the derived body's rule, as an account's lists): the menus
      // kept are the stored ones, those opened by a permission taken away included, until the menus are sent.
      const grants = await readGrants(tx, { permissions: body.permissions ?? before.permissions, menuIds: body.menuIds ?? before.menuIds });
      const rulesCheck = await preventiveCheck(tx, { role: id });
      await tx
        .update(roles)
        .set({
          // A field the body left out keeps its value (undefined is no column to drizzle), as the declaration's update says.
          roleName: values.roleName,
          status: values.status,
          dataVersion: sql`${roles.dataVersion} + 1`,
          updateTime: new Date(),
          updateBy: principal.username,
        })
        .where(eq(roles.pkRole, id));
      await writeGrants(tx, id, grants);
      // Auditors' rules (issue 41): the role, and everyone holding it, checked as the save leaves them.
      await rulesCheck.refuseNew(new Date(ctx.now()));
      const after = (await roleWithGrants(tx, id))!;
      await recordOperation(tx, actorOf(request, principal), { resource: RESOURCE, recordId: id, action: 'UPDATE', before, after });
      return after;
    });
  });

  post('remove-by-ids', role.remove, roleBodies.remove, async ({ ids }, principal, request) => {
    return ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select({ pkRole: roles.pkRole, code: roles.code, roleName: roles.roleName })
        .from(roles)
        .where(inArray(roles.pkRole, ids))
        .for('update');
      const builtIn = rows.find(isAdminRole);
      if (builtIn) throw businessError('BUILT_IN_ROLE', 'staff:roleErrors.builtIn');
      // Refused rather than taken from its holders: removing what people work with should be a deliberate two-step act.
      const [held] = await tx.select({ pkRole: userRoles.pkRole }).from(userRoles).where(inArray(userRoles.pkRole, ids)).limit(1);
      if (held) throw businessError('ROLE_IN_USE', 'staff:roleErrors.inUse', { roleName: rows.find((r) => r.pkRole === held.pkRole)?.roleName ?? held.pkRole });
      const before = await Promise.all(rows.map((row) => roleWithGrants(tx, row.pkRole)));
      await tx.delete(roles).where(and(inArray(roles.pkRole, ids)));
      for (const entry of before) {
        if (entry) await recordOperation(tx, actorOf(request, principal), { resource: RESOURCE, recordId: entry.id, action: 'REMOVE', before: entry });
      }
      return rows.length;
    });
  });
}
