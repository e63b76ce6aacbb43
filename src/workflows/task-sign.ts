/**
 * Which steps are signed with an SMS code and what a step's signature covers: the signing modal
 * asks for a code over this scope, and the server's tasks/complete accepts a pass of a sign step
 * only after the same user verified a code over the same scope. One rule for both sides.
 */
import { findActivity, findProcessDefinition } from './registry';

export function stepNeedsSignature(processKey: string, taskDefinitionKey: string): boolean {
  const definition = findProcessDefinition(processKey);
  const activity = definition ? findActivity(definition, taskDefinitionKey) : undefined;
  return activity?.sign === true;
}

/** The SMS-sign payload fields (spec §3) that name what a step's signature signs: this record, at this step of this process. */
export interface TaskSignScope {
  businessKeys: string[];
  businessType: string;
  productType: string;
}

export function taskSignScope(task: { processKey: string; taskDefinitionKey: string; businessKey: string }): TaskSignScope {
  return { businessKeys: [task.businessKey], businessType: task.processKey, productType: task.taskDefinitionKey };
}
