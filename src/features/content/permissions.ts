/**
 * The content area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
// Only types from the platform's module: this file is read both by the app's imports and by discovery's require()
// (src/routes/area-pages.ts requireAreaFiles, where the end-to-end runner compiles it too), and in that mix a
// runtime import here failed to resolve (CI of 5d3920b); its strings are written out, not made by crud().
import type { PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  news: {
    list: 'content:news:list',
    query: 'content:news:query',
    add: 'content:news:add',
    edit: 'content:news:edit',
    remove: 'content:news:remove',
    export: 'content:news:export',
    publish: 'content:news:publish',
    unpublish: 'content:news:unpublish',
    pin: 'content:news:pin',
  },
  notice: {
    list: 'content:notice:list',
    query: 'content:notice:query',
    add: 'content:notice:add',
    edit: 'content:notice:edit',
    remove: 'content:notice:remove',
    export: 'content:notice:export',
    publish: 'content:notice:publish',
    unpublish: 'content:notice:unpublish',
    pin: 'content:notice:pin',
  },
} as const satisfies PermissionCatalogue;
