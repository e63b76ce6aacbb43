/**
 * What a unit of the group tree holds that forbids moving or removing it (DOMAIN.md: "a unit that
 * holds quota or has notes outstanding cannot be deleted or moved without releasing them first").
 * The quota and credit-note areas register their checks here; the tree asks before every move and
 * removal, inside its transaction, for the unit and everything below it.
 */
import type { Tx } from '../crud/routes';
import type { Db } from '../db/open';
import { unguarded } from '../operation-log/guard';

/** One thing a unit still holds, named for the operator (e.g. 额度 ¥1,000,000.00, 未兑付白条 3 张). */
export interface UnitHolding {
  unitId: string;
  what: string;
}

export type UnitHoldingCheck = (tx: Tx, unitIds: readonly string[]) => Promise<UnitHolding[]>;

const registries = new WeakMap<Db, Set<UnitHoldingCheck>>();

function checksOf(handle: Db): Set<UnitHoldingCheck> {
  // The server holds the guarded handle, a test may register on the plain one: both name one database.
  const db = unguarded(handle);
  let checks = registries.get(db);
  if (!checks) registries.set(db, (checks = new Set()));
  return checks;
}

/** Adds a check for this database's app; returns its removal. */
export function registerUnitHoldingCheck(db: Db, check: UnitHoldingCheck): () => void {
  const checks = checksOf(db);
  checks.add(check);
  return () => checks.delete(check);
}

/** Everything the units hold, by every registered check. */
export async function unitHoldings(db: Db, tx: Tx, unitIds: readonly string[]): Promise<UnitHolding[]> {
  const found: UnitHolding[] = [];
  for (const check of checksOf(db)) found.push(...(await check(tx, unitIds)));
  return found;
}
