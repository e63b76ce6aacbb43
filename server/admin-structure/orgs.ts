/**
 * Organisations (issue 20): the kit's CRUD over the department tree, with the tree's rules. A node is
 * created under an existing, enabled parent (or as a root); a move cannot put it under itself or its
 * descendants; a node with enabled children cannot be disabled; a node with children or members
 * cannot be removed. Members are whatever rows reference the node by foreign key (a staff account's
 * organisation): they are found by trying the removal inside a savepoint, so a member table added
 * later is covered without this module naming it.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { orgResource } from '../../src/resources/orgs';
import type { AppContext } from '../context';
import { crudRoutes } from '../crud/routes';
import type { Tx } from '../db/tx';
import { aboutField, businessError, notFoundError, validationError } from '../errors';
import { translate } from '../i18n';
import { sysOrgs } from '../db/schema';
import { id } from '../input/fields';
import { route } from '../routes/route';
import { departmentMembers } from '../staff';
import { checkParent, parentOf, type TreeTable } from './tree';

const ORG_TREE: TreeTable = { table: sysOrgs, id: sysOrgs.id, parentId: sysOrgs.parentId, lockKey: 7243102 };
const DISABLED = '1';
const membersBody = z.object({ id: id('admin:org.fields.id') });

interface DriverError {
  code?: string;
  cause?: unknown;
}

/** SQLSTATE 23503: a row still references the one a statement removes. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as DriverError | undefined, depth = 0; e && depth < 8; e = e.cause as DriverError | undefined, depth++) {
    if (typeof e === 'object' && e.code === '23503') return true;
  }
  return false;
}

/** Thrown inside the trial removal's savepoint to undo it when it succeeded. */
class TrialOver extends Error {}

async function refuseIfMembers(tx: Tx, ids: string[]): Promise<void> {
  try {
    await tx.transaction(async (trial) => {
      await trial.delete(sysOrgs).where(inArray(sysOrgs.id, ids));
      throw new TrialOver();
    });
  } catch (error) {
    if (error instanceof TrialOver) return;
    if (isForeignKeyViolation(error)) throw businessError('ORG_HAS_MEMBERS', 'admin:errors.orgHasMembers');
    throw error;
  }
}

export function orgRoutes(api: FastifyInstance, ctx: AppContext): void {
  // 成员: who belongs to a department (a read under the tree's own query permission, like find-by-id).
  route(api, {
    method: 'POST',
    path: `${orgResource.apiBase}/members`,
    auth: 'session',
    permission: orgResource.permissions.query,
    body: membersBody,
    handler: async ({ body: { id } }) => {
      const [org] = await ctx.db.select({ id: sysOrgs.id }).from(sysOrgs).where(eq(sysOrgs.id, id));
      if (!org) throw notFoundError(translate('server:crud.notFound'));
      return departmentMembers(ctx.db, id);
    },
  });
  crudRoutes(api, ctx, {
    resource: orgResource,
    table: sysOrgs,
    hooks: {
      async beforeWrite(tx, values, mode, target) {
        if (mode === 'create' || 'parentId' in values) {
          values.parentId = parentOf(values.parentId);
          const verdict = await checkParent(tx, ORG_TREE, values.parentId as string | null, target.id);
          if (!verdict.ok && verdict.reason === 'missing') throw aboutField(validationError(translate('admin:errors.orgParentMissing')), 'parentId');
          if (!verdict.ok) throw aboutField(businessError('ORG_MOVE_CYCLE', 'admin:errors.orgMoveCycle'), 'parentId');
          const parentStatus = verdict.parent?.status;
          const moving = mode === 'create' || values.parentId !== (target.before?.parentId ?? null);
          if (moving && parentStatus === DISABLED) throw aboutField(businessError('ORG_PARENT_DISABLED', 'admin:errors.orgParentDisabled'), 'parentId');
        }
        if (mode === 'update' && values.status === DISABLED && target.id) {
          const [child] = await tx
            .select({ orgName: sysOrgs.orgName })
            .from(sysOrgs)
            .where(and(eq(sysOrgs.parentId, target.id), ne(sysOrgs.status, DISABLED)))
            .limit(1);
          if (child) throw aboutField(businessError('ORG_HAS_ACTIVE_CHILDREN', 'admin:errors.orgHasActiveChildren', { name: child.orgName }), 'status');
        }
      },
      async beforeRemove(tx, rows) {
        const ids = rows.map((row) => String(row.id));
        if (!ids.length) return;
        const [child] = await tx
          .select({ orgName: sysOrgs.orgName })
          .from(sysOrgs)
          .where(and(inArray(sysOrgs.parentId, ids), notInArray(sysOrgs.id, ids)))
          .limit(1);
        if (child) throw businessError('ORG_HAS_CHILDREN', 'admin:errors.orgHasChildren', { name: child.orgName });
        await refuseIfMembers(tx, ids);
      },
    },
  });
}
