/**
 * Permission strings, area:resource:action. They are stored in the role grants of every install, so a
 * string, once shipped, is never renamed.
 *
 * Each area declares its own in src/features/<area>/permissions.ts (issue 39 item 1): a const named
 * PERMISSIONS satisfying PermissionCatalogue, found with the others by discovery
 * (src/lib/all-permissions.ts, the set the server knows). Here are only the platform's, which no area
 * owns: the dictionaries and configs, the export records, the login log, workflow tasks and instances,
 * and uploading a file. A resource's plain CRUD strings may also be declared in its declaration alone,
 * with crud(area, item).
 */
export const ALL_PERMISSIONS_WILDCARD = '*:*:*';

/** One permission string: area:resource:action. */
export type Permission = `${string}:${string}:${string}`;

/** An area's catalogue (or the platform's): its groups by name, each group's strings by action. */
export type PermissionCatalogue = Readonly<Record<string, Readonly<Record<string, Permission>>>>;

/** The six CRUD permission strings of one resource, area:resource:action. */
export const crud = (area: string, resource: string) =>
  ({
    list: `${area}:${resource}:list`,
    query: `${area}:${resource}:query`,
    add: `${area}:${resource}:add`,
    edit: `${area}:${resource}:edit`,
    remove: `${area}:${resource}:remove`,
    export: `${area}:${resource}:export`,
  }) as const;

export const PERMISSIONS = {
  dictType: crud('system', 'dict'),
  dictData: crud('system', 'dictData'),
  config: crud('system', 'config'),
  exportRecord: { list: 'system:export:list', remove: 'system:export:remove', download: 'system:export:download' },
  /** The login log: read and exported, written by the sign-in only. */
  loginLog: { list: 'system:logininfor:list', query: 'system:logininfor:query', export: 'system:logininfor:export' },
  task: { list: 'workflow:task:list', query: 'workflow:task:query', handle: 'workflow:task:handle', start: 'workflow:task:start' },
  /** Every workflow instance, whoever started or works it (全部流程): the auditor's read, granted by its read rule. */
  instance: { list: 'workflow:instance:list' },
  file: { upload: 'system:file:upload' },
} as const satisfies PermissionCatalogue;

/** Read-only actions: what an auditor may hold. */
export const READ_ONLY_ACTIONS = new Set(['list', 'query']);

export function permissionAction(permission: string): string {
  return permission.slice(permission.lastIndexOf(':') + 1);
}
