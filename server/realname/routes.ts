/**
 * The real-name admission calls under /op/v1/admit/realname (README "Real-name admission"): the
 * PROTOCOL.md §7 calls, whose writes the handler may make only while the record is with them
 * (草稿 or 已驳回), and submit, which hands the record to the approval (Process_CORP_ADMIT).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PERMISSIONS } from '../../src/features/realname/permissions';
import { EDITABLE_STATUSES, isEditable, isRemovable, REALNAME_CALLS, REALNAME_PROCESS_KEY, REALNAME_STATUS } from '../../src/lib/realname';
import { INSTANCE_STATUS, TASK_OUTCOME, TASK_STATUS } from '../../src/workflows/states';
import { realnameResource } from '../../src/features/realname/resources';
import type { AppContext } from '../context';
import { MAX_IDS } from '../crud/fields';
import { id, ids, optional, version } from '../input/fields';
import { pageOf } from '../crud/routes';
import type { Tx } from '../db/tx';
import { realnameRecords, workflowInstances, workflowTasks } from '../db/schema';
import { businessError, notFoundError, protocolError } from '../errors';
import { translate } from '../i18n';
import { sessionPost } from '../routes/route';
import type { Principal } from '../security/sessions';
import { actorOf, recordChange, recordReveal, type ChangeEntry } from '../operation-log/record';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import type { SensitiveCipher } from '../sensitive/cipher';
import { revealKeyOf, sensitiveCipherOf } from '../sensitive/values';
import { readRealname, realnameFields, type SensitiveValues } from './input';
import { followApprovals } from './status';
import { listView, recordView, SEALED_COLUMN, type SealedRow } from './view';
import { withRecorderNames } from '../staff';
import { listBodyOf } from '../crud/list-body';

const notFound = () => notFoundError(translate('server:crud.notFound'));

async function findRow(db: AppContext['db'] | Tx, id: string, lock = false): Promise<SealedRow> {
  const query = db.select().from(realnameRecords).where(eq(realnameRecords.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** The changes as columns: the sensitive values sealed into their cipher columns, the plain ones as they are. */
function sealedValues<C extends { sensitive: SensitiveValues }>(changes: C, cipher: SensitiveCipher) {
  const { sensitive, ...plain } = changes;
  const sealed = Object.fromEntries(
    Object.entries(sensitive).map(([field, value]) => [SEALED_COLUMN[field as keyof typeof SEALED_COLUMN], value === null ? null : cipher.seal(value)]),
  );
  return { ...plain, ...sealed };
}

const recordId = id('server:realname.fields.id');
const byIdBody = z.object({ id: recordId });
/** The record's fields by their rules (./input.ts); its sensitive values and licence are then read with the keys and the file store (readRealname). */
const saveBody = z.object(realnameFields('create'));
const updateBody = z.object({ id: recordId, dataVersion: version(), ...realnameFields('update') });
const removeBody = z.object({ ids: ids('server:realname.fields.id', MAX_IDS) });
/** The version the screen read, when it read one. */
const submitBody = z.object({ id: recordId, dataVersion: optional(version()) });
// Filters and paging are the kit's (pageOf reads them by the resource's declaration): passed through.
/** The filters, order and paging its declaration allows (server/crud/list-body.ts), as the kit's own lists take them. */
const pageBody = listBodyOf(realnameResource);

