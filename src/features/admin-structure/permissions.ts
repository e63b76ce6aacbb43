/**
 * The admin-structure area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
// Only types from the platform's module: this file is read both by the app's imports and by discovery's require()
// (src/routes/area-pages.ts requireAreaFiles, where the end-to-end runner compiles it too), and in that mix a
// runtime import here failed to resolve (CI of 5d3920b); its strings are written out, not made by crud().
import type { PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  /** The menu tree and the buttons under its menus (issue 20). */
  menu: { list: 'system:menu:list', query: 'system:menu:query', add: 'system:menu:add', edit: 'system:menu:edit', remove: 'system:menu:remove' },
  /** The organisation (department) tree. */
  org: { list: 'system:dept:list', query: 'system:dept:query', add: 'system:dept:add', edit: 'system:dept:edit', remove: 'system:dept:remove' },
  position: {
    list: 'system:post:list',
    query: 'system:post:query',
    add: 'system:post:add',
    edit: 'system:post:edit',
    remove: 'system:post:remove',
    export: 'system:post:export',
  },
  /** Who may do what, computed from the stored grants: read by auditors, exported with its own grant. */
  permissionMatrix: { list: 'system:permmatrix:list', query: 'system:permmatrix:query', export: 'system:permmatrix:export' },
} as const satisfies PermissionCatalogue;
