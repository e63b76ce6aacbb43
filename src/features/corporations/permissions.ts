/**
 * The corporations area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
import { crud, type PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  corporation: { ...crud('corp', 'corporation'), verify: 'corp:corporation:verify' },
  bankAccount: crud('corp', 'bankAccount'),
  groupUnit: { ...crud('group', 'unit'), move: 'group:unit:move' },
  /** Corporate changes (admission, administrator, renaming, accounts): proposed for approval, applied when approved. */
  corpChange: { list: 'corp:change:list', query: 'corp:change:query', add: 'corp:change:add', edit: 'corp:change:edit' },
} as const satisfies PermissionCatalogue;
