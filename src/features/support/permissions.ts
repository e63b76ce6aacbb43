/**
 * The support area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
import type { PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  /** Online support: list reads the queue and conversations; reply takes, answers and closes one. */
  support: { list: 'support:conversation:list', reply: 'support:conversation:reply' },
} as const satisfies PermissionCatalogue;
