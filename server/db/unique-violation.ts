/**
 * A violation of any unique index, whichever route or service wrote the row, is answered
 * DUPLICATE naming the fields of that index (schema-facts.ts reads them from the schema), instead of
 * each caller knowing its own indexes. Services that give a duplicate its own meaning
 * (WORKFLOW_ALREADY_RUNNING) still catch it first.
 */
import { ApiError } from '../errors';
import { translate } from '../i18n';
import { UNIQUE_INDEXES } from './schema-facts';

interface DriverError {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

/** The driver's error (pg throws it directly, drizzle wraps it as the cause) when it is SQLSTATE 23505. */
function uniqueViolationOf(error: unknown): DriverError | undefined {
  for (let e = error as DriverError | undefined, depth = 0; e && depth < 8; e = e.cause as DriverError | undefined, depth++) {
    if (typeof e === 'object' && e.code === '23505') return e;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown): boolean => uniqueViolationOf(error) !== undefined;

const fieldLabel = (field: string) => {
  try {
    return translate(`server:input.fields.${field}`);
  } catch {
    return field; // a test holds every unique field to a label; a name is still better than nothing
  }
};

/** DUPLICATE naming the index's fields, or undefined when the error is not a unique violation. */
export function duplicateError(error: unknown): ApiError | undefined {
  const violation = uniqueViolationOf(error);
  if (!violation) return undefined;
  const fields = (violation.constraint && UNIQUE_INDEXES.get(violation.constraint)?.fields) || [];
  const labels = fields.map(fieldLabel).join('、');
  const message = labels ? translate('server:input.duplicate', { fields: labels }) : translate('errors:DUPLICATE');
  return new ApiError('DUPLICATE', message, 200, fields);
}
