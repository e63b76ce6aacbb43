/**
 * Staff accounts (issue 20): the kit's page and find-by-id over the users table, and the writes the
 * kit cannot serve: create (an RSA-encrypted initial password, changed at first sign-in), edit
 * (name, roles, positions, organisations, the sensitive-data whitelist), disable and enable, reset
 * password. Each write records its operation-log entry, with the account before and after, in its
 * own transaction. The answers are built from a fixed selection that has no password hash, so no
 * call here can answer one.
 *
 * Disabling an account (or resetting its password) deletes its sessions in the same transaction: the
 * sessions table's change notification drops them from every instance's principal cache, so the
 * user's next call answers 401. The principal query also reads only enabled accounts.
 */
import { and, asc, count, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { POSITIONS } from '../../src/lib/access';
import { isStrongPassword } from '../../src/lib/password';
import { SESSION_END_REASON } from '../../src/lib/messages';
import { USER_STATUS } from '../../src/lib/codes';
import { PERMISSIONS } from '../../src/features/staff/permissions';
import { ACCOUNT_STATUS, STAFF_ACTION, staffResource } from '../../src/resources/staff';
import type { AppContext } from '../context';
import { recordBody } from '../crud/body-schema';
import { filterConditions, orderOf, pagingOf, whereOf, type Columns } from '../crud/query';
import { registerReferenceTarget } from '../crud/references';
import type { Db } from '../db/open';
import type { Tx } from '../db/tx';
import { preventiveCheck } from '../audit-rules';
import { corps, loginLocks, roles, sessions, userCorps, userRoles, users } from '../db/schema';
import { loginKey } from '../security/login-protection';
import { duplicateError } from '../db/unique-violation';
import { aboutField, businessError, notFoundError, protocolError, validationError } from '../errors';
import { translate } from '../i18n';
import { actorOf, recordOperation } from '../operation-log/record';
import { route } from '../routes/route';
import { sysOrgs } from '../db/schema';
import { hashPassword } from '../security/password-hash';
import type { Principal } from '../security/sessions';
import { holdsAdminRole, lockAdminRole, refuseLosingLastAdmin } from './admins';
import { decryptedPassword, staffBodies } from './input';
import { listBodyOf } from '../crud/list-body';

// Filters and paging are the kit's (server/crud/query.ts reads them by the resource's declaration): passed through.
/** The filters, order and paging its declaration allows (server/crud/list-body.ts), as the kit's own lists take them. */
const pageBody = listBodyOf(staffResource);

const API = staffResource.apiBase;
/** sys_orgs.status, dictionary sys_normal_disable: '1' disabled. */
const ORG_DISABLED = '1';
const RESOURCE = staffResource.name;

const COLUMNS: Columns = {
  id: users.id,
  username: users.username,
  personName: users.personName,
  status: users.status,
  orgId: users.orgId,
  createTime: users.createTime,
};

/** What an account shows: never its password hash (the selection does not name it). */
const selection = {
  id: users.id,
  username: users.username,
  personName: users.personName,
  status: users.status,
  userStatus: users.userStatus,
  personPosition: users.personPosition,
  sensitiveWhitelist: users.sensitiveWhitelist,
  defaultCorpId: users.defaultCorpId,
  orgId: users.orgId,
  orgName: sql<string | null>`(select o.org_name from sys_orgs o where o.id = "users"."org_id")`,
  dataVersion: users.dataVersion,
  createTime: users.createTime,
  updateTime: users.updateTime,
  // Spelt out qualified: drizzle leaves column names unqualified in a one-table select, and user_roles and roles share pk_role.
  roleIds: sql<string[]>`coalesce((select array_agg(ur.pk_role order by ur.pk_role) from user_roles ur where ur.user_id = "users"."id"), '{}'::text[])`,
  roleNames: sql<
    string[]
  >`coalesce((select array_agg(r.role_name order by r.pk_role) from user_roles ur join roles r on r.pk_role = ur.pk_role where ur.user_id = "users"."id"), '{}'::text[])`,
  corpIds: sql<string[]>`coalesce((select array_agg(uc.corp_id order by uc.corp_id) from user_corps uc where uc.user_id = "users"."id"), '{}'::text[])`,
  corpNames: sql<
    string[]
  >`coalesce((select array_agg(c.corp_name order by c.corp_id) from user_corps uc join corps c on c.corp_id = uc.corp_id where uc.user_id = "users"."id"), '{}'::text[])`,
  // The login lock of the name (five failures, server/security/login-protection.ts); whether it still holds is the server clock's to say.
  lockedUntil: sql<
    string | null
  >`(select to_char(l.locked_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from sys_login_locks l where l.username = "users"."username")`,
};

type StaffRow = Awaited<ReturnType<typeof selectStaff>>[number];

const selectStaff = (db: Db | Tx, where?: SQL) => db.select(selection).from(users).where(where);

const positionName = (code: string) => translate(`staff:staff.positionNames.${code}`);

/** The wire shape of an account, shared by the page, find-by-id and the operation log's before/after. */
export function presentStaff(row: StaffRow) {
  const positions = row.personPosition.split(',').filter(Boolean);
  return {
    id: row.id,
    username: row.username,
    personName: row.personName,
    status: row.status,
    roleIds: row.roleIds,
    roleNames: row.roleNames.join('、'),
    positions,
    positionNames: positions.map(positionName).join('、'),
    corpIds: row.corpIds,
    corpNames: row.corpNames.join('、'),
    defaultCorpId: row.defaultCorpId,
    orgId: row.orgId,
    orgName: row.orgName,
    // The kit's list draws a reference column from its label beside the id (src/crud/resource.ts referenceLabelKey).
    orgIdLabel: row.orgName,
    sensitiveWhitelist: row.sensitiveWhitelist,
    mustChangePassword: row.userStatus === USER_STATUS.INITIAL_PASSWORD,
    lockedUntil: row.lockedUntil,
    dataVersion: row.dataVersion,
    createTime: row.createTime,
    updateTime: row.updateTime,
  };
}

/**
 * Whether the account is locked now (a lock past its time no longer holds): the list's 已锁定 and the
 * 解锁 action follow it. An expired lock's time is not shown.
 */
function lockShown<T extends { lockedUntil: string | null }>(account: T, now: number): T & { locked: boolean } {
  const locked = account.lockedUntil !== null && Date.parse(account.lockedUntil) > now;
  return { ...account, lockedUntil: locked ? account.lockedUntil : null, locked };
}

/**
 * The members of one department (组织机构's 成员): every account placed in it, disabled ones included
 * and marked, with the positions they hold by name. Accounts in its sub-departments are theirs.
 */
export async function departmentMembers(db: Db, orgId: string) {
  const rows = await selectStaff(db, eq(users.orgId, orgId)).orderBy(asc(users.personName), asc(users.username));
  return rows.map((row) => {
    const member = presentStaff(row);
    return {
      id: member.id,
      username: member.username,
      personName: member.personName,
      status: member.status,
      positionNames: member.positionNames,
      roleNames: member.roleNames,
    };
  });
}

async function staffById(db: Db | Tx, id: string) {
  const [row] = await selectStaff(db, eq(users.id, id));
  return row ? presentStaff(row) : null;
}

/** The roles, positions and organisations an account holds, read and checked against the database. */
async function readAssignments(
  tx: Tx,
  body: { roleIds: string[]; positions: string[]; corpIds: string[]; [field: string]: unknown },
  currentOrgId: string | null = null,
) {
  const { roleIds, positions, corpIds } = body;
  if (roleIds.length) {
    const found = new Set((await tx.select({ pkRole: roles.pkRole }).from(roles).where(inArray(roles.pkRole, roleIds))).map((r) => r.pkRole));
    const missing = roleIds.find((id) => !found.has(id));
    if (missing) throw validationError(translate('staff:errors.unknownRole', { id: missing.slice(0, 50) }));
  }
  if (corpIds.length) {
    const found = new Set((await tx.select({ corpId: corps.corpId }).from(corps).where(inArray(corps.corpId, corpIds))).map((c) => c.corpId));
    const missing = corpIds.find((id) => !found.has(id));
    if (missing) throw validationError(translate('staff:errors.unknownCorp', { id: missing.slice(0, 50) }));
  }
  const given = body.defaultCorpId;
  if (given !== undefined && given !== null && given !== '' && (typeof given !== 'string' || !corpIds.includes(given))) {
    throw validationError(translate('staff:errors.defaultCorpNotAssigned'));
  }
  const defaultCorpId = typeof given === 'string' && given !== '' ? given : (corpIds[0] ?? null);
  return { roleIds, positions, corpIds, defaultCorpId, orgId: await readDepartment(tx, body.orgId, currentOrgId) };
}

/**
 * The department (组织机构) an account belongs to: required (the spec names no account outside the
 * organisation), an existing node, and an enabled one (unless the account is in it already). The node is read FOR SHARE, so a removal of it
 * waits for this write and then meets the new member.
 */
async function readDepartment(tx: Tx, value: unknown, current: string | null): Promise<string> {
  if (value === undefined || value === null || value === '') throw aboutField(validationError(translate('staff:errors.orgRequired')), 'orgId');
  if (typeof value !== 'string' || value.length > 200)
    throw aboutField(validationError(translate('staff:errors.unknownOrg', { id: String(value).slice(0, 50) })), 'orgId');
  const [org] = await tx.select({ id: sysOrgs.id, orgName: sysOrgs.orgName, status: sysOrgs.status }).from(sysOrgs).where(eq(sysOrgs.id, value)).for('share');
  if (!org) throw aboutField(validationError(translate('staff:errors.unknownOrg', { id: value.slice(0, 50) })), 'orgId');
  // A department disabled since the account joined it does not stop an edit of the account's other fields.
  if (org.status === ORG_DISABLED && org.id !== current)
    throw aboutField(validationError(translate('staff:errors.orgDisabled', { name: org.orgName })), 'orgId');
  return org.id;
}

async function writeAssignments(tx: Tx, userId: string, assigned: { roleIds: string[]; corpIds: string[] }) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx.delete(userCorps).where(eq(userCorps.userId, userId));
  if (assigned.roleIds.length) await tx.insert(userRoles).values(assigned.roleIds.map((pkRole) => ({ userId, pkRole })));
  if (assigned.corpIds.length) await tx.insert(userCorps).values(assigned.corpIds.map((corpId) => ({ userId, corpId })));
}

