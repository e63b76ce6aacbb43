/**
 * The permission rule, one pure function for the browser's access control and the server's
 * route guards: a user holds a permission when menuPerms lists it or holds the wildcard.
 */
import { ALL_PERMISSIONS_WILDCARD } from './permissions';

export function hasPermission(menuPerms: readonly string[], required: string): boolean {
  return menuPerms.includes(ALL_PERMISSIONS_WILDCARD) || menuPerms.includes(required);
}

/** True when the user holds at least one of the listed permissions. */
export function hasAnyPermission(menuPerms: readonly string[], required: readonly string[]): boolean {
  return required.some((p) => hasPermission(menuPerms, p));
}
