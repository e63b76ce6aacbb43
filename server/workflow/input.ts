/**
 * The workflow calls' text limits and process variables' shape, shared by their body schemas (routes.ts,
 * queries.ts, the engine tests' start seam) and by the areas whose calls name a business key (doc-review).
 */
import { z } from 'zod';
import { MAX_WORKFLOW_TEXT } from '../../src/workflows/limits';
import { translate } from '../i18n';
import { isPlainObject } from '../validation';

export const MAX_BUSINESS_KEY = 100;
export const MAX_TEXT = MAX_WORKFLOW_TEXT;

/** Process variables: text names to text values (which names and values a process takes is checked against its definition). */
export const processVariables = z.custom<Record<string, string>>((value) => isPlainObject(value) && Object.values(value).every((v) => typeof v === 'string'), {
  error: () => translate('server:workflow.variablesNotObject'),
});
