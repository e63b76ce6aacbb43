/**
 * The products area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
// Only types from the platform's module: this file is read both by the app's imports and by discovery's require()
// (src/routes/area-pages.ts requireAreaFiles, where the end-to-end runner compiles it too), and in that mix a
// runtime import here failed to resolve (CI of 5d3920b); its strings are written out, not made by crud().
import type { PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  /** The standard library's template versions: drafted by handlers, approved (frozen) by directors. */
  template: {
    list: 'product:template:list',
    query: 'product:template:query',
    add: 'product:template:add',
    edit: 'product:template:edit',
    remove: 'product:template:remove',
    export: 'product:template:export',
    approve: 'product:template:approve',
  },
  /** Products, agreements and price policies: proposed for approval, in effect once approved. */
  product: { list: 'product:product:list', query: 'product:product:query', add: 'product:product:add', edit: 'product:product:edit' },
  agreement: { list: 'product:agreement:list', query: 'product:agreement:query', add: 'product:agreement:add', edit: 'product:agreement:edit' },
  pricePolicy: { list: 'product:price:list', query: 'product:price:query', add: 'product:price:add' },
} as const satisfies PermissionCatalogue;
