/**
 * Writing the operation log (server/operation-log/schema.ts). Every entry is written with the
 * caller's transaction, so a write (or an answer that reveals a value) and the entry recording it
 * stand or fall together. The kit (server/crud) and the workflow engine record their writes
 * themselves; a business route that writes on its own calls recordChange in its transaction:
 *
 *   await recordChange(tx, principal, { resource: 'quota-requests', recordId: id, action: OPERATION_ACTION.update, before, after });
 *
 * Areas call recordReveal for their own sensitive fields (one function, one shape).
 */
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/tx';
import type { Db } from '../db/open';
import { operationLogs } from '../db/schema';
import type { Principal } from '../security/sessions';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import { currentOrigin, originOf } from './origin';
import { isLoggedField } from '../../src/features/operation-log/labels';

/** Who acted and from where: read from the request and its principal by actorOf. */
export interface LogActor {
  userId: string | null;
  username: string;
  personName: string | null;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface OperationEntry {
  resource: string;
  recordId: string | null;
  action: string;
  fields?: readonly string[];
  before?: unknown;
  after?: unknown;
}

/** Who writes: a principal, or the engine's actor (the demo seed acting as a persona). */
export type Writer = Pick<Principal, 'userId' | 'username' | 'personName'>;

export function actorOf(request: FastifyRequest, principal: Writer): LogActor {
  return { userId: principal.userId, username: principal.username, personName: principal.personName, ...originOf(request) };
}

/** The writer, from the current call's origin (server/operation-log/origin.ts). */
function writerActor(writer: Writer): LogActor {
  return { userId: writer.userId, username: writer.username, personName: writer.personName, ...currentOrigin() };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

/**
 * Writes one entry. A record before or after (a row, a snapshot) is always kept as changeOf keeps it,
 * whoever calls: only the fields that differ, bookkeeping left out, secrets masked, and the entry's
 * fields are those changed fields; so no caller can log a whole row, an unchanged field or a secret.
 * Lists (a split's new notes) are kept as given.
 */
export async function recordOperation(tx: Tx | Db, actor: LogActor, entry: OperationEntry): Promise<void> {
  const records =
    (entry.before === undefined || entry.before === null || isRecord(entry.before)) &&
    (entry.after === undefined || entry.after === null || isRecord(entry.after));
  const change =
    records && (entry.before || entry.after)
      ? changeOf({ before: entry.before as Record<string, unknown> | null, after: entry.after as Record<string, unknown> | null })
      : null;
  const fields = change && change.fields.length > 0 ? change.fields : entry.fields;
  await insertEntry(tx, actor, { ...entry, fields, before: change ? change.before : entry.before, after: change ? change.after : entry.after });
}

async function insertEntry(tx: Tx | Db, actor: LogActor, entry: OperationEntry): Promise<void> {
  await tx.insert(operationLogs).values({
    ...actor,
    resource: entry.resource,
    recordId: entry.recordId,
    action: entry.action,
    fields: entry.fields && entry.fields.length > 0 ? entry.fields.join(',') : null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * One entry for one answer that carries sensitive values in clear (under the session key counts as
 * clear: the caller can read them): which record, which fields. Nothing is written when no field was
 * revealed, so callers may call it for every answer.
 */
export async function recordReveal(tx: Tx | Db, actor: LogActor, reveal: { resource: string; recordId: string; fields: readonly string[] }): Promise<void> {
  if (reveal.fields.length === 0) return;
  await recordOperation(tx, actor, { resource: reveal.resource, recordId: reveal.recordId, action: OPERATION_ACTION.reveal, fields: reveal.fields });
}

/** A change of one record: the row before (absent on create) and after (absent on delete). */
export interface ChangeEntry {
  resource: string;
  recordId: string | null;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Fields whose values are secret to the log (a declaration's sensitive fields): shown as changed, never as values. */
  sensitive?: readonly string[];
}

/** Names that hold a secret wherever they appear (a password, its hash, a token, a key): never stored. */
const SECRET_NAME = /password|passwd|pwd|token|secret|salt|hash|private/i;

export const MASKED = '******';

const comparable = (value: unknown) => JSON.stringify(value instanceof Date ? value.toISOString() : (value ?? null));

function loggable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value ?? null;
}

/**
 * The change as the log keeps it: on an update only the fields that differ, on a create the values
 * written, on a delete the values removed; bookkeeping left out, secrets and sensitive values masked.
 */
export function changeOf(entry: Pick<ChangeEntry, 'before' | 'after' | 'sensitive'>): {
  fields: string[];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
} {
  const { before, after } = entry;
  const sensitive = new Set(entry.sensitive ?? []);
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(isLoggedField);
  const fields = before && after ? names.filter((name) => comparable(before[name]) !== comparable(after[name])) : names;
  const view = (row: Record<string, unknown> | null | undefined) => {
    if (!row) return null;
    return Object.fromEntries(
      fields
        .filter((name) => Object.hasOwn(row, name))
        .map((name) => {
          const value = row[name];
          const secret = sensitive.has(name) || SECRET_NAME.test(name);
          return [name, secret ? (value === null || value === undefined || value === '' ? null : MASKED) : loggable(value)];
        }),
    );
  };
  return { fields, before: view(before), after: view(after) };
}

/**
 * One entry for one write, in the write's transaction: who (and from where: the current call), which
 * record, what action, and the change. Call it after the write, so a refused write records nothing.
 */
export async function recordChange(tx: Tx | Db, writer: Writer, entry: ChangeEntry): Promise<void> {
  const change = changeOf(entry);
  // Already reduced and masked: written as it is (a masked value changed twice would compare equal).
  await insertEntry(tx, writerActor(writer), { resource: entry.resource, recordId: entry.recordId, action: entry.action, ...change });
}
