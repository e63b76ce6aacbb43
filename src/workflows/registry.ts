/**
 * The process registry: every processKey of spec §4.5 with its display name, type, pages and steps
 * (activities keyed by taskDefinitionKey). Pure data and pure functions, read by the browser's task
 * views and by the server's engine, so the two can never disagree about a step.
 *
 * Processes are two steps by default (a handler edits and submits, a director approves); the
 * exceptions are the spec's. A step's `next` says where a pass leads: the next step, a choice on a
 * process variable (issuance's final-approval form), or null, which ends the instance approved.
 * A reject always returns to the process's first step, the handler's (startActivity).
 *
 * Each area declares its own processes in src/features/<area>/processes.ts (issue 39 item 2); this
 * module collects them and names no area.
 */
/// <reference types="vite/client" />
import { requireAreaFiles } from '../routes/area-pages';
import type { ActivityDefinition, ProcessDefinition } from './define';

export { FINAL_APPROVE_MODE, GIVEN_AT_START, TASK_COMPONENT, type ActivityDefinition, type ProcessDefinition } from './define';
// The names this module held before the areas declared their own: kept so code written against them compiles.
/** @public */
export { CREDIT_FINAL_APPROVE_URL } from './define';
/** @public */
export type { ProcessType, ProcessVariable, Transition } from './define';

/** What an area's src/features/<area>/processes.ts exports. */
type ProcessModule = { processes: readonly ProcessDefinition[] };

/**
 * Every area's processes, in area order (the folder's name), each area's in the order it declares them.
 * Vite (the browser build and vitest) replaces the glob with the modules themselves; the server runs
 * under tsx, which knows no import.meta.glob and no import.meta.env, so it reads the same folders and
 * requires each file (requireAreaFiles, synchronously, so the registry is whole the moment it is
 * imported, as it was when it was one list).
 */
function discoverProcesses(): ProcessDefinition[] {
  const modules = import.meta.env
    ? import.meta.glob<ProcessModule>('../features/*/processes.ts', { eager: true })
    : requireAreaFiles<ProcessModule>('processes.ts');
  const definitions = Object.keys(modules)
    .sort()
    .flatMap((path) => modules[path].processes);
  const seen = new Set<string>();
  for (const d of definitions) {
    // Two areas declaring one key is a programming error: refused at start rather than one silently winning.
    if (seen.has(d.processKey)) throw new Error(`process ${d.processKey} is declared twice`);
    seen.add(d.processKey);
  }
  return definitions;
}

const DEFINITIONS: readonly ProcessDefinition[] = discoverProcesses();

export const PROCESS_DEFINITIONS: Readonly<Record<string, ProcessDefinition>> = Object.fromEntries(DEFINITIONS.map((d) => [d.processKey, d]));

export const PROCESS_KEYS: readonly string[] = DEFINITIONS.map((d) => d.processKey);

/** Whether starting an instance of this process is the starter's submission (its first step passes at once). */
export function submitsAtStart(definition: ProcessDefinition): boolean {
  return definition.submitsAtStart !== false;
}

export function findProcessDefinition(processKey: string): ProcessDefinition | undefined {
  return Object.hasOwn(PROCESS_DEFINITIONS, processKey) ? PROCESS_DEFINITIONS[processKey] : undefined;
}

export function findActivity(definition: ProcessDefinition, taskDefinitionKey: string): ActivityDefinition | undefined {
  return Object.hasOwn(definition.activities, taskDefinitionKey) ? definition.activities[taskDefinitionKey] : undefined;
}

/** Where a pass of a step leads; 'missing' names the process variable that must be given first. */
export type NextStep = { kind: 'step'; activity: string } | { kind: 'end' } | { kind: 'missing'; variable: string };

export function nextStep(definition: ProcessDefinition, taskDefinitionKey: string, variables: Readonly<Record<string, string>>): NextStep {
  const next = definition.activities[taskDefinitionKey].next;
  if (next === null) return { kind: 'end' };
  if (typeof next === 'string') return { kind: 'step', activity: next };
  const chosen = definition.variables?.[next.variable]?.options[variables[next.variable] ?? ''];
  return chosen ? { kind: 'step', activity: chosen.activity } : { kind: 'missing', variable: next.variable };
}

/** The steps an instance passes through when every step passes, for the given variables. */
export function passPath(definition: ProcessDefinition, variables: Readonly<Record<string, string>> = {}): string[] {
  const path = [definition.startActivity];
  for (let step = nextStep(definition, definition.startActivity, variables); step.kind === 'step'; step = nextStep(definition, step.activity, variables)) {
    path.push(step.activity);
  }
  return path;
}

/** Whether a variable may be given at start ('start') or when this step is completed. */
export function variableGivenAt(definition: ProcessDefinition, variable: string, at: string): boolean {
  return definition.variables?.[variable]?.givenAt.includes(at) ?? false;
}

/** The hidden route of a page-type process's step (spec 2.5). */
export function taskPageRoute(processKey: string, taskDefinitionKey: string): string {
  return `/op/process/${processKey}/task${taskDefinitionKey}`;
}

export interface TaskPageRoute {
  path: string;
  processKey: string;
  taskDefinitionKey: string;
  /** The page that works the step. */
  url: string;
}

/** Every hidden task route, one per step of each page-type process. */
export function taskPageRoutes(): TaskPageRoute[] {
  return DEFINITIONS.filter((d) => d.type === 'page').flatMap((d) =>
    Object.entries(d.activities).map(([taskDefinitionKey, activity]) => ({
      path: taskPageRoute(d.processKey, taskDefinitionKey),
      processKey: d.processKey,
      taskDefinitionKey,
      url: activity.url ?? d.url ?? '',
    })),
  );
}
