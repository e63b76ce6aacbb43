/**
 * The abs area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
import type { PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  /** Securitisation: asset packages and their issue nodes; add creates a package, edit fills, moves and dates it. */
  absPackage: { list: 'abs:package:list', query: 'abs:package:query', add: 'abs:package:add', edit: 'abs:package:edit' },
  /** Central-registry registrations: add registers, edit amends, extends and cancels (each answered by the registry). */
  zdRegistration: { list: 'zd:registration:list', query: 'zd:registration:query', add: 'zd:registration:add', edit: 'zd:registration:edit' },
} as const satisfies PermissionCatalogue;
