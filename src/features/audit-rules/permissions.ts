/**
 * The audit-rules area’s permission strings (issue 39 item 1): its declarations, its screens, its server
 * routes’ guards and the seeded roles’ grant rules read them here, and another area reads them through
 * this module alone. Found with every other area’s by discovery (src/lib/all-permissions.ts). Each
 * string is stored in installs’ role grants: never renamed.
 */
import type { PermissionCatalogue } from '../../lib/permissions';

export const PERMISSIONS = {
  /** Auditors' rules (issue 41): read them, run the evaluation, export its report; request and approve a documented exception. */
  auditRule: {
    list: 'audit:rule:list',
    query: 'audit:rule:query',
    run: 'audit:rule:run',
    export: 'audit:rule:export',
    except: 'audit:rule:except',
    approveException: 'audit:rule:approveException',
    /** Propose a new rule, a change to a rule or its retirement: in effect only once a second person approved it. */
    edit: 'audit:rule:edit',
  },
} as const satisfies PermissionCatalogue;
