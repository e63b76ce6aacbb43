// The `audit-rules` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
import { TASK_COMPONENT } from '../../workflows/define';
import type { AreaPages, AreaTaskViews } from '../../routes/area-pages';

/** Its pages, by the component path the menu tree names. */
export const pages: AreaPages = {
  '/op/system/audit-rules/index': () => import('./AuditRulesPage'),
};

/** What the shared task view opens for its processes, by component name. */
export const taskViews: AreaTaskViews = {
  [TASK_COMPONENT.AUDIT_RULE_CHANGE]: () => import('./AuditRuleChangeTaskView'),
};

/** The submitter's form of a returned instance, prefilled with what it proposes, by component name. */
export const resubmitForms: AreaTaskViews = {
  [TASK_COMPONENT.AUDIT_RULE_CHANGE]: () => import('./AuditRuleChangeResubmitForm'),
};
