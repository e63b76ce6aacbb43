/**
 * Who follows their own exports (issue 37): anyone who may export something may list and download
 * the export records they made (我的导出), whether or not a role grants system:export:* (the
 * administrator's 导出记录). The records' routes answer only the caller's own rows, so nothing of
 * anyone else's is opened by this. A working role that holds an area's export (op_handler's
 * credit:note:export) thus finds the file it started; before, the page call was FORBIDDEN.
 *
 * The server applies the same rule where a user's grants become a principal's permissions
 * (server/security/sessions.ts grantedPermissions), so the route guard, the navbar entry and the
 * permission matrix read one set.
 */
import { PERMISSIONS } from './permissions';

/** An area's export permission ends so (area:resource:export); the export records' own do not. */
export const EXPORT_ACTION_SUFFIX = ':export';

/**
 * What holding an export grants besides: reading and downloading the caller's own export records.
 * Removing them stays with system:export:remove (an auditor, who exports the operation log, writes nothing).
 */
export const OWN_EXPORT_PERMISSIONS: readonly string[] = [PERMISSIONS.exportRecord.list, PERMISSIONS.exportRecord.download];

/** Whether a permission is an export of some area's data. */
export const isExportPermission = (permission: string): boolean => permission.endsWith(EXPORT_ACTION_SUFFIX);

/** A grant set with what it implies for one's own exports (the same rule as the server's SQL). */
export function withOwnExports(permissions: readonly string[]): string[] {
  return permissions.some(isExportPermission) ? [...new Set([...permissions, ...OWN_EXPORT_PERMISSIONS])] : [...permissions];
}
