/**
 * Checks a process puts on completing its tasks, beyond the engine's own (role, four-eyes, version):
 * a document review may not pass a step while files wait. A module registers a guard per processKey;
 * a guard throws an ApiError to refuse the completion.
 *
 * The engine (ctx.workflow.guards) runs them inside the completion's transaction, after the task is
 * found workable and before it is updated, so a guard's reading and the completion are atomic.
 */
import type { TaskOutcome } from '../../src/workflows/states';
import type { Tx } from '../db/tx';
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
    return () =>
      this.guards.set(
        processKey,
        (this.guards.get(processKey) ?? []).filter((g) => g !== guard),
      );
  }

  /** Runs the guards of the task's process; the first that throws refuses the completion. */
  async check(attempt: CompletionAttempt, tx: Tx): Promise<void> {
    for (const guard of this.guards.get(attempt.task.processKey) ?? []) await guard(attempt, tx);
  }
}
