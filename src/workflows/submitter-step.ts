/**
 * The submitter's step of a process that submits at start (spec §4.5): an instance is there only
 * after a reviewer's 驳回 returned it (or an earlier release started it there). Its work is to change
 * what was proposed and 重新提交, or to 撤回: the task views say so instead of 通过 / 驳回, and a
 * task component shows its record editable there.
 */
import { findProcessDefinition, submitsAtStart } from './registry';

export function isSubmitterStep(processKey: string, taskDefinitionKey: string | null | undefined): boolean {
  const definition = findProcessDefinition(processKey);
  return !!definition && !!taskDefinitionKey && definition.startActivity === taskDefinitionKey && submitsAtStart(definition);
}
