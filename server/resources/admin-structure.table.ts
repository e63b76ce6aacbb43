/**
 * System administration's structure (issue 20), the kit resources' tables (server/crud/served.ts): the organisation (department) tree, positions and
 * who holds them, and the buttons under a menu. Staff accounts reference these (users' organisation
 * and sys_user_positions); roles grant the menus and the buttons' permission strings.
 */
import { foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, recordColumns } from '../db/columns';
import { menus, users } from '../db/schema';

/**
 * One node of the organisation tree. parentId null: a root. A node with children or members cannot be
 * removed (server/admin-structure/orgs.ts); a move cannot put a node under itself or its descendants.
 * The self-reference keeps a parent row from vanishing under its children.
 */
export const sysOrgs = pgTable(
  'sys_orgs',
  {
    id: idColumn(),
    // The self-reference is declared in the extra config below (a column cannot name its own table's type).
    parentId: text('parent_id'),
    orgName: text('org_name').notNull(),
    orgCode: text('org_code').notNull().unique(),
    orderNum: integer('order_num').notNull().default(0),
    leader: text('leader'),
    phone: text('phone'),
    /** Dictionary sys_normal_disable: '0' normal, '1' disabled. */
    status: text('status').notNull().default('0'),
    ...recordColumns(),
  },
  (t) => [index('sys_orgs_parent_idx').on(t.parentId, t.orderNum), foreignKey({ name: 'sys_orgs_parent_fk', columns: [t.parentId], foreignColumns: [t.id] })],
);

/** A position (岗位): the four authorisation positions of spec §6 are seeded under their codes (src/lib/access.ts POSITIONS). */
export const sysPositions = pgTable('sys_positions', {
  id: idColumn(),
  positionCode: text('position_code').notNull().unique(),
  positionName: text('position_name').notNull(),
  orderNum: integer('order_num').notNull().default(0),
  /** Dictionary sys_normal_disable. */
  status: text('status').notNull().default('0'),
  remark: text('remark'),
  ...recordColumns(),
});

/** Who holds which position: staff accounts (issue 20 item 1) write it; a held position cannot be removed. */
export const sysUserPositions = pgTable(
  'sys_user_positions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    positionId: text('position_id')
      .notNull()
      .references(() => sysPositions.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.positionId] }), index('sys_user_positions_position_idx').on(t.positionId)],
);

/**
 * A button under a menu (RuoYi's menu type F): a permission string the role editor offers beside the
 * menu. Seeded from each declared resource's write actions; removed with its menu.
 */
export const menuButtons = pgTable(
  'menu_buttons',
  {
    id: idColumn(),
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    permission: text('permission').notNull(),
    orderNum: integer('order_num').notNull().default(0),
    ...recordColumns(),
  },
  (t) => [uniqueIndex('menu_buttons_menu_permission_uq').on(t.menuId, t.permission)],
);
