/**
 * The hotline area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
import type { PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  /** The hotline (spec §6): dial is the call authorisation; list and query read the call log. */
  hotline: { list: 'hotline:call:list', query: 'hotline:call:query', export: 'hotline:call:export', dial: 'hotline:call:dial' },
} as const satisfies PermissionCatalogue;
