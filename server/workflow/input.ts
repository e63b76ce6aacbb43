/**
 * The workflow calls' text limits, shared by their body schemas (routes.ts, queries.ts) and by the
 * areas whose calls name a business key (doc-review).
 */
import { MAX_WORKFLOW_TEXT } from '../../src/workflows/limits';

export const MAX_BUSINESS_KEY = 100;
export const MAX_TEXT = MAX_WORKFLOW_TEXT;
