/** Text limits of the workflow calls, enforced by the server (server/workflow/input.ts) and shown by the task views. */
export const MAX_WORKFLOW_TEXT = 500;
