/**
 * The kit's writes in the operation log: every create, update, row action and removal the generic
 * routes make (and every change an approval applies) is recorded here, in the write's transaction,
 * so a resource declared tomorrow is logged without a line of its own.
 */
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import type { Tx } from '../db/tx';
import { recordChange, type Writer } from '../operation-log/record';
import { sensitiveFieldsOf } from './sensitive-fields';
import type { CrudOptions, Row, WriteEvent } from './types';

const ACTION_OF: Record<WriteEvent['kind'], string> = {
  create: OPERATION_ACTION.create,
  update: OPERATION_ACTION.update,
  remove: OPERATION_ACTION.delete,
  action: OPERATION_ACTION.rowAction,
};

export interface LoggedWrite {
  kind: WriteEvent['kind'];
  id: string;
  before?: Row;
  after?: Row;
  writer: Writer;
}

/** Records one write of a kit resource (its declared name, the row before and after, sensitive fields masked). */
export async function logWrite(tx: Tx, options: CrudOptions, write: LoggedWrite): Promise<void> {
  await recordChange(tx, write.writer, {
    resource: options.resource.name,
    recordId: write.id,
    action: ACTION_OF[write.kind],
    before: write.before ?? null,
    after: write.after ?? null,
    sensitive: sensitiveFieldsOf(options.resource).map(([name]) => name),
  });
}

/** The kit's afterWrite: the resource's own hook, then the log entry. */
export async function written(tx: Tx, options: CrudOptions, event: WriteEvent): Promise<void> {
  await options.hooks?.afterWrite?.(tx, event);
  await logWrite(tx, options, { ...event, writer: event.principal });
}
