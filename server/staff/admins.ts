/**
 * The administrator rules (issue 20): the built-in administrator role (code ROLE.ADMIN, holding the
 * wildcard) is never changed through the API, and at least one enabled account keeps it. Every write
 * that could take the role away from an enabled account (disabling it, changing its roles) first
 * locks the administrator role's row, so two such writes run one after the other: two administrators
 * disabling each other at once cannot both succeed.
 */
import { and, count, eq, ne } from 'drizzle-orm';
import { ROLE } from '../../src/lib/codes';
import { ACCOUNT_STATUS } from '../../src/resources/staff';
import type { Tx } from '../db/tx';
import { roles, userRoles, users } from '../db/schema';
import { businessError } from '../errors';

/** Locks and returns the administrator role's key (null if an operator removed it from the database). */
export async function lockAdminRole(tx: Tx): Promise<string | null> {
  const [row] = await tx.select({ pkRole: roles.pkRole }).from(roles).where(eq(roles.code, ROLE.ADMIN)).for('update');
  return row?.pkRole ?? null;
}

/** Whether the role is the built-in administrator role. */
export const isAdminRole = (role: { code: string }) => role.code === ROLE.ADMIN;

/**
 * Refuses when the account is the last enabled administrator and the write would end that (call
 * with the administrator role locked by lockAdminRole, in the same transaction).
 */
export async function refuseLosingLastAdmin(tx: Tx, adminRole: string | null, userId: string): Promise<void> {
  if (!adminRole) return;
  const [{ others }] = await tx
    .select({ others: count() })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.pkRole, adminRole), eq(users.status, ACCOUNT_STATUS.enabled), ne(users.id, userId)));
  if (others === 0) throw businessError('LAST_ADMIN', 'staff:errors.lastAdmin');
}

/** Whether the account holds the administrator role now. */
export async function holdsAdminRole(tx: Tx, adminRole: string | null, userId: string): Promise<boolean> {
  if (!adminRole) return false;
  const [row] = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.pkRole, adminRole), eq(userRoles.userId, userId)));
  return row !== undefined;
}
