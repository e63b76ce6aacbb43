/** Status and action codes of workflow instances and tasks, shared by the server and the task views (labels in locales/workflow.json). */
export const INSTANCE_STATUS = { RUNNING: 'RUNNING', APPROVED: 'APPROVED', REJECTED: 'REJECTED' } as const;

export const TASK_STATUS = { TODO: 'TODO', DONE: 'DONE' } as const;

/** What the worker of a step decides: a pass moves on, a reject returns to the handler's first step. */
export const TASK_OUTCOME = { PASS: 'PASS', REJECT: 'REJECT' } as const;
export type TaskOutcome = (typeof TASK_OUTCOME)[keyof typeof TASK_OUTCOME];

/** WITHDRAW: the starter took the instance back from 我发起的 (WorkflowEngine.withdraw). */
export const HISTORY_ACTION = { START: 'START', CLAIM: 'CLAIM', PASS: 'PASS', REJECT: 'REJECT', WITHDRAW: 'WITHDRAW' } as const;
export type HistoryAction = (typeof HISTORY_ACTION)[keyof typeof HISTORY_ACTION];
