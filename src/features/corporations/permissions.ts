/**
 * The corporations area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
// Only types from the platform's module: this file is read both by the app's imports and by discovery's require()
// (src/routes/area-pages.ts requireAreaFiles, where the end-to-end runner compiles it too), and in that mix a
// runtime import here failed to resolve (CI of 5d3920b); its strings are written out, not made by crud().
import type { PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  corporation: {
    list: 'corp:corporation:list',
    query: 'corp:corporation:query',
    add: 'corp:corporation:add',
    edit: 'corp:corporation:edit',
    remove: 'corp:corporation:remove',
    export: 'corp:corporation:export',
    verify: 'corp:corporation:verify',
  },
  bankAccount: {
    list: 'corp:bankAccount:list',
    query: 'corp:bankAccount:query',
    add: 'corp:bankAccount:add',
    edit: 'corp:bankAccount:edit',
    remove: 'corp:bankAccount:remove',
    export: 'corp:bankAccount:export',
  },
  groupUnit: {
    list: 'group:unit:list',
    query: 'group:unit:query',
    add: 'group:unit:add',
    edit: 'group:unit:edit',
    remove: 'group:unit:remove',
    export: 'group:unit:export',
    move: 'group:unit:move',
  },
  /** Corporate changes (admission, administrator, renaming, accounts): proposed for approval, applied when approved. */
  corpChange: { list: 'corp:change:list', query: 'corp:change:query', add: 'corp:change:add', edit: 'corp:change:edit' },
} as const satisfies PermissionCatalogue;
