/**
 * The redemption area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
import type { PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  /** Redemption: payments into the settlement account and their audit (付款审核), registrations of notes paid elsewhere. */
  redemption: {
    list: 'credit:redeem:list',
    query: 'credit:redeem:query',
    add: 'credit:redeem:add',
    audit: 'credit:redeem:audit',
    register: 'credit:redeem:register',
  },
} as const satisfies PermissionCatalogue;
