/**
 * The permission matrix's wire shape and filters (issue 20 item 7), shared by the server that computes
 * it from the stored grants (server/admin-structure/permission-matrix.ts) and the auditor's page.
 */
export const MATRIX_ACTIONS = ['list', 'query', 'add', 'edit', 'remove', 'export'] as const;
export type MatrixAction = (typeof MATRIX_ACTIONS)[number];

/** By role (role_permissions as stored) or by staff account (the union of its roles' grants). */
export const MATRIX_SUBJECTS = ['role', 'user'] as const;
export type MatrixSubjectKind = (typeof MATRIX_SUBJECTS)[number];

export const MATRIX_API = {
  page: '/op/v1/sys/permission-matrix/page',
  export: '/op/v1/sys/permission-matrix/export',
} as const;

export interface MatrixRow {
  /** pkRole or username. */
  subject: string;
  /** The role's code or the account's name. */
  subjectName: string;
  resource: string;
  /** Locale key of the resource's title. */
  resourceTitle: string;
  /** Per action: true allowed, false denied, null the resource offers no such action. */
  cells: Record<MatrixAction, boolean | null>;
}

export interface MatrixFilters {
  by: MatrixSubjectKind;
  /** Exact subject (pkRole / username). */
  subject?: string;
  /** Resource name: a substring. */
  resource?: string;
  /** Only rows where this action is allowed. */
  allowedAction?: MatrixAction;
}

export interface MatrixAnswer {
  by: MatrixSubjectKind;
  subjects: Array<{ subject: string; subjectName: string }>;
  rows: MatrixRow[];
}

/** `titleOf` translates a resource's title key, so that the resource filter matches 菜单管理 as well as menus. */
export function filterMatrix(rows: readonly MatrixRow[], filters: MatrixFilters, titleOf: (key: string) => string = (key) => key): MatrixRow[] {
  const term = filters.resource?.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (!filters.subject || row.subject === filters.subject) &&
      (!term || row.resource.toLowerCase().includes(term) || titleOf(row.resourceTitle).toLowerCase().includes(term)) &&
      (!filters.allowedAction || row.cells[filters.allowedAction] === true),
  );
}
