/**
 * Checks a process puts on completing its tasks, beyond the engine's own (role, four-eyes, version):
 * a document review may not pass a step while files wait. A module registers a guard per processKey;
 * a guard throws an ApiError to refuse the completion.
 *
 * Enforced today by a preHandler on tasks/complete (installCompletionGuards), before the engine's
 * transaction. The guards are written to run inside that transaction as well: calling
 * `guards.check(attempt, tx)` in WorkflowEngine.complete, after the task is found workable and
 * before it is updated, makes the check atomic with the completion and the hook unnecessary.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../src/protocol/canonical';
import { TASK_OUTCOME, TASK_STATUS, type TaskOutcome } from '../../src/workflows/states';
import type { Tx } from '../crud/routes';
import type { Db } from '../db/open';
import { workflowTasks } from '../db/schema';
import type { Actor } from './rules';

export type TaskRow = typeof workflowTasks.$inferSelect;

export interface CompletionAttempt {
  actor: Actor;
  task: TaskRow;
  outcome: TaskOutcome;
}

export type CompletionGuard = (attempt: CompletionAttempt, tx: Tx) => Promise<void> | void;

export class CompletionGuards {
  private readonly guards = new Map<string, CompletionGuard[]>();

  /** Adds a guard to the completions of this process's tasks; returns the function that removes it. */
  register(processKey: string, guard: CompletionGuard): () => void {
    this.guards.set(processKey, [...(this.guards.get(processKey) ?? []), guard]);
    return () => this.guards.set(processKey, (this.guards.get(processKey) ?? []).filter((g) => g !== guard));
  }

  /** Runs the guards of the task's process; the first that throws refuses the completion. */
  async check(attempt: CompletionAttempt, tx: Tx): Promise<void> {
    for (const guard of this.guards.get(attempt.task.processKey) ?? []) await guard(attempt, tx);
  }
}

const COMPLETE_URL = `${API_BASE}/op/v1/workflow/tasks/complete`;

/**
 * Runs the guards before the complete call's handler. Only an open task and a known outcome are
 * checked here: anything else the engine refuses with its own message.
 */
export function installCompletionGuards(api: FastifyInstance, db: Db, guards: CompletionGuards): void {
  api.addHook('preHandler', async (request) => {
    if (request.routeOptions.url !== COMPLETE_URL || !request.principal) return;
    const body = request.validBody as { taskId?: unknown; outcome?: unknown } | null;
    const outcome = body?.outcome;
    if (typeof body?.taskId !== 'string' || (outcome !== TASK_OUTCOME.PASS && outcome !== TASK_OUTCOME.REJECT)) return;
    const principal = request.principal;
    const taskId = body.taskId.trim();
    await db.transaction(async (tx) => {
      const [task] = await tx.select().from(workflowTasks).where(eq(workflowTasks.id, taskId));
      if (task?.status === TASK_STATUS.TODO) await guards.check({ actor: principal, task, outcome }, tx);
    });
  });
}
