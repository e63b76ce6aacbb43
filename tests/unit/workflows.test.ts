/** The process registry against spec §4.5 and §2.5: every processKey, the default and each exception. */
import { localeNamespace } from '../../server/locale-catalogue';
import { ACTIVITY_TYPES, activityTypesOf, isReviewStep, workingRoleOf } from '../../src/workflows/activities';
import {
  FINAL_APPROVE_MODE,
  PROCESS_DEFINITIONS,
  PROCESS_KEYS,
  TASK_COMPONENT,
  findProcessDefinition,
  nextStep,
  passPath,
  taskPageRoute,
  taskPageRoutes,
} from '../../src/workflows/registry';
import { TASK_COMPONENTS, taskComponentLoader, taskComponentName } from '../../src/workflows/task-components';
import { workTaskLink } from '../../src/workflows/task-center/task-links';

/** The processKey column of spec §4.5, copied by hand: the registry must hold exactly these. */
const SPEC_PROCESS_KEYS = [
  'Process_CREDIT_PRODUCT_FINANCE',
  'Process_CREDIT_PRODUCT_CORE_FINANCE',
  'Process_CREDIT_PRODUCT_CORE',
  'Process_CREDIT_REDEEM_REGISTER_BIZ',
  'Process_CREDIT_ISSUE',
  'PROCESS_CREDIT_CERTIFICATE_CODE',
  'Process_CREDIT_AGREEMENT',
  'Process_CORP_ADMIT',
  'Process_CORP_MANAGER_UPDATE',
  'Process_PRICE_CONFIG_CREATE',
  'Process_CORP_RENAMING',
  'PROCESS_ACCOUNT_USAGE_TEMP',
  'Process_TRI_LMT_APPLY_AUDIT',
  'Process_TRI_LMT_APPLY_MODIFY_AUDIT',
  'PROCESS_TRI_LMT_FIN_APPLY_AUDIT',
  'PROCESS_TRI_LMT_FIN_APPLY_MODIFY_AUDIT',
  'Process_AUTH_SOFT_CA_CREATE',
  'Process_AUTH_SOFT_CA_RENEWAL',
  'Process_AUTH_SOFT_CA_REOPEN',
  'Process_LMT_APPLY_AUDIT',
  'Process_LMT_APPLY_MODIFY_AUDIT',
  'Process_LMT_DISPATCH_AUDIT',
  'Process_LMT_AFRESH_DISPATCH_AUDIT',
  'PROCESS_LMT_FIN_APPLY_AUDIT',
  'PROCESS_LMT_FIN_APPLY_MODIFY_AUDIT',
  'Process_LMT_FINANCE_DISPATCH_AUDIT',
  'Process_LMT_AFRESH_FINANCE_DISPATCH_AUDIT',
  'Process_CI_CORE_ADMIT_CREATE',
  'Process_CI_CORE_ADMIT_UPDATE',
  'PROCESS_ACCOUNT_TEMP',
  'Process_RF_PROD_CORE',
  'Process_RF_PROD_FINANCE',
  'Process_RF_PROD_CORE_FINANCE',
  'Process_RF_AGREEMENT',
  'Process_BILL_MANAGE',
  'Process_ABS_CERTIFICATE_CODE',
];
/** Keys the spec's table does not list, each added for a business record that needs its own approval (DOMAIN.md). */
/** The exceptions of spec §4.5 as [step key, type] in pass order; every other process is the default. */
const EXCEPTIONS: Record<string, Array<[string, string]>> = {
  Process_CORP_ADMIT: [
    ['Submit', 'edit'],
    ['InitialReview', 'approve'],
    ['SecondReview', 'approve'],
  ],
  Process_CREDIT_REDEEM_REGISTER_BIZ: [
    ['Register', 'edit'],
    ['Approve', 'approve'],
  ],
  Process_BILL_MANAGE: [
    ['ModifyStatus', 'modifyStatus'],
    ['Approve', 'approve'],
  ],
  Process_AUTH_SOFT_CA_REOPEN: [
    ['ReopenEdit', 'reopenEdit'],
    ['ReopenApprove', 'reopenApprove'],
  ],
  Process_ABS_CERTIFICATE_CODE: [
    ['MaterialReview', 'applyEdit'],
    ['TransferReview', 'applyApprove'],
  ],
  Process_CORP_RENAMING: [
    ['Submit', 'edit'],
    ['InitialReview', 'approve'],
    ['SecondReview', 'APPROVE'],
  ],
};
const DEFAULT_STEPS: Array<[string, string]> = [
  ['Edit', 'edit'],
  ['Approve', 'approve'],
];

