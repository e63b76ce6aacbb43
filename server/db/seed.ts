/**
 * The data a start needs. Reference data (roles and grants, menus, dictionaries, configs) is
 * reconciled at every start (./reference.ts); first-start data (corporate entities, the personas,
 * demo records) is written only when the users table is empty, in one transaction, and inserts
 * nothing that already exists.
 */
import { count } from 'drizzle-orm';
import type { Db } from './open';
import { certificates, corps, userCorps, userRoles, users } from './schema';
import { USER_STATUS } from '../../src/lib/codes';
import { CORPS, PERSONAS, ROLES, type PersonaSeed } from './seed-data/personas';
import { reconcileReference } from './reference';
import type { AnyResource } from '../../src/crud/resource';
import { RESOURCES } from '../resources/registry';
import { demoCertificates } from './seed-data/certificates';
import { hashPassword, type ScryptCost } from '../security/password-hash';

export interface SeedOptions {
  /**
   * true: all seven demo personas with their published passwords. false: only op_admin, which must
   * change its published initial password at first login.
   */
  demoMode: boolean;
  passwordCost?: ScryptCost;
  /** The declared resources whose menus and permissions join the reference data (default: src/resources). */
  resources?: readonly AnyResource[];
}

export { menuId } from './reference';

/** Reconciles the reference data, then writes the first-start data if the database has no user; true when it did. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  await reconcileReference(db, options.resources ?? RESOURCES);
  const [{ users: existing }] = await db.select({ users: count() }).from(users);
  if (existing > 0) return false;

  const personas: PersonaSeed[] = options.demoMode
    ? [...PERSONAS]
    : PERSONAS.filter((p) => p.username === 'op_admin').map((p) => ({ ...p, userStatus: USER_STATUS.INITIAL_PASSWORD }));
  // Hashing is the slow part: do it before the transaction opens.
  const hashes = await Promise.all(personas.map((p) => hashPassword(p.password, options.passwordCost)));

  await db.transaction(async (tx) => {
    await tx
      .insert(corps)
      .values([...CORPS])
      .onConflictDoNothing();
    await tx
      .insert(users)
      .values(
        personas.map((p, i) => ({
          id: p.id,
          username: p.username,
          passwordHash: hashes[i],
          personName: p.personName,
          userStatus: p.userStatus,
          personPosition: p.positions.join(','),
          sensitiveWhitelist: p.sensitiveWhitelist,
          defaultCorpId: p.corps[0],
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(userCorps)
      .values(personas.flatMap((p) => p.corps.map((corpId) => ({ userId: p.id, corpId }))))
      .onConflictDoNothing();
    const pkRoleOf = new Map(ROLES.map((r) => [r.code, r.pkRole]));
    await tx
      .insert(userRoles)
      .values(personas.map((p) => ({ userId: p.id, pkRole: pkRoleOf.get(p.role)! })))
      .onConflictDoNothing();

    if (options.demoMode) await tx.insert(certificates).values(demoCertificates(new Date())).onConflictDoNothing();
  });
  return true;
}
