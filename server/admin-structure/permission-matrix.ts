/**
 * The permission matrix as a page (issue 20 item 7): role or staff account × resource × action,
 * computed at each call from the grants as stored with the route guard's own decision over each
 * action's requirement as the declared routes demand it (issue 38 item 3): what
 * `npm run audit:permissions` prints, live. Read with the list permission (auditors, admins);
 * exported as CSV with the export permission only.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PERMISSIONS } from '../../src/features/admin-structure/permissions';
import {
  filterMatrix,
  MATRIX_ACTIONS,
  MATRIX_API,
  MATRIX_SUBJECTS,
  type MatrixAnswer,
  type MatrixFilters,
  type MatrixRow,
  type MatrixSubjectKind,
} from '../../src/lib/permission-matrix';
import { enforcedPermissions } from '../audit/declared-routes';
import { cellsOf, roleGrants, storedGrants } from '../audit/permission-matrix';
import type { AppContext } from '../context';
import type { Db } from '../db/open';
import { users } from '../db/schema';
import { translate } from '../i18n';
import { RESOURCES } from '../resources/registry';
import { route } from '../routes/route';
import { oneOf, optional, text } from '../input/fields';

interface Subject {
  subject: string;
  subjectName: string;
  held: readonly string[];
}

async function subjectsOf(db: Db, by: MatrixSubjectKind): Promise<Subject[]> {
  if (by === 'user') {
    const grants = await storedGrants(db);
    const names = new Map((await db.select({ username: users.username, personName: users.personName }).from(users)).map((u) => [u.username, u.personName]));
    return [...grants].map(([username, held]) => ({ subject: username, subjectName: names.get(username) ?? username, held }));
  }
  return (await roleGrants(db)).map((r) => ({ subject: r.pkRole, subjectName: r.roleName === r.code ? r.code : `${r.roleName}（${r.code}）`, held: r.held }));
}

/** Every subject × declared resource, each cell the route guard's answer (server/audit/permission-matrix.ts). */
export async function computeMatrix(db: Db, by: MatrixSubjectKind): Promise<MatrixAnswer> {
  const subjects = await subjectsOf(db, by);
  const enforced = enforcedPermissions();
  const rows: MatrixRow[] = subjects.flatMap(({ subject, subjectName, held }) =>
    RESOURCES.map((resource) => ({ subject, subjectName, resource: resource.name, resourceTitle: resource.title, cells: cellsOf(resource, held, enforced) })),
  );
  return { by, subjects: subjects.map(({ subject, subjectName }) => ({ subject, subjectName })), rows };
}

const csvField = (value: string) => (/[",\n\r]/.test(value) || /^[=+\-@]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const mark = (cell: boolean | null) => translate(`admin:matrix.${cell === null ? 'none' : cell ? 'allowed' : 'denied'}`);

export function matrixCsv(rows: readonly MatrixRow[], by: MatrixSubjectKind): string {
  const header = [
    translate(`admin:matrix.by.${by}`),
    translate('admin:matrix.subjectName'),
    translate('admin:matrix.resource'),
    ...MATRIX_ACTIONS.map((a) => translate(`admin:matrix.actions.${a}`)),
  ];
  const lines = rows.map((row) => [row.subject, row.subjectName, translate(row.resourceTitle), ...MATRIX_ACTIONS.map((a) => mark(row.cells[a]))]);
  // A BOM, so that spreadsheet programs read the Chinese as UTF-8.
  return `\uFEFF${[header, ...lines].map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}

const filter = (field: keyof MatrixFilters) => `admin:matrix.filters.${field}`;
/** A typed filter of only spaces filters nothing: trimmed before optional() sees it, so it is left out rather than refused. */
const typedFilter = (field: keyof MatrixFilters) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), optional(text(filter(field), 100)));
/** The filters of a page or an export: by role unless asked by staff account; the others narrow the rows. */
const matrixBody = z.object({
  by: optional(oneOf(filter('by'), MATRIX_SUBJECTS)).transform((by) => by ?? 'role'),
  subject: typedFilter('subject'),
  resource: typedFilter('resource'),
  allowedAction: optional(oneOf(filter('allowedAction'), MATRIX_ACTIONS)),
}) satisfies z.ZodType<MatrixFilters>;

export function permissionMatrixRoutes(api: FastifyInstance, ctx: AppContext): void {
  const answer = async (filters: MatrixFilters): Promise<MatrixAnswer> => {
    const matrix = await computeMatrix(ctx.db, filters.by);
    return { ...matrix, rows: filterMatrix(matrix.rows, filters, translate) };
  };
  route(api, {
    method: 'POST',
    path: MATRIX_API.page,
    auth: 'session',
    permission: PERMISSIONS.permissionMatrix.list,
    body: matrixBody,
    handler: ({ body }) => answer(body),
  });
  route(api, {
    method: 'POST',
    path: MATRIX_API.export,
    auth: 'session',
    permission: PERMISSIONS.permissionMatrix.export,
    body: matrixBody,
    handler: async ({ body }) => {
      const { rows } = await answer(body);
      return { fileName: `permission-matrix-${body.by}.csv`, content: matrixCsv(rows, body.by) };
    },
  });
}
