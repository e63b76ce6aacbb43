/**
 * Refine's accessControlProvider: a thin view of the rules in src/lib/access.ts over the signed-in
 * user's grants. `can({ resource, action })` asks the resource declaration which permission the
 * action needs (the same lookup the server's CRUD routes make); `params.permissions` and
 * `params.roles` ask the HasPermi / HasRole rules directly.
 */
import type { AccessControlProvider } from '@refinedev/core';
import { canPerform, hasAnyPermission, hasAnyRole } from '../lib/access';
import type { UserInfo } from '../protocol';
import { findResource } from '../resources';
import { userStore } from './user';

export interface AccessParams {
  permissions?: readonly string[];
  roles?: readonly string[];
}

/** The one decision, synchronous, for providers and components alike. */
export function decideAccess(user: UserInfo | undefined, resource: string | undefined, action: string, params?: AccessParams): boolean {
  if (!user) return false;
  if (params?.permissions && !hasAnyPermission(user.menuPerms, params.permissions)) return false;
  if (params?.roles && !hasAnyRole(user.authorities, params.roles)) return false;
  if (resource === undefined) return !!(params?.permissions || params?.roles);
  const declaration = findResource(resource);
  return !!declaration && canPerform(user.menuPerms, declaration.permissions, action);
}

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => ({ can: decideAccess(userStore.get(), resource, action, params as AccessParams | undefined) }),
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
