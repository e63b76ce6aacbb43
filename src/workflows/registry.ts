/**
 * The process registry: every processKey of spec §4.5 with its display name, type, pages and steps
 * (activities keyed by taskDefinitionKey). Pure data and pure functions, read by the browser's task
 * views and by the server's engine, so the two can never disagree about a step.
 *
 * Processes are two steps by default (a handler edits and submits, a director approves); the
 * exceptions are the spec's. A step's `next` says where a pass leads: the next step, a choice on a
 * process variable (issuance's final-approval form), or null, which ends the instance approved.
 * A reject always returns to the process's first step, the handler's (startActivity).
 */
import type { ActivityType } from './activities';

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
}

export const GIVEN_AT_START = 'start';

const processName = (processKey: string) => `workflow:process.${processKey}`;
const activityLabel = (key: string) => `workflow:activity.${key}`;

type StepSpec = [key: string, type: ActivityType, extras?: Partial<Pick<ActivityDefinition, 'url' | 'detailPageUrl' | 'component' | 'sign'>>];

/** A process whose steps follow one another; the last pass ends it approved. */
interface ProcessOptions {
  type?: ProcessType;
  submitsAtStart?: boolean;
  url?: string;
  component?: string;
}

function linear(processKey: string, steps: readonly StepSpec[], options: ProcessOptions = {}): ProcessDefinition {
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
    activities,
  };
}

/** The default: a handler edits and submits, then a director approves. */
const twoStep = (processKey: string, options?: ProcessOptions) =>
  linear(
    processKey,
    [
      ['Edit', 'edit'],
      ['Approve', 'approve'],
    ],
    options,
  );

const REALNAME_CHECK = '/op/admit/realname/check';

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

const creditIssue: ProcessDefinition = {
  processKey: 'Process_CREDIT_ISSUE',
  processName: processName('Process_CREDIT_ISSUE'),
  type: 'page',
  url: CREDIT_FINAL_APPROVE_URL,
  // Worked on its page; viewed (查看 from the task lists) in the shared task view through this component.
  component: TASK_COMPONENT.CREDIT_ISSUE,
  startActivity: 'Submit',
  activities: {
    Submit: { label: activityLabel('Submit'), type: 'edit', next: 'CoreDirectorReview' },
    CoreDirectorReview: { label: activityLabel('CoreDirectorReview'), type: 'approve', next: { variable: FINAL_APPROVE_MODE.variable } },
    // The operator of a double-post final approval reviews in the handler's role; the director post in the director's.
    FinalOperatorReview: { label: activityLabel('FinalOperatorReview'), type: 'EDIT', sign: true, next: null },
    FinalSingleReview: { label: activityLabel('FinalSingleReview'), type: 'APPROVE', sign: true, next: null },
    FinalDirectorReview: { label: activityLabel('FinalDirectorReview'), type: 'APPROVE', sign: true, next: null },
  },
  variables: {
    [FINAL_APPROVE_MODE.variable]: {
      label: 'workflow:variable.finalApproveMode.label',
      options: {
        [FINAL_APPROVE_MODE.DOUBLE_OPERATOR]: { label: 'workflow:variable.finalApproveMode.DOUBLE_OPERATOR', activity: 'FinalOperatorReview' },
        [FINAL_APPROVE_MODE.SINGLE]: { label: 'workflow:variable.finalApproveMode.SINGLE', activity: 'FinalSingleReview' },
        [FINAL_APPROVE_MODE.DOUBLE_DIRECTOR]: { label: 'workflow:variable.finalApproveMode.DOUBLE_DIRECTOR', activity: 'FinalDirectorReview' },
      },
      givenAt: [GIVEN_AT_START, 'CoreDirectorReview'],
    },
  },
};

