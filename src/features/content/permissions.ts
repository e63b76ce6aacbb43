/**
 * The content area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
import { crud, type PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  news: { ...crud('content', 'news'), publish: 'content:news:publish', unpublish: 'content:news:unpublish', pin: 'content:news:pin' },
  notice: { ...crud('content', 'notice'), publish: 'content:notice:publish', unpublish: 'content:notice:unpublish', pin: 'content:notice:pin' },
} as const satisfies PermissionCatalogue;
