/**
 * The generic CRUD routes' field reading: a record's body is checked by the schema derived from its
 * declaration's field rules (body-schema.ts), the same required / length / pattern / range / money / validator
 * rules the browser's forms apply (src/crud/field-rules.ts), and the declared defaults of fields a create
 * leaves out. Every message names the field by its label (locales/<lang>/resources.json), e.g. 字典名称不能为空.
 */
import type { AnyResource } from '../../src/crud/resource';
import { readRecord, type Mode } from './body-schema';
import { fieldLabel } from './field-label';

export { fieldLabel };
export { writableFields, type Mode } from './body-schema';

/**
 * Any resource declaration: a declaration's defaultSort names one of its own fields, which makes
 * ResourceDeclaration<SpecificFields> not assignable to the general one; the server reads it as a string.
 */
export type { AnyResource };

/**
 * The writable values of a body no route's schema checked (a parameter's value set by its key): the
 * resource's derived body schema parsed, so its refusals are the generic calls'.
 */
export function readInput(resource: AnyResource, body: Record<string, unknown>, mode: Mode): Record<string, unknown> {
  return readRecord(resource, body, mode).values;
}

export const MAX_IDS = 500;
