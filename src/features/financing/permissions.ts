/**
 * The financing area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
import type { PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  /** Financing qualification: handlers start, complete (edit) and sign applications; directors review their files. */
  financing: {
    list: 'financing:application:list',
    query: 'financing:application:query',
    add: 'financing:application:add',
    edit: 'financing:application:edit',
    review: 'financing:application:review',
    sign: 'financing:application:sign',
  },
} as const satisfies PermissionCatalogue;