const steps = (processKey: string, variables: Record<string, string> = {}) => {
  const definition = PROCESS_DEFINITIONS[processKey];
  return passPath(definition, variables).map((key) => [key, definition.activities[key].type]);
};

/** The workflow namespace merged: the platform's file and each area's share (server/locale-catalogue.ts). */
const locale = (lang: string) => localeNamespace(lang, 'workflow');
const lookup = (tree: Record<string, unknown>, key: string) =>
  key
    .replace(/^workflow:/, '')
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('process registry', () => {
  // What lies beyond the spec's table is what the areas declare so (beyondSpec), not a list here: an area adding a process breaks no test.
  it('holds every processKey of the spec table, and beyond it only the processes declared beyond the spec', () => {
    const beyondSpec = PROCESS_KEYS.filter((key) => PROCESS_DEFINITIONS[key].beyondSpec);
    expect([...PROCESS_KEYS].sort()).toEqual([...SPEC_PROCESS_KEYS, ...beyondSpec].sort());
    expect(beyondSpec.filter((key) => SPEC_PROCESS_KEYS.includes(key))).toEqual([]);
    expect(new Set(PROCESS_KEYS).size).toBe(PROCESS_KEYS.length);
  });

  it.each(SPEC_PROCESS_KEYS.filter((k) => !(k in EXCEPTIONS) && k !== 'Process_CREDIT_ISSUE'))(
    '%s is the default two steps: handler edit, director approve',
    (key) => {
      expect(steps(key)).toEqual(DEFAULT_STEPS);
      expect(Object.keys(PROCESS_DEFINITIONS[key].activities)).toEqual(['Edit', 'Approve']);
    },
  );

  it.each(Object.entries(EXCEPTIONS))('%s has the steps the spec names', (key, expected) => {
    expect(steps(key)).toEqual(expected);
    expect(Object.keys(PROCESS_DEFINITIONS[key].activities)).toEqual(expected.map(([k]) => k));
  });

  it('issuance: submit, core director review, then exactly one of three final-approval forms chosen by a variable', () => {
    const issue = PROCESS_DEFINITIONS.Process_CREDIT_ISSUE;
    const v = FINAL_APPROVE_MODE.variable;
    expect(steps('Process_CREDIT_ISSUE', { [v]: 'DOUBLE_OPERATOR' })).toEqual([
      ['Submit', 'edit'],
      ['CoreDirectorReview', 'approve'],
      ['FinalOperatorReview', 'EDIT'],
    ]);
    expect(steps('Process_CREDIT_ISSUE', { [v]: 'SINGLE' })).toEqual([
      ['Submit', 'edit'],
      ['CoreDirectorReview', 'approve'],
      ['FinalSingleReview', 'APPROVE'],
    ]);
    expect(steps('Process_CREDIT_ISSUE', { [v]: 'DOUBLE_DIRECTOR' })).toEqual([
      ['Submit', 'edit'],
      ['CoreDirectorReview', 'approve'],
      ['FinalDirectorReview', 'APPROVE'],
    ]);
    expect(nextStep(issue, 'CoreDirectorReview', {})).toEqual({ kind: 'missing', variable: v });
    expect(nextStep(issue, 'CoreDirectorReview', { [v]: 'OTHER' })).toEqual({ kind: 'missing', variable: v });
    expect(issue.variables?.[v].givenAt).toEqual(['start', 'CoreDirectorReview']);
    expect(issue).toMatchObject({ type: 'page', url: '/op/credit/final-approve/approve' });
  });

  it('page-type processes and their pages are the spec 2.5 ones; every other process is a component', () => {
    // Of spec §4.5's processes: an area's own process (beyondSpec) may be either, and adding one breaks no list here.
    const pages = Object.values(PROCESS_DEFINITIONS)
      .filter((d) => d.type === 'page' && !d.beyondSpec)
      .map((d) => [d.processKey, d.url]);
    expect(pages.sort()).toEqual([
      ['Process_CORP_ADMIT', '/op/admit/realname/check'],
      ['Process_CREDIT_ISSUE', '/op/credit/final-approve/approve'],
      ['Process_PRICE_CONFIG_CREATE', '/op/price/config'],
    ]);
    const admit = PROCESS_DEFINITIONS.Process_CORP_ADMIT.activities;
    expect(admit.InitialReview).toMatchObject({ url: '/op/admit/realname/oapprove', detailPageUrl: '/op/admit/realname/check' });
    expect(admit.SecondReview).toMatchObject({ url: '/op/admit/realname/mapprove', detailPageUrl: '/op/admit/realname/check' });
  });

  it('builds the hidden task routes of page-type processes', () => {
    expect(taskPageRoute('Process_CORP_ADMIT', 'InitialReview')).toBe('/op/process/Process_CORP_ADMIT/taskInitialReview');
    const routes = taskPageRoutes();
    expect(routes).toContainEqual({
      path: '/op/process/Process_CORP_ADMIT/taskSecondReview',
      processKey: 'Process_CORP_ADMIT',
      taskDefinitionKey: 'SecondReview',
      url: '/op/admit/realname/mapprove',
    });
    expect(routes).toContainEqual({
      path: '/op/process/Process_PRICE_CONFIG_CREATE/taskApprove',
      processKey: 'Process_PRICE_CONFIG_CREATE',
      taskDefinitionKey: 'Approve',
      url: '/op/price/config',
    });
    expect(routes.filter((r) => r.processKey === 'Process_CREDIT_ISSUE')).toHaveLength(5);
    const ofSpec = routes.filter((r) => !PROCESS_DEFINITIONS[r.processKey].beyondSpec);
    expect(new Set(ofSpec.map((r) => r.processKey))).toEqual(new Set(['Process_CORP_ADMIT', 'Process_CREDIT_ISSUE', 'Process_PRICE_CONFIG_CREATE']));
  });

  it.each(SPEC_PROCESS_KEYS)('%s starts at a handler step, ends, and names only known steps and types', (key) => {
    const definition = PROCESS_DEFINITIONS[key];
    expect(workingRoleOf(definition.activities[definition.startActivity].type)).toBe('handler');
    for (const activity of Object.values(definition.activities)) {
      expect(ACTIVITY_TYPES).toContain(activity.type);
      if (typeof activity.next === 'string') expect(definition.activities).toHaveProperty(activity.next);
    }
    for (const variable of Object.values(definition.variables ?? {})) {
      for (const option of Object.values(variable.options)) expect(definition.activities).toHaveProperty(option.activity);
    }
  });

  it.each(['zh-CN', 'en-US'])('every name and label has its %s text', (lang) => {
    const messages = locale(lang);
    for (const definition of Object.values(PROCESS_DEFINITIONS)) {
      expect(lookup(messages, definition.processName), definition.processName).toEqual(expect.any(String));
      for (const activity of Object.values(definition.activities)) expect(lookup(messages, activity.label), activity.label).toEqual(expect.any(String));
      for (const variable of Object.values(definition.variables ?? {})) {
        expect(lookup(messages, variable.label)).toEqual(expect.any(String));
        for (const option of Object.values(variable.options)) expect(lookup(messages, option.label)).toEqual(expect.any(String));
      }
    }
    expect(lookup(locale('zh-CN'), 'workflow:process.Process_CORP_ADMIT')).toBe('实名认证');
  });

  it('shows the record of an issuance instance in the shared task view, while its steps are worked on their page', () => {
    // 查看 from the task lists opens the shared view: without a component it showed a bare header and 审批记录.
    expect(taskComponentName('Process_CREDIT_ISSUE', 'FinalSingleReview')).toBe(TASK_COMPONENT.CREDIT_ISSUE);
    expect(taskComponentLoader('Process_CREDIT_ISSUE', null)).toBe(TASK_COMPONENTS[TASK_COMPONENT.CREDIT_ISSUE]);
    expect(workTaskLink({ id: 't1', processKey: 'Process_CREDIT_ISSUE', taskDefinitionKey: 'FinalSingleReview' })).toBe(
      `${taskPageRoute('Process_CREDIT_ISSUE', 'FinalSingleReview')}?taskId=t1`,
    );
  });

  it('finds definitions by key only, never through the prototype', () => {
    expect(findProcessDefinition('Process_BILL_MANAGE')?.processKey).toBe('Process_BILL_MANAGE');
    expect(findProcessDefinition('toString')).toBeUndefined();
    expect(findProcessDefinition('Process_UNKNOWN')).toBeUndefined();
  });
});

describe('working roles of step types', () => {
  it('handler steps are edit, applyEdit, reopenEdit, modifyStatus and EDIT; director steps the approve kinds', () => {
    expect(activityTypesOf('handler').sort()).toEqual(['EDIT', 'applyEdit', 'edit', 'modifyStatus', 'reopenEdit'].sort());
    expect(activityTypesOf('director').sort()).toEqual(['APPROVE', 'applyApprove', 'approve', 'reopenApprove'].sort());
    expect(ACTIVITY_TYPES.filter(isReviewStep).sort()).toEqual(activityTypesOf('director').sort());
  });
});