const DEFINITIONS: readonly ProcessDefinition[] = [
  twoStep('Process_CREDIT_PRODUCT_FINANCE'),
  twoStep('Process_CREDIT_PRODUCT_CORE_FINANCE'),
  twoStep('Process_CREDIT_PRODUCT_CORE'),
  linear(
    'Process_CREDIT_REDEEM_REGISTER_BIZ',
    [
      ['Register', 'edit'],
      ['Approve', 'approve'],
    ],
    { component: TASK_COMPONENT.REDEEM_REGISTRATION },
  ),
  creditIssue,
  twoStep('PROCESS_CREDIT_CERTIFICATE_CODE', { component: TASK_COMPONENT.DOC_REVIEW, submitsAtStart: false }),
  twoStep('Process_CREDIT_AGREEMENT'),
  linear(
    'Process_CORP_ADMIT',
    [
      ['Submit', 'edit', { url: '/op/admit/realname/add', detailPageUrl: REALNAME_CHECK }],
      ['InitialReview', 'approve', { url: '/op/admit/realname/oapprove', detailPageUrl: REALNAME_CHECK, sign: true }],
      ['SecondReview', 'approve', { url: '/op/admit/realname/mapprove', detailPageUrl: REALNAME_CHECK }],
    ],
    { type: 'page', url: REALNAME_CHECK, component: TASK_COMPONENT.REALNAME },
  ),
  twoStep('Process_CORP_MANAGER_UPDATE'),
  twoStep('Process_PRICE_CONFIG_CREATE', { type: 'page', url: '/op/price/config', component: TASK_COMPONENT.PRICE_POLICY }),
  // The handler submits the new name; two different directors review it (four-eyes), the name changes at the second's pass.
  linear('Process_CORP_RENAMING', [
    ['Submit', 'edit'],
    ['InitialReview', 'approve'],
    ['SecondReview', 'APPROVE'],
  ]),
  twoStep('PROCESS_ACCOUNT_USAGE_TEMP'),
  twoStep('Process_TRI_LMT_APPLY_AUDIT', { component: TASK_COMPONENT.QUOTA }),
  twoStep('Process_TRI_LMT_APPLY_MODIFY_AUDIT', { component: TASK_COMPONENT.QUOTA }),
  twoStep('PROCESS_TRI_LMT_FIN_APPLY_AUDIT', { component: TASK_COMPONENT.QUOTA }),
  twoStep('PROCESS_TRI_LMT_FIN_APPLY_MODIFY_AUDIT', { component: TASK_COMPONENT.QUOTA }),
  twoStep('Process_AUTH_SOFT_CA_CREATE', { component: TASK_COMPONENT.CERTIFICATE }),
  twoStep('Process_AUTH_SOFT_CA_RENEWAL', { component: TASK_COMPONENT.CERTIFICATE }),
  linear(
    'Process_AUTH_SOFT_CA_REOPEN',
    [
      ['ReopenEdit', 'reopenEdit'],
      ['ReopenApprove', 'reopenApprove'],
    ],
    { component: TASK_COMPONENT.CERTIFICATE },
  ),
  twoStep('Process_LMT_APPLY_AUDIT', { component: TASK_COMPONENT.QUOTA }),
  twoStep('Process_LMT_APPLY_MODIFY_AUDIT', { component: TASK_COMPONENT.QUOTA }),
  twoStep('Process_LMT_DISPATCH_AUDIT', { component: TASK_COMPONENT.QUOTA }),
  twoStep('Process_LMT_AFRESH_DISPATCH_AUDIT', { component: TASK_COMPONENT.QUOTA }),
  twoStep('PROCESS_LMT_FIN_APPLY_AUDIT', { component: TASK_COMPONENT.QUOTA }),
  twoStep('PROCESS_LMT_FIN_APPLY_MODIFY_AUDIT', { component: TASK_COMPONENT.QUOTA }),
  twoStep('Process_LMT_FINANCE_DISPATCH_AUDIT', { component: TASK_COMPONENT.QUOTA }),
  twoStep('Process_LMT_AFRESH_FINANCE_DISPATCH_AUDIT', { component: TASK_COMPONENT.QUOTA }),
  twoStep('Process_CI_CORE_ADMIT_CREATE'),
  twoStep('Process_CI_CORE_ADMIT_UPDATE'),
  twoStep('PROCESS_ACCOUNT_TEMP'),
  twoStep('Process_RF_PROD_CORE'),
  twoStep('Process_RF_PROD_FINANCE'),
  twoStep('Process_RF_PROD_CORE_FINANCE'),
  twoStep('Process_RF_AGREEMENT'),
  linear(
    'Process_BILL_MANAGE',
    [
      ['ModifyStatus', 'modifyStatus'],
      ['Approve', 'approve'],
    ],
    { component: TASK_COMPONENT.BILL },
  ),
  // Not among spec §4.5's keys: the financing qualification (融资资格申请, DOMAIN.md "Financing") needs an approval of its own.
  twoStep('Process_FINANCING_SIGN_UP', { component: TASK_COMPONENT.FINANCING }),
  // Not among spec §4.5's keys: an auditors' rule changes only once a second person approved it (issue 41 item 1).
  twoStep('Process_AUDIT_RULE_CHANGE', { component: TASK_COMPONENT.AUDIT_RULE_CHANGE }),
  linear(
    'Process_ABS_CERTIFICATE_CODE',
    [
      ['MaterialReview', 'applyEdit'],
      ['TransferReview', 'applyApprove'],
    ],
    { component: TASK_COMPONENT.DOC_REVIEW, submitsAtStart: false },
  ),
];

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
