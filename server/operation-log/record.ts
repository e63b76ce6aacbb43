/**
 * Writing the operation log (server/db/schema-operation-log.ts). Every entry is written with the
 * caller's transaction, so an answer that reveals a value and the entry recording it stand or fall
 * together. Other areas call recordReveal for their own sensitive fields (one function, one shape).
 */
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/tx';
import type { Db } from '../db/open';
import { operationLogs } from '../db/schema';
import type { Principal } from '../security/sessions';
import { OPERATION_ACTION } from '../../src/resources/operation-log';

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

const MAX_USER_AGENT = 500;

export function actorOf(request: FastifyRequest, principal: Pick<Principal, 'userId' | 'username' | 'personName'>): LogActor {
  const agent = request.headers['user-agent'];
  return {
    userId: principal.userId,
    username: principal.username,
    personName: principal.personName,
    ipAddress: request.ip ?? null,
    userAgent: typeof agent === 'string' ? agent.slice(0, MAX_USER_AGENT) : null,
  };
}

export async function recordOperation(tx: Tx | Db, actor: LogActor, entry: OperationEntry): Promise<void> {
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
