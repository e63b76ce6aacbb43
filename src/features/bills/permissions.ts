/**
 * The bills area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
import type { PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  /** Bills: generate makes a month's bills, submit sends one to Process_BILL_MANAGE, pay registers its payment, invoice invoices it. */
  bill: {
    list: 'finance:bill:list',
    query: 'finance:bill:query',
    generate: 'finance:bill:generate',
    submit: 'finance:bill:submit',
    pay: 'finance:bill:pay',
    invoice: 'finance:bill:invoice',
  },
} as const satisfies PermissionCatalogue;
