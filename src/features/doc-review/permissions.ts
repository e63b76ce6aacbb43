/**
 * The doc-review area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
import type { PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  /** Document review (spec §4.2): query reads materials and verdicts; audit writes a verdict or a segment's reason. */
  docReview: { query: 'doc:review:query', audit: 'doc:review:audit' },
} as const satisfies PermissionCatalogue;
