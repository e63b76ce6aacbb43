/**
 * The credit-notes area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
import type { PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  /** Credit notes: add applies (a level's application), generate makes issuance data, split records a holder's split transfer. */
  creditNote: {
    list: 'credit:note:list',
    query: 'credit:note:query',
    add: 'credit:note:add',
    generate: 'credit:note:generate',
    split: 'credit:note:split',
    export: 'credit:note:export',
  },
} as const satisfies PermissionCatalogue;
