/**
 * What the shared task view shows for an instance of an approvable resource's process (README "Add
 * an approvable resource"): POST /op/v1/approvals/find-by-instance {instanceId} answers
 * {resource, change, record} — the resource's name (the browser renders it from its declaration),
 * the change the instance carries and the record as it is now (null for a proposed creation) — or
 * null when no approvable resource's change belongs to the instance.
 *
 * POST /op/v1/approvals/resubmit {instanceId, ...the resource's fields} replaces what a returned
 * change proposes (ApprovableResource.revise), for its submitter at their own step; the task view
 * then completes that step. Behind the task permission and the resource's own add (a proposed
 * creation) or edit permission, the one its first submission needed.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { canPerform } from '../../src/lib/access';
import { PERMISSIONS } from '../../src/lib/permissions';
import { APPROVAL_ACTION } from '../../src/crud/resource';
import { notFoundError, protocolError } from '../errors';
import { translate } from '../i18n';
import type { AppContext } from '../context';
import { approvalChanges } from '../db/schema';
import { route } from '../routes/route';
import { z } from 'zod';
import { id } from '../input/fields';
import { approvableResource } from './approvals';
import { columnsOf } from './checks';
import { presentRows } from './sensitive-fields';

export const APPROVALS_API = '/op/v1/approvals';

const instanceId = id('server:input.fields.instanceId');
const byInstanceBody = z.object({ instanceId });
/** A returned change resubmitted: the record's fields pass on to the resource's own reader (its field rules), with its version. */
const resubmitBody = z.looseObject({ instanceId });

export function approvalRoutes(api: FastifyInstance, ctx: AppContext): void {
  route(api, {
    method: 'POST',
    path: `${APPROVALS_API}/find-by-instance`,
    auth: 'session',
    permission: PERMISSIONS.task.query,
    body: byInstanceBody,
    handler: async ({ body: { instanceId } }) => {
      const [change] = await ctx.db.select().from(approvalChanges).where(eq(approvalChanges.instanceId, instanceId));
      const served = change && approvableResource(ctx, change.resource);
      if (!change || !served) return null;
      const { table } = served.crud;
      const [record] = await ctx.db
        .select()
        .from(table)
        .where(eq(columnsOf(table).id, change.recordId));
      return { resource: change.resource, change: await served.present(change), record: record ? (await presentRows(ctx, served.crud, [record]))[0] : null };
    },
  });

  route(api, {
    method: 'POST',
    path: `${APPROVALS_API}/resubmit`,
    auth: 'session',
    permission: PERMISSIONS.task.handle,
    body: resubmitBody,
    handler: async ({ body: values, principal }) => {
      const { instanceId } = values;
      const [change] = await ctx.db.select().from(approvalChanges).where(eq(approvalChanges.instanceId, instanceId));
      const served = change && approvableResource(ctx, change.resource);
      if (!change || !served) throw notFoundError(translate('server:workflow.instanceNotFound'));
      if (!canPerform(principal.permissions, served.crud.resource.permissions, change.action === APPROVAL_ACTION.CREATE ? 'create' : 'edit'))
        throw protocolError('FORBIDDEN');
      return served.revise(principal, values);
    },
  });
}
