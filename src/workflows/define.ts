/**
 * How an area declares its processes (issue 39 item 2): the shapes of a process definition and the
 * helpers that build the usual ones. Each area's src/features/<area>/processes.ts exports `processes`
 * built with these, and src/workflows/registry.ts collects them, so the registry names no area. This
 * module imports no area and no registry, which keeps the collection free of import cycles.
 */
import type { ActivityType } from './activities';
import type { SummaryRule } from './summaries';

export type ProcessType = 'component' | 'page';

/** Where a pass leads: a step key, the step a process variable names, or null (the instance ends approved). */
export type Transition = string | { variable: string } | null;

export interface ActivityDefinition {
  /** Locale key of the step's label (namespace workflow). */
  label: string;
  type: ActivityType;
  /** The page that works this step (page-type processes); defaults to the process's url. */
  url?: string;
  /** The read-only detail page shown beside the step. */
  detailPageUrl?: string;
  /** The task-view component that works this step (component-type processes), when not the process default. */
  component?: string;
  /**
   * The worker signs a pass with an SMS code (spec 4.3): the task views open the signing modal
   * before completing, and the server refuses the pass without a verified code (src/workflows/task-sign.ts).
   */
  sign?: true;
  next: Transition;
}

/** A value the process branches on: each option leads to one step. */
export interface ProcessVariable {
  label: string;
  /** option value → its label key and the step it leads to */
  options: Record<string, { label: string; activity: string }>;
  /** Where the value may be given: 'start' and/or the keys of the steps whose completion may set it. */
  givenAt: readonly string[];
}

export interface ProcessDefinition {
  processKey: string;
  /** Locale key of the display name (namespace workflow). */
  processName: string;
  type: ProcessType;
  url?: string;
  /**
   * The task-view component (src/workflows/task-components.ts) that shows and works this
   * component-type process's business record; a step's own `component` overrides it. Without one
   * the task view shows the instance's summary.
   */
  component?: string;
  /** The handler's first step: where an instance starts and where a reject returns it. */
  startActivity: string;
  /**
   * False when the first step is work of its own rather than the submission (a document set's
   * material review, whose segments the handler checks in the task): such an instance starts with
   * that step open in the starter's 待办. Every other process starts submitted (spec §4.5).
   */
  submitsAtStart?: boolean;
  activities: Record<string, ActivityDefinition>;
  variables?: Record<string, ProcessVariable>;
  /** Not among spec §4.5's keys: an approval this project added, whose declaration says why (tests hold the rest to the spec's table). */
  beyondSpec?: true;
  /**
   * What its tasks say they are about, declared with the process in its area from summaries.ts's helpers;
   * every process of the registry has one (tests/unit/workflows/summaries.test.ts).
   */
  summary?: SummaryRule;
}

export const GIVEN_AT_START = 'start';

export const processName = (processKey: string) => `workflow:process.${processKey}`;
export const activityLabel = (key: string) => `workflow:activity.${key}`;

export type StepSpec = [key: string, type: ActivityType, extras?: Partial<Pick<ActivityDefinition, 'url' | 'detailPageUrl' | 'component' | 'sign'>>];

/** A process whose steps follow one another; the last pass ends it approved. */
export interface ProcessOptions {
  type?: ProcessType;
  submitsAtStart?: boolean;
  url?: string;
  component?: string;
  beyondSpec?: true;
  summary?: SummaryRule;
}

export function linear(processKey: string, steps: readonly StepSpec[], options: ProcessOptions = {}): ProcessDefinition {
  const activities: Record<string, ActivityDefinition> = {};
  steps.forEach(([key, type, extras], i) => {
    activities[key] = { label: activityLabel(key), type, ...extras, next: steps[i + 1]?.[0] ?? null };
  });
  return {
    processKey,
    processName: processName(processKey),
    type: options.type ?? 'component',
    ...(options.url ? { url: options.url } : {}),
    ...(options.component ? { component: options.component } : {}),
    startActivity: steps[0][0],
    ...(options.submitsAtStart === false ? { submitsAtStart: false } : {}),
    ...(options.beyondSpec ? { beyondSpec: true as const } : {}),
    ...(options.summary ? { summary: options.summary } : {}),
    activities,
  };
}

/** The default: a handler edits and submits, then a director approves. */
export const twoStep = (processKey: string, options?: ProcessOptions) =>
  linear(
    processKey,
    [
      ['Edit', 'edit'],
      ['Approve', 'approve'],
    ],
    options,
  );

/** Task-view component names (src/workflows/task-components.ts maps each to its lazily loaded module). */
export const TASK_COMPONENT = {
  DOC_REVIEW: 'DocReview',
  CERTIFICATE: 'Certificate',
  QUOTA: 'Quota',
  FINANCING: 'Financing',
  REDEEM_REGISTRATION: 'RedeemRegistration',
  BILL: 'Bill',
  /** A page-type process's record for the shared task view (查看), which its page shows too. */
  CREDIT_ISSUE: 'CreditIssue',
  /** Page-type processes' records for the shared task view (查看): real-name admission, price policies. */
  REALNAME: 'Realname',
  PRICE_POLICY: 'PricePolicy',
  /** A proposed change of an auditors' rule: the rule before and after (src/features/audit-rules). */
  AUDIT_RULE_CHANGE: 'AuditRuleChange',
} as const;
export const CREDIT_FINAL_APPROVE_URL = '/op/credit/final-approve/approve';

/** Issuance's final approval takes one of three forms, chosen at start or at the core director's review. */
export const FINAL_APPROVE_MODE = {
  variable: 'finalApproveMode',
  DOUBLE_OPERATOR: 'DOUBLE_OPERATOR',
  SINGLE: 'SINGLE',
  DOUBLE_DIRECTOR: 'DOUBLE_DIRECTOR',
} as const;
