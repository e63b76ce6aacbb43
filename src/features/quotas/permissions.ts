/**
 * The quotas area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
import type { PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  /** Quotas: add applies, edit modifies, dispatch (re-)dispatches, each through its process; export the ledger. */
  quota: {
    list: 'quota:account:list',
    query: 'quota:account:query',
    add: 'quota:account:add',
    edit: 'quota:account:edit',
    dispatch: 'quota:account:dispatch',
    export: 'quota:account:export',
  },
} as const satisfies PermissionCatalogue;
