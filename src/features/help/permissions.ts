/**
 * The help area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
import { crud, type PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  /** Help-centre articles: managed (written, published) behind these; reading published ones needs only a session. */
  helpArticle: { ...crud('help', 'article'), publish: 'help:article:publish', unpublish: 'help:article:unpublish' },
} as const satisfies PermissionCatalogue;
