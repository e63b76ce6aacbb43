import { decideAccess } from '../providers/access-control';
import { useUserInfo } from '../providers/user';
import { hasPermission, type ResourceAction } from '../lib/access';
import type { AnyResource } from './resource';

/**
 * What the signed-in user may do with a resource, decided synchronously by the access-control
 * provider's rule and following every user-info refresh: buttons appear exactly when the server
 * would accept the call behind them.
 */
export function useResourceAccess(resource: AnyResource): (action: ResourceAction) => boolean {
  const user = useUserInfo();
  return (action) => decideAccess(user, resource.name, action);
}

/** Whether the signed-in user holds a permission string: the check behind a declared row action's button. */
export function useHasPermission(): (permission: string) => boolean {
  const user = useUserInfo();
  return (permission) => !!user && hasPermission(user.menuPerms, permission);
}
