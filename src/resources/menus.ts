/**
 * The menu tree as administrators edit it (issue 20): each node's path, component, icon, hidden,
 * noCache, order and permission, and the buttons under a menu. The server checks every write
 * (server/admin-structure/menus.ts): a component must resolve in the page registry
 * (src/routes/page-paths.ts), a parent must exist and a move must not put a node under itself.
 * The page is a tree of its own (src/features/admin-structure/MenusPage.tsx).
 */
import { defineResource } from '../crud/resource';
import { PERMISSIONS } from '../features/admin-structure/permissions';

const f = (field: string) => `admin:menu.fields.${field}`;

/** Menu uris, paths and permission strings: letters, digits and the separators they use. */
export const MENU_URI_PATTERN = '^[A-Za-z0-9][A-Za-z0-9:_-]*$';
export const MENU_PATH_PATTERN = '^/?[A-Za-z0-9_-]+(/[A-Za-z0-9_:-]+)*$';
export const PERMISSION_PATTERN = '^([A-Za-z0-9_-]+|\\*)(:([A-Za-z0-9_-]+|\\*)){2}$';

export const menuResource = defineResource({
  name: 'menus',
  apiBase: '/op/v1/sys/menus',
  menuUri: 'system:menu',
  menu: { parent: 'system', path: '/op/system/menu', order: 66, icon: 'MenuOutlined' },
  title: 'admin:menu.title',
  item: 'admin:menu.item',
  permissions: PERMISSIONS.menu,
  defaultSort: [
    { field: 'orderNum', order: 'asc' },
    { field: 'menuUri', order: 'asc' },
  ],
  fields: {
    parentId: { type: 'string', label: f('parentId'), maxLength: 100, search: 'eq', column: false },
    title: { type: 'string', label: f('title'), required: true, maxLength: 50, search: 'contains', width: 180 },
    menuUri: {
      type: 'string',
      label: f('menuUri'),
      required: true,
      maxLength: 100,
      unique: true,
      createOnly: true,
      search: 'contains',
      width: 220,
      pattern: { source: MENU_URI_PATTERN, message: 'admin:menu.invalidUri' },
    },
    path: {
      type: 'string',
      label: f('path'),
      required: true,
      maxLength: 200,
      width: 200,
      pattern: { source: MENU_PATH_PATTERN, message: 'admin:menu.invalidPath' },
    },
    component: { type: 'string', label: f('component'), required: true, maxLength: 200, width: 260 },
    icon: { type: 'string', label: f('icon'), maxLength: 60, defaultValue: '', width: 160 },
    orderNum: { type: 'integer', label: f('orderNum'), required: true, min: 0, max: 9999, defaultValue: 0, sortable: true, width: 90 },
    hidden: { type: 'boolean', label: f('hidden'), defaultValue: false, width: 90 },
    noCache: { type: 'boolean', label: f('noCache'), defaultValue: false, width: 90 },
    alwaysShow: { type: 'boolean', label: f('alwaysShow'), defaultValue: false, column: false },
    redirect: { type: 'string', label: f('redirect'), maxLength: 200, column: false },
    permission: {
      type: 'string',
      label: f('permission'),
      maxLength: 100,
      search: 'contains',
      width: 220,
      pattern: { source: PERMISSION_PATTERN, message: 'admin:menu.invalidPermission' },
    },
  },
});

/** The buttons under a menu: permission strings the role editor offers beside it, listed by menuId. */
export const menuButtonResource = defineResource({
  name: 'menu-buttons',
  apiBase: '/op/v1/sys/menu-buttons',
  menuUri: 'system:menu',
  title: 'admin:menuButton.title',
  item: 'admin:menuButton.item',
  permissions: PERMISSIONS.menu,
  defaultSort: { field: 'orderNum', order: 'asc' },
  fields: {
    menuId: { type: 'string', label: 'admin:menuButton.fields.menuId', required: true, maxLength: 100, createOnly: true, search: 'eq', column: false },
    title: { type: 'string', label: 'admin:menuButton.fields.title', required: true, maxLength: 50, width: 160 },
    permission: {
      type: 'string',
      label: 'admin:menuButton.fields.permission',
      required: true,
      maxLength: 100,
      width: 240,
      pattern: { source: PERMISSION_PATTERN, message: 'admin:menu.invalidPermission' },
    },
    orderNum: { type: 'integer', label: 'admin:menuButton.fields.orderNum', required: true, min: 0, max: 9999, defaultValue: 0, width: 90 },
  },
});
