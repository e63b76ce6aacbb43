/**
 * The messages area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
import type { PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  /** One's own messages (the bell and 消息中心): every operator role holds it. */
  message: { list: 'message:message:list' },
} as const satisfies PermissionCatalogue;
