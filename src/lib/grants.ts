/**
 * Role grants as rules over actions, not lists of permission strings: "every read action of every
 * resource" (the auditor) or "these actions of these resources" (a working role per area). The seed
 * expands a role's rules over every permission the code knows, so a resource declared later is
 * granted by the rules already written. Permissions read area:resource:action; a rule's resource is
 * the part before the action ('cert:certificate').
 */
import { ALL_PERMISSIONS_WILDCARD, READ_ONLY_ACTIONS, permissionAction } from './permissions';

export type GrantRule =
  /** These actions of these resources; '*' for any. */
  | { resources: '*' | readonly string[]; actions: '*' | readonly string[] }
  /** Single permissions that belong to no resource (the dashboard, uploading a file). */
  | { permissions: readonly string[] };

/** The actions that change nothing: what a read-only role is given. */
export const READ_ACTIONS: readonly string[] = [...READ_ONLY_ACTIONS];

export const permissionResource = (permission: string) => permission.slice(0, permission.lastIndexOf(':'));

/** The resource of a group of permission strings (an area's permissions.ts), e.g. the quotas area's quota → 'quota:account'. */
export const resourceOf = (permissions: Readonly<Record<string, string>>) => permissionResource(Object.values(permissions)[0]);

export function ruleGrants(rule: GrantRule, permission: string): boolean {
  if ('permissions' in rule) return rule.permissions.includes(permission);
  const resourceOk = rule.resources === '*' || rule.resources.includes(permissionResource(permission));
  const actionOk = rule.actions === '*' || rule.actions.includes(permissionAction(permission));
  return resourceOk && actionOk;
}

/** The permissions a role's rules grant out of those the code knows; 'all' is the wildcard. */
export function expandGrants(rules: readonly GrantRule[] | 'all', known: Iterable<string>): string[] {
  if (rules === 'all') return [ALL_PERMISSIONS_WILDCARD];
  return [...new Set(known)].filter((permission) => rules.some((rule) => ruleGrants(rule, permission))).sort();
}
