/**
 * Issue nodes (节点登记) under /op/v1/abs/issue-nodes: a programme's milestones (立项 … 兑付) dated in
 * order. A node is registered only after the one before it, never dated before it, and never after the
 * node that follows (when that one is already registered); its documents are files of the file service.
 * The package row is locked while a node is written, so two clerks dating nodes of one package at
 * once are checked one after the other.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ABS_API, ISSUE_NODES, NODES_AFTER_LOCK, PACKAGE_STATUS } from '../../src/lib/abs';
import { PERMISSIONS } from '../../src/features/abs/permissions';
import type { AppContext } from '../context';
import { absIssueNodes, absPackages } from '../db/schema';
import { aboutField, businessError, notFoundError } from '../errors';
import { translate } from '../i18n';
import { actorOf, recordOperation } from '../operation-log/record';
import { sessionPost } from '../routes/route';
import { nodeSaveBody, nodesListBody } from './input';

const nodeLabel = (node: string) => translate(`abs:nodes.${node}`);

export function absIssueNodeRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { absPackage } = PERMISSIONS;
  // Each call's body is its schema's (./input.ts): the handler gets it parsed and typed.
  const post = sessionPost(api, `${ABS_API}/issue-nodes`);

  post('list', absPackage.query, nodesListBody, async (body) => {
    const { packageId } = body;
    const [pkg] = await ctx.db.select({ id: absPackages.id }).from(absPackages).where(eq(absPackages.id, packageId));
    if (!pkg) throw aboutField(notFoundError(translate('abs:server.packageNotFound')), 'packageId');
    const rows = await ctx.db.select().from(absIssueNodes).where(eq(absIssueNodes.packageId, packageId)).orderBy(asc(absIssueNodes.nodeDate));
    return ISSUE_NODES.map(
      (node) => rows.find((r) => r.node === node) ?? { node, packageId, nodeDate: null, remark: null, documents: [], id: null, dataVersion: null },
    );
  });

  post('save', absPackage.edit, nodeSaveBody, async (body, principal, request) => {
    const { packageId, node, nodeDate } = body;
    const remark = body.remark ?? null;
    const documents = (body.documents ?? []).map(({ fileId, fileName }) => ({ fileId, fileName }));
    if (documents.length) {
      const stored = await ctx.files.findMany(documents.map((d) => d.fileId));
      if (stored.length !== new Set(documents.map((d) => d.fileId)).size) throw aboutField(notFoundError(translate('abs:server.fileNotFound')), 'documents');
      for (const d of documents) d.fileName ||= stored.find((f) => f.id === d.fileId)!.originalName;
    }
    return ctx.db.transaction(async (tx) => {
      const [pkg] = await tx.select().from(absPackages).where(eq(absPackages.id, packageId)).for('update');
      if (!pkg) throw aboutField(notFoundError(translate('abs:server.packageNotFound')), 'packageId');
      // 发行 and what follows it happen to a fixed pool: not to a package still taking notes.
      if (NODES_AFTER_LOCK.includes(node) && pkg.status === PACKAGE_STATUS.building)
        throw aboutField(businessError('PACKAGE_NOT_LOCKED', 'abs:server.nodeNeedsLock', { node: nodeLabel(node) }), 'node');
      const existing = await tx.select().from(absIssueNodes).where(eq(absIssueNodes.packageId, packageId));
      const index = ISSUE_NODES.indexOf(node);
      const previous = index > 0 ? existing.find((r) => r.node === ISSUE_NODES[index - 1]) : undefined;
      if (index > 0 && !previous)
        throw aboutField(
          businessError('NODE_OUT_OF_ORDER', 'abs:server.nodeNeedsPrevious', { node: nodeLabel(node), previous: nodeLabel(ISSUE_NODES[index - 1]) }),
          'node',
        );
      if (previous && nodeDate < previous.nodeDate) {
        throw aboutField(
          businessError('NODE_DATE_ORDER', 'abs:server.nodeBeforePrevious', {
            node: nodeLabel(node),
            previous: nodeLabel(previous.node),
            date: previous.nodeDate,
          }),
          'nodeDate',
        );
      }
      const following = existing.find((r) => r.node === ISSUE_NODES[index + 1]);
      if (following && nodeDate > following.nodeDate) {
        throw aboutField(
          businessError('NODE_DATE_ORDER', 'abs:server.nodeAfterNext', { node: nodeLabel(node), next: nodeLabel(following.node), date: following.nodeDate }),
          'nodeDate',
        );
      }
      const current = existing.find((r) => r.node === node);
      const values = { nodeDate, remark, documents, updateBy: principal.username, updateTime: new Date() };
      const [saved] = current
        ? await tx
            .update(absIssueNodes)
            .set({ ...values, dataVersion: current.dataVersion + 1 })
            .where(and(eq(absIssueNodes.id, current.id)))
            .returning()
        : await tx
            .insert(absIssueNodes)
            .values({ packageId, node, ...values, createBy: principal.username })
            .returning();
      await recordOperation(tx, actorOf(request, principal), {
        resource: 'abs-issue-nodes',
        recordId: saved.id,
        action: current ? 'UPDATE' : 'CREATE',
        before: current ? { nodeDate: current.nodeDate, remark: current.remark, documents: current.documents } : undefined,
        after: { node, nodeDate, remark, documents },
      });
      return saved;
    });
  });
}
