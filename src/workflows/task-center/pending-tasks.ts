/**
 * The navbar's pending-approval indicator (spec §6: true when the pending count is above 0): the
 * count of tasks the operator may work now, asked for every minute and after a task is completed.
 * Part of the shell's first load, so it uses only the client the shell already holds.
 */
import { useSyncExternalStore } from 'react';
import { api } from '../../providers/http';

let count = 0;
const listeners = new Set<() => void>();

export const pendingTasks = {
  /** `background`: asked by the indicator's timer, not by the operator (not activity for the idle timeout). */
  async refresh({ background = false }: { background?: boolean } = {}): Promise<void> {
    try {
      const answer = await api.post<{ count: number }>('/op/v1/workflow/tasks/pending-count', {}, { silent: true, keepOnNavigate: true, background });
      count = answer.count;
      listeners.forEach((notify) => notify());
    } catch {
      // A hint only: without an answer it keeps what it showed.
    }
  },
};

export function usePendingTaskCount(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => count,
    () => count,
  );
}
