/**
 * The products area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
import { crud, type PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  /** The standard library's template versions: drafted by handlers, approved (frozen) by directors. */
  template: { ...crud('product', 'template'), approve: 'product:template:approve' },
  /** Products, agreements and price policies: proposed for approval, in effect once approved. */
  product: { list: 'product:product:list', query: 'product:product:query', add: 'product:product:add', edit: 'product:product:edit' },
  agreement: { list: 'product:agreement:list', query: 'product:agreement:query', add: 'product:agreement:add', edit: 'product:agreement:edit' },
  pricePolicy: { list: 'product:price:list', query: 'product:price:query', add: 'product:price:add' },
} as const satisfies PermissionCatalogue;