/** A strong initial password (spec 5.1's rule), or a refusal naming the rule. */
function checkInitialPassword(password: string): void {
  if (password === '') throw validationError(translate('staff:errors.passwordRequired'));
  if (!isStrongPassword(password)) throw validationError(translate('auth:password.weak'));
}

/** The account locked for a write, at the version the caller read; refusals change nothing. */
async function lockedStaff(tx: Tx, id: string, version?: number) {
  const [row] = await tx.select({ id: users.id, dataVersion: users.dataVersion }).from(users).where(eq(users.id, id)).for('update');
  if (!row) throw notFoundError(translate('server:crud.notFound'));
  if (version !== undefined && row.dataVersion !== version) throw protocolError('DATA_VERSION_CONFLICT');
  return (await staffById(tx, id))!;
}

const bump = (principal: Principal) => ({ dataVersion: sql`${users.dataVersion} + 1`, updateTime: new Date(), updateBy: principal.username });

export function staffRoutes(api: FastifyInstance, ctx: AppContext): void {
  const post = <B, T>(path: string, permission: string, body: z.ZodType<B>, handler: (body: B, principal: Principal, request: FastifyRequest) => Promise<T>) =>
    route(api, {
      method: 'POST',
      path: `${API}/${path}`,
      auth: 'session',
      permission,
      body,
      handler: ({ body, principal, request }) => handler(body, principal, request),
    });
  const { staff } = PERMISSIONS;
  // Staff accounts are referenced by records that name a person (the hotline's caller): their current name is read from here.
  registerReferenceTarget({ resource: staffResource, table: users });

  post('page', staff.list, pageBody, async (body) => {
    const { pageNum, pageSize } = pagingOf(body);
    const where = whereOf(filterConditions(staffResource, COLUMNS, body));
    const order = orderOf(staffResource, COLUMNS, body);
    const rows = await ctx.db
      .select(selection)
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    const [{ total }] = await ctx.db.select({ total: count() }).from(users).where(where);
    return { records: rows.map((row) => lockShown(presentStaff(row), ctx.now())), total, pageNum, pageSize };
  });

  post('find-by-id', staff.query, staffBodies.byId, async (body) => {
    const found = await staffById(ctx.db, body.id);
    if (!found) throw notFoundError(translate('server:crud.notFound'));
    return lockShown(found, ctx.now());
  });

  // The choices of the account form: every role (disabled ones marked), position and organisation.
  post('options', staff.query, z.object({}), async () => ({
    roles: await ctx.db
      .select({ id: roles.pkRole, roleName: roles.roleName, code: roles.code, status: roles.status })
      .from(roles)
      .orderBy(asc(roles.createTime), asc(roles.pkRole)),
    corps: await ctx.db.select({ id: corps.corpId, corpName: corps.corpName }).from(corps).orderBy(asc(corps.corpId)),
    // The organisation tree, flat (the form builds the tree-select from parentId); disabled nodes marked.
    orgs: await ctx.db
      .select({ id: sysOrgs.id, parentId: sysOrgs.parentId, orgName: sysOrgs.orgName, status: sysOrgs.status })
      .from(sysOrgs)
      .orderBy(asc(sysOrgs.orderNum), asc(sysOrgs.orgName)),
    positions: Object.values(POSITIONS).map((code) => ({ id: code, name: positionName(code) })),
  }));

  // The account's declared fields by their rules (derived once, here), beside the lists and the password.
  const saveBody = recordBody(staffResource, 'create', staffBodies.save);
  const updateBody = recordBody(staffResource, 'update', staffBodies.update);

  post('save', staff.add, saveBody, async ({ values, sent, password: cipher, ...assignments }, principal, request) => {
    const password = decryptedPassword(cipher, (sealed) => ctx.keys.decrypt(sealed));
    checkInitialPassword(password);
    const passwordHash = await hashPassword(password, ctx.passwordCost);
    try {
      return await ctx.db.transaction(async (tx) => {
        // The department and the default corporation are read with the database, from the body as sent.
        const assigned = await readAssignments(tx, { ...sent, ...assignments });
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, values.username));
        if (taken) throw businessError('DUPLICATE', 'staff:errors.usernameTaken', { username: values.username });
        const [{ id }] = await tx
          .insert(users)
          .values({
            username: values.username,
            personName: values.personName,
            sensitiveWhitelist: values.sensitiveWhitelist ?? false,
            passwordHash,
            // The first sign-in must change the password the administrator chose (spec 4.1).
            userStatus: USER_STATUS.INITIAL_PASSWORD,
            status: ACCOUNT_STATUS.enabled,
            personPosition: assigned.positions.join(','),
            defaultCorpId: assigned.defaultCorpId,
            orgId: assigned.orgId,
            createBy: principal.username,
            updateBy: principal.username,
          })
          .returning({ id: users.id });
        const rulesCheck = await preventiveCheck(tx, { user: id });
        await writeAssignments(tx, id, assigned);
        // Auditors' rules (issue 41): roles that together hold conflicting functions are refused.
        await rulesCheck.refuseNew(new Date(ctx.now()));
        const after = (await staffById(tx, id))!;
        await recordOperation(tx, actorOf(request, principal), { resource: RESOURCE, recordId: id, action: 'CREATE', after });
        return after;
      });
    } catch (error) {
      // Two simultaneous creations of one name: the unique index refuses the second.
      throw duplicateError(error) ?? error;
    }
  });

  post('update-by-id', staff.edit, updateBody, async ({ id, dataVersion: version, values, sent, roleIds, positions, corpIds }, principal, request) => {
    return ctx.db.transaction(async (tx) => {
      const adminRole = await lockAdminRole(tx);
      const before = await lockedStaff(tx, id, version);
      // A list the body left out keeps the account's, and with its organisations kept so is its default one, unless the body names another.
      const kept = {
        roleIds: roleIds ?? before.roleIds,
        positions: positions ?? before.positions,
        corpIds: corpIds ?? before.corpIds,
        defaultCorpId: corpIds === undefined && sent.defaultCorpId === undefined ? before.defaultCorpId : sent.defaultCorpId,
      };
      const assigned = await readAssignments(tx, { ...sent, ...kept }, before.orgId);
      // Taking the administrator role from the last enabled administrator would leave nobody to administer.
      if (adminRole && before.status === ACCOUNT_STATUS.enabled && (await holdsAdminRole(tx, adminRole, id)) && !assigned.roleIds.includes(adminRole)) {
        await refuseLosingLastAdmin(tx, adminRole, id);
      }
      await tx
        .update(users)
        .set({
          // A field the body left out keeps its value (undefined is no column to drizzle), as the declaration's update says.
          personName: values.personName,
          sensitiveWhitelist: values.sensitiveWhitelist,
          personPosition: assigned.positions.join(','),
          defaultCorpId: assigned.defaultCorpId,
          orgId: assigned.orgId,
          ...bump(principal),
        })
        .where(eq(users.id, id));
      const rulesCheck = await preventiveCheck(tx, { user: id });
      await writeAssignments(tx, id, assigned);
      await rulesCheck.refuseNew(new Date(ctx.now()));
      // A session whose organisation was taken away has no business in it any more.
      if (assigned.corpIds.length === 0) await tx.update(sessions).set({ corpId: null }).where(eq(sessions.userId, id));
      else
        await tx
          .update(sessions)
          .set({ corpId: assigned.defaultCorpId })
          .where(and(eq(sessions.userId, id), notInArray(sessions.corpId, assigned.corpIds)));
      const after = (await staffById(tx, id))!;
      await recordOperation(tx, actorOf(request, principal), { resource: RESOURCE, recordId: id, action: 'UPDATE', before, after });
      return after;
    });
  });

  const setStatus =
    (target: (typeof ACCOUNT_STATUS)[keyof typeof ACCOUNT_STATUS]) =>
    async ({ id }: { id: string }, principal: Principal, request: FastifyRequest) => {
      const disabling = target === ACCOUNT_STATUS.disabled;
      if (disabling && id === principal.userId) throw businessError('CANNOT_DISABLE_SELF', 'staff:errors.cannotDisableSelf');
      const after = await ctx.db.transaction(async (tx) => {
        const adminRole = disabling ? await lockAdminRole(tx) : null;
        const before = await lockedStaff(tx, id);
        if (before.status === target) throw businessError('STATUS_UNCHANGED', disabling ? 'staff:errors.alreadyDisabled' : 'staff:errors.alreadyEnabled');
        if (disabling && (await holdsAdminRole(tx, adminRole, id))) await refuseLosingLastAdmin(tx, adminRole, id);
        await tx
          .update(users)
          .set({ status: target, ...bump(principal) })
          .where(eq(users.id, id));
        // A disabled account's sessions end with it, in the same transaction.
        if (disabling) await ctx.sessions.endAllForUser(id, tx, SESSION_END_REASON.DISABLED);
        const changed = (await staffById(tx, id))!;
        await recordOperation(tx, actorOf(request, principal), {
          resource: RESOURCE,
          recordId: id,
          action: disabling ? STAFF_ACTION.disable : STAFF_ACTION.enable,
          before,
          after: changed,
        });
        return changed;
      });
      return after;
    };
  post('disable', staff.status, staffBodies.byId, setStatus(ACCOUNT_STATUS.disabled));
  post('enable', staff.status, staffBodies.byId, setStatus(ACCOUNT_STATUS.enabled));

  post('reset-password', staff.resetPwd, staffBodies.resetPassword, async (body, principal, request) => {
    const { id } = body;
    // One's own password is changed with the old one (修改密码), not reset.
    if (id === principal.userId) throw businessError('CANNOT_RESET_SELF', 'staff:errors.cannotResetSelf');
    const password = decryptedPassword(body.password, (cipher) => ctx.keys.decrypt(cipher));
    checkInitialPassword(password);
    const passwordHash = await hashPassword(password, ctx.passwordCost);
    return ctx.db.transaction(async (tx) => {
      const before = await lockedStaff(tx, id);
      await tx
        .update(users)
        .set({ passwordHash, userStatus: USER_STATUS.INITIAL_PASSWORD, ...bump(principal) })
        .where(eq(users.id, id));
      // A new password is a fresh start: the failures counted against the old one no longer lock the name.
      await tx.delete(loginLocks).where(eq(loginLocks.username, loginKey(before.username)));
      // Whoever held the old password is signed out; the next sign-in must change the new one.
      await ctx.sessions.endAllForUser(id, tx, SESSION_END_REASON.PASSWORD_RESET);
      const after = (await staffById(tx, id))!;
      await recordOperation(tx, actorOf(request, principal), { resource: RESOURCE, recordId: id, action: STAFF_ACTION.resetPassword, before, after });
      return after;
    });
  });

  /**
   * 解锁: ends the login lock of five failures before its time (the administrator has checked who is
   * asking), under the status permission like 停用/启用. Refused for oneself (a signed-in user is not
   * locked, and no one lifts a lock on their own name) and for an account that is not locked now.
   */
  post('unlock', staff.status, staffBodies.unlock, async (body, principal, request) => {
    const { id } = body;
    if (id === principal.userId) throw businessError('CANNOT_UNLOCK_SELF', 'staff:errors.cannotUnlockSelf');
    return ctx.db.transaction(async (tx) => {
      const account = await lockedStaff(tx, id, body.dataVersion);
      const before = lockShown(account, ctx.now());
      if (!before.locked) throw businessError('NOT_LOCKED', 'staff:errors.notLocked', { name: before.personName });
      await tx.delete(loginLocks).where(eq(loginLocks.username, loginKey(before.username)));
      await tx.update(users).set(bump(principal)).where(eq(users.id, id));
      const after = lockShown((await staffById(tx, id))!, ctx.now());
      await recordOperation(tx, actorOf(request, principal), { resource: RESOURCE, recordId: id, action: STAFF_ACTION.unlock, before, after });
      return after;
    });
  });
}
