/**
 * The staff area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
import type { PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  /** Staff accounts (issue 20): status disables or enables one, resetPwd sets a new initial password. */
  staff: {
    list: 'system:user:list',
    query: 'system:user:query',
    add: 'system:user:add',
    edit: 'system:user:edit',
    status: 'system:user:status',
    resetPwd: 'system:user:resetPwd',
  },
  /** Roles and what they grant (menus and permission strings). */
  role: { list: 'system:role:list', query: 'system:role:query', add: 'system:role:add', edit: 'system:role:edit', remove: 'system:role:remove' },
} as const satisfies PermissionCatalogue;
