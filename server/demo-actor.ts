/**
 * A seeded persona as the demo seeds act: the user and its roles, read from the database, in the shape
 * the approvable resources' proposals and the engine's steps take. The demo world of every area
 * (corporate changes, products, quotas, document review) proposes and approves as these personas.
 */
import { eq } from 'drizzle-orm';
import type { Proposer } from './crud/approvals';
import type { AppContext } from './context';
import { roles, userRoles, users } from './db/schema';

export async function demoActorOf(ctx: AppContext, username: string): Promise<Proposer | undefined> {
  const [user] = await ctx.db.select().from(users).where(eq(users.username, username));
  if (!user) return undefined;
  const roleRows = await ctx.db
    .select({ code: roles.code, roleName: roles.roleName, pkRole: roles.pkRole })
    .from(userRoles)
    .innerJoin(roles, eq(roles.pkRole, userRoles.pkRole))
    .where(eq(userRoles.userId, user.id));
  return { userId: user.id, username: user.username, personName: user.personName, roles: roleRows, sensitiveWhitelist: false };
}
