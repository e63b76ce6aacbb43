/**
 * The access rules of spec §6 as pure functions, used by Refine's access-control provider, the
 * HasPermi / HasRole components, the sidebar and the server's route guards alike.
 */
import { ROLE } from './codes';
import { ALL_PERMISSIONS_WILDCARD } from './permissions';

/** Locale keys (namespace access) of the errors spec §8 names for an empty value list. */
export const ACCESS_ERRORS = {
  emptyPermissions: 'access:emptyPermissions',
  emptyRoles: 'access:emptyRoles',
} as const;

/** Thrown when a permission or role check is given nothing to check: a developer error, never "deny". */
export class AccessRuleError extends Error {
  readonly messageKey: string;
  constructor(messageKey: string) {
    super(messageKey);
    this.name = 'AccessRuleError';
    this.messageKey = messageKey;
  }
}

export function hasPermission(menuPerms: readonly string[], required: string): boolean {
  return menuPerms.includes(ALL_PERMISSIONS_WILDCARD) || menuPerms.includes(required);
}

/** True when the user holds at least one of the listed permissions; an empty list is an error. */
export function hasAnyPermission(menuPerms: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) throw new AccessRuleError(ACCESS_ERRORS.emptyPermissions);
  return required.some((p) => hasPermission(menuPerms, p));
}

export interface RoleRef {
  code: string;
  pkRole: string;
}

/**
 * The role check: the role admin passes, otherwise any listed role, matched by its code or pkRole.
 * Spec §6 says "roleName or pkRole" because the original system's roleName carried the code; here a
 * role has a display name (运营主管) that an administrator may rename freely, so it decides nothing:
 * the code is set at creation, unique and never changed (a role renamed "admin" gains nothing).
 */
export function hasAnyRole(authorities: readonly RoleRef[], required: readonly string[]): boolean {
  if (required.length === 0) throw new AccessRuleError(ACCESS_ERRORS.emptyRoles);
  return authorities.some((role) => role.code === ROLE.ADMIN || required.includes(role.code) || required.includes(role.pkRole));
}

/** The four authorisation positions of spec §6, stored comma-separated in personPosition. */
export const POSITIONS = {
  systemAuthDirector: 'SYS_AUTH_DIRECTOR',
  systemAuthOperator: 'SYS_AUTH_OPERATOR',
  departmentAuthDirector: 'DEPT_AUTH_DIRECTOR',
  departmentAuthOperator: 'DEPT_AUTH_OPERATOR',
} as const;

export type PositionName = keyof typeof POSITIONS;

export function positionsOf(personPosition: string | null | undefined): Record<PositionName, boolean> {
  const held = new Set(
    (personPosition ?? '')
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean),
  );
  return {
    systemAuthDirector: held.has(POSITIONS.systemAuthDirector),
    systemAuthOperator: held.has(POSITIONS.systemAuthOperator),
    departmentAuthDirector: held.has(POSITIONS.departmentAuthDirector),
    departmentAuthOperator: held.has(POSITIONS.departmentAuthOperator),
  };
}

export interface MenuNode {
  meta?: { menuUri?: string };
  children?: MenuNode[];
}

/** Every menuUri of a granted menu tree, for synchronous menu-access lookups. */
export function grantedMenuUris(tree: readonly MenuNode[]): Set<string> {
  const uris = new Set<string>();
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (node.meta?.menuUri) uris.add(node.meta.menuUri);
      if (node.children) walk(node.children);
    }
  };
  walk(tree);
  return uris;
}

/** Menu access compares menuUri values: anything the menu tree does not grant is refused. */
export function canAccessMenu(granted: ReadonlySet<string>, menuUri: string): boolean {
  return granted.has(menuUri);
}

/** The call that answers a page resource's element permissions (spec §6). */
export const ELEMENTS_CALL = '/op/v1/security';

/** The resource key under which a page's element permissions are looked up: page key + `.html`. */
export function pageResourceKey(pageKey: string): string {
  return pageKey.endsWith('.html') ? pageKey : `${pageKey}.html`;
}

export interface ElementRef {
  pkResource: string;
}

export const ELEMENT_RETRY = { attempts: 10, intervalMs: 1000 } as const;

/**
 * Element permission check: the page's elements may still be loading, so the check looks again
 * once a second, up to 10 times, before it answers no.
 */
export async function hasElementWhenLoaded(
  loadElements: () => readonly ElementRef[] | undefined,
  elementKey: string,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<boolean> {
  for (let attempt = 1; attempt <= ELEMENT_RETRY.attempts; attempt += 1) {
    const elements = loadElements();
    if (elements) return elements.some((element) => element.pkResource === elementKey);
    if (attempt < ELEMENT_RETRY.attempts) await sleep(ELEMENT_RETRY.intervalMs);
  }
  return false;
}

/**
 * What an operator does with a resource, in Refine's words (`can({ resource, action })`), and the
 * declaration's permission that grants it. The server's CRUD routes read the same table, so a button
 * shows exactly when the call behind it would pass.
 */
export const RESOURCE_ACTIONS = {
  list: 'list',
  show: 'query',
  create: 'add',
  edit: 'edit',
  delete: 'remove',
  export: 'export',
  download: 'download',
} as const;

export type ResourceAction = keyof typeof RESOURCE_ACTIONS;

export type ActionPermissions = Partial<Record<(typeof RESOURCE_ACTIONS)[ResourceAction], string>>;

/** The permission string of an action, or undefined when the resource does not offer it. */
export function actionPermission(permissions: ActionPermissions, action: string): string | undefined {
  const key = (RESOURCE_ACTIONS as Record<string, (typeof RESOURCE_ACTIONS)[ResourceAction] | undefined>)[action];
  return key ? permissions[key] : undefined;
}

/** Whether the user may perform an action on a resource: offered by it, and granted by menuPerms. */
export function canPerform(menuPerms: readonly string[], permissions: ActionPermissions, action: string): boolean {
  const permission = actionPermission(permissions, action);
  return permission !== undefined && hasPermission(menuPerms, permission);
}
