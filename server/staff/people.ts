/**
 * The person behind a username, for the screens: a payment's or registration's 登记人 and a real-name
 * admission's 申请人 are shown by the recorder's display name (users.person_name), never the login
 * name; a user since removed keeps the username it was recorded with, as the operation log does.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/open';
import { users } from '../db/schema';

export async function withRecorderNames<T extends { createBy: string | null }>(
  db: Db,
  rows: readonly T[],
): Promise<Array<T & { createByName: string | null }>> {
  const names = [...new Set(rows.map((r) => r.createBy).filter((u): u is string => !!u))];
  const found = names.length
    ? await db.select({ username: users.username, personName: users.personName }).from(users).where(inArray(users.username, names))
    : [];
  const byUsername = new Map(found.map((u) => [u.username, u.personName]));
  return rows.map((r) => ({ ...r, createByName: r.createBy ? (byUsername.get(r.createBy) ?? r.createBy) : null }));
}
