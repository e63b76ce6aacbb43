/**
 * Walks a process to its approved end through the API: each step is passed by the first of the given
 * actors (handler, director, director2 …) the engine lets act on it, and a later step by one after
 * whoever passed the last (four eyes: the second review goes to the other director). Tests that set a
 * record up through its approval, server and journey alike, hold whatever steps the path has.
 */
import type { ApiClient } from './client';

interface Task {
  id: string;
}

export async function approveAll(actors: readonly ApiClient[], taskId: string): Promise<void> {
  let task: Task | null = { id: taskId };
  let from = 0;
  while (task) {
    const current: Task = task;
    task = null;
    let passed = false;
    for (let i = from; i < actors.length && !passed; i++) {
      const answer = await actors[i].call<{ task: Task | null }>('/op/v1/workflow/tasks/complete', {
        json: { taskId: current.id, outcome: 'PASS', remark: '同意' },
      });
      if (answer.body.code !== '0') continue;
      passed = true;
      from = i === 0 ? 1 : i + 1;
      task = answer.body.data!.task;
    }
    if (!passed) throw new Error(`no persona could pass task ${current.id}`);
  }
}
