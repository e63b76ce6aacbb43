/**
 * What a unit of the group tree is called. A unit that stands for a corporation (a group, a member
 * customer, a subsidiary with its own corporation) is named by that corporation's current name, read
 * in the query itself, so a renaming approved through 企业自主更名 shows at once in the tree and
 * everywhere a unit is named (quota accounts, the ledger, dispatch forms, issuance's unit), with no copy
 * to keep in sync. A unit with no corporation (a branch or project department of the group) keeps the
 * name the operator gave it. Every reader names a unit through here, never through the raw column.
 */
import { getTableColumns, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { qualified } from '../db/qualified';
import { groupUnits } from '../db/schema';

type UnitTable = typeof groupUnits;

/** The unit's current name; works on an aliased table too (a parent, a counterpart, a group). */
export function unitNameOf(t: UnitTable): SQL<string> {
  return sql<string>`coalesce((select c.corp_name from corporations c where c.id = ${qualified(t.corpId)}), ${qualified(t.ownName)})`;
}

/** The current name of the unit a record points at by `column` (a unit id): for records that name a unit. */
export function unitNameById(column: AnyColumn): SQL<string> {
  return sql<string>`(select coalesce(c.corp_name, u.unit_name) from group_units u left join corporations c on c.id = u.corp_id where u.id = ${qualified(column)})`;
}

/** Every column of a unit, with its current name as `unitName`: for reads of whole unit rows. */
export const unitColumns = { ...getTableColumns(groupUnits), unitName: unitNameOf(groupUnits) };

export type UnitRow = typeof groupUnits.$inferSelect & { unitName: string };