export function realnameRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { realname } = PERMISSIONS;
  const sensitiveCipher = () => sensitiveCipherOf(ctx.db);
  followApprovals(ctx.workflow);
  // Only a submitted record starts its admission: no instance of the key exists without its record.
  const admission = ctx.workflow.own(REALNAME_PROCESS_KEY, 'realname');

  /** A whitelisted caller's session key, under which full values are answered; null for everyone else. */
  const revealKey = (request: FastifyRequest, principal: Principal) => revealKeyOf(ctx.keys, request, principal);

  const post = sessionPost(api);

  /** A write in the operation log; the sealed columns show as changed, never as values. */
  const logged = (tx: Tx, principal: Principal, entry: Omit<ChangeEntry, 'resource' | 'sensitive'>) =>
    recordChange(tx, principal, { ...entry, resource: realnameResource.name, sensitive: Object.values(SEALED_COLUMN) });

  post(REALNAME_CALLS.page, realname.list, pageBody, async (body) => {
    const page = await pageOf(ctx.db, { resource: realnameResource, table: realnameRecords }, body);
    // 申请人 reads the person's name, not the login name (issue 37 item 4); the log keeps the username.
    const records = await withRecorderNames(
      ctx.db,
      page.records.map((row) => listView(row as SealedRow)),
    );
    return { ...page, records: records.map(({ createByName: createBy, ...row }) => ({ ...row, createBy })) };
  });

  /**
   * The record as answered, and when it carries values in clear (a whitelisted caller), the
   * operation-log entry of that reveal, in the caller's transaction: no reveal goes unrecorded.
   */
  const answer = async (tx: Tx, row: SealedRow, keys: SensitiveCipher, request: FastifyRequest, principal: Principal) => {
    const [named] = await withRecorderNames(tx, [recordView(row, keys, revealKey(request, principal))]);
    const { createByName: createBy, ...rest } = named;
    const view = { ...rest, createBy };
    await recordReveal(tx, actorOf(request, principal), { resource: realnameResource.name, recordId: row.id, fields: Object.keys(view.revealed ?? {}) });
    return view;
  };

  post(REALNAME_CALLS.findById, realname.query, byIdBody, async ({ id }, principal, request) => {
    const keys = await sensitiveCipher();
    return ctx.db.transaction(async (tx) => answer(tx, await findRow(tx, id), keys, request, principal));
  });

  post(REALNAME_CALLS.save, realname.add, saveBody, async (body, principal, request) => {
    const keys = await sensitiveCipher();
    const changes = await readRealname(body, { keys: ctx.keys, files: ctx.files });
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(realnameRecords)
        .values({
          ...sealedValues(changes, keys),
          corpName: changes.corpName,
          status: REALNAME_STATUS.DRAFT,
          creatorId: principal.userId,
          createBy: principal.username,
          updateBy: principal.username,
        })
        .returning();
      await logged(tx, principal, { recordId: row.id, action: OPERATION_ACTION.create, after: row });
      return answer(tx, row, keys, request, principal);
    });
  });

  post(REALNAME_CALLS.updateById, realname.edit, updateBody, async (body, principal, request) => {
    const keys = await sensitiveCipher();
    const { id, dataVersion: version, ...record } = body;
    // Read and checked before writing (the licence lookup cannot run inside a transaction on the
    // one-connection PGlite); the guarded UPDATE below then writes only the version and status read here.
    const current = await findRow(ctx.db, id);
    if (!isEditable(current.status)) throw businessError('REALNAME_NOT_EDITABLE', 'server:realname.notEditable');
    if (current.dataVersion !== version) throw protocolError('DATA_VERSION_CONFLICT');
    const changes = await readRealname(record, { keys: ctx.keys, files: ctx.files });
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(realnameRecords)
        .set({ ...sealedValues(changes, keys), dataVersion: sql`${realnameRecords.dataVersion} + 1`, updateTime: new Date(), updateBy: principal.username })
        .where(and(eq(realnameRecords.id, id), eq(realnameRecords.dataVersion, version), inArray(realnameRecords.status, [...EDITABLE_STATUSES])))
        .returning();
      if (!row) throw protocolError('DATA_VERSION_CONFLICT');
      await logged(tx, principal, { recordId: id, action: OPERATION_ACTION.update, before: current, after: row });
      return answer(tx, row, keys, request, principal);
    });
  });

  post(REALNAME_CALLS.removeByIds, realname.remove, removeBody, async ({ ids }, principal) => {
    return ctx.db.transaction(async (tx) => {
      const rows = await tx.select().from(realnameRecords).where(inArray(realnameRecords.id, ids)).for('update');
      if (rows.some((row) => !isRemovable(row.status))) throw businessError('REALNAME_NOT_REMOVABLE', 'server:realname.notRemovable');
      const removed = await tx.delete(realnameRecords).where(inArray(realnameRecords.id, ids)).returning({ id: realnameRecords.id });
      const gone = new Set(removed.map((r) => r.id));
      for (const row of rows.filter((r) => gone.has(r.id))) await logged(tx, principal, { recordId: row.id, action: OPERATION_ACTION.delete, before: row });
      return removed.length;
    });
  });

  /**
   * Hands the record to the approval: starts Process_CORP_ADMIT (or, after a reject, takes up the
   * instance waiting at the handler's Submit step) and completes Submit in the same transaction, so
   * the record goes straight to 待初审; the status listener (status.ts) refuses an incomplete record.
   */
  post(REALNAME_CALLS.submit, realname.submit, submitBody, async (body, principal, request) => {
    const keys = await sensitiveCipher();
    const { id, dataVersion: version } = body;
    return ctx.db.transaction(async (tx) => {
      const current = await findRow(tx, id, true);
      if (!isEditable(current.status)) throw businessError('REALNAME_NOT_EDITABLE', 'server:realname.notEditable');
      if (version !== undefined && current.dataVersion !== version) throw protocolError('DATA_VERSION_CONFLICT');
      const [waiting] = await tx
        .select({ taskId: workflowTasks.id })
        .from(workflowInstances)
        .innerJoin(workflowTasks, and(eq(workflowTasks.instanceId, workflowInstances.id), eq(workflowTasks.status, TASK_STATUS.TODO)))
        .where(
          and(
            eq(workflowInstances.processKey, REALNAME_PROCESS_KEY),
            eq(workflowInstances.businessKey, id),
            eq(workflowInstances.status, INSTANCE_STATUS.RUNNING),
          ),
        );
      // A returned submission passes the Submit step the reject reopened; a first one starts the
      // process, and the start is the submission (the engine passes Submit, the initial review waits).
      if (waiting) await ctx.workflow.complete(principal, { taskId: waiting.taskId, outcome: TASK_OUTCOME.PASS }, tx);
      else await admission.start(principal, { businessKey: id, businessType: REALNAME_PROCESS_KEY, record: current }, tx);
      const submitted = await findRow(tx, id);
      await logged(tx, principal, { recordId: id, action: OPERATION_ACTION.submit, before: { status: current.status }, after: { status: submitted.status } });
      return answer(tx, submitted, keys, request, principal);
    });
  });
}
