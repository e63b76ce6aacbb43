/**
 * Two approval processes of the tests' own, for the approvable-resource kit's tests (approvals,
 * operation log): every process of the registry now belongs to a business module (Process_BILL_MANAGE
 * to bills), and a key has one owner, so a test resource cannot borrow one. Importing this module
 * adds them to the registry of this test process only, never to the production registry.
 */
import { PROCESS_DEFINITIONS, PROCESS_KEYS, type ProcessDefinition } from '../../src/workflows/registry';

export const TEST_CREATE_PROCESS = 'Process_TEST_APPROVAL_CREATE';
export const TEST_UPDATE_PROCESS = 'Process_TEST_APPROVAL_UPDATE';

/** Shaped as the processes the tests were written on: a modifyStatus submit and an edit-type register, each then a director's approve. */
// Without the owners' task components: the test resource's tasks show the shared task view.
const { component: _billView, ...createModel } = PROCESS_DEFINITIONS.Process_BILL_MANAGE;
const { component: _registrationView, ...updateModel } = PROCESS_DEFINITIONS.Process_CREDIT_REDEEM_REGISTER_BIZ;
const MODELS: Readonly<Record<string, ProcessDefinition>> = {
  [TEST_CREATE_PROCESS]: createModel,
  [TEST_UPDATE_PROCESS]: updateModel,
};
for (const [processKey, model] of Object.entries(MODELS)) {
  if (Object.hasOwn(PROCESS_DEFINITIONS, processKey)) continue;
  (PROCESS_DEFINITIONS as Record<string, ProcessDefinition>)[processKey] = { ...model, processKey };
  (PROCESS_KEYS as string[]).push(processKey);
}

/**
 * The areas' own processes: the registry of a worker in which a file imported this module holds the two above
 * too (imported by a test, this module always has run, so the answer does not depend on the order of files).
 */
export const AREA_PROCESS_KEYS: readonly string[] = PROCESS_KEYS.filter((key) => !Object.hasOwn(MODELS, key));
