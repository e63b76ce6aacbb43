/**
 * Sensitive fields of a declaration (FieldSchema.sensitive, server/sensitive): how a write seals them
 * and how answers mask (or, for the whitelist, reveal) them. Shared by the generic CRUD routes and
 * the approvable-resource kit, which seals a proposed value the same way before it is stored.
 */
import type { AnyResource } from '../../src/crud/resource';
import type { AppContext } from '../context';
import { aboutField, validationError } from '../errors';
import { translate } from '../i18n';
import { presentSensitive, readSensitiveValue, sensitiveCipherOf } from '../sensitive/values';
import { fieldLabel } from './fields';
import { withLinks } from './links';
import { withReferenceLabels } from './references';
import type { CrudOptions, Row } from './types';

/** The declaration's sensitive fields (src/crud/resource.ts FieldSchema.sensitive). */
export const sensitiveFieldsOf = (resource: AnyResource) => Object.entries(resource.fields).filter(([, schema]) => schema.sensitive);

/**
 * The sealed values of the body's sensitive fields (server/sensitive): a value left out keeps the
 * stored one, a mask is refused, a required one can be neither missing on create nor cleared.
 */
export async function readSealed(ctx: AppContext, options: CrudOptions, body: Row, stored?: Row): Promise<Row> {
  const fields = sensitiveFieldsOf(options.resource).filter(([, schema]) => !schema.readOnly && (!stored || !schema.createOnly));
  if (!fields.length) return {};
  const cipher = await sensitiveCipherOf(ctx.db);
  const sealed: Row = {};
  const readOne = (name: string, schema: (typeof fields)[number][1]): string | null | undefined => {
    const field = fieldLabel(schema);
    const value = readSensitiveValue(body[name], field, schema.validator, { keys: ctx.keys });
    if (value === undefined && (stored || !schema.required)) return undefined;
    if (!value) {
      if (schema.required) throw validationError(translate('server:crud.required', { field }));
      return null;
    }
    if (schema.maxLength !== undefined && value.length > schema.maxLength)
      throw validationError(translate('server:crud.tooLong', { field, max: String(schema.maxLength) }));
    return cipher.seal(value);
  };
  for (const [name, schema] of fields) {
    // A refusal names its field (data.field), so the form shows it under that input as for any other field.
    try {
      const value = readOne(name, schema);
      if (value !== undefined) sealed[name] = value;
    } catch (error) {
      throw aboutField(error, name);
    }
  }
  return sealed;
}

/**
 * Rows as answers show them: the ids of several-record references (links.ts), each reference's current label (references.ts), the resource's own additions, then every sensitive value masked; with a
 * whitelisted caller's session key also revealed in full (server/sensitive presentSensitive).
 */
export async function presentRows(ctx: AppContext, options: CrudOptions, rows: Row[], sessionKey: string | null = null): Promise<Row[]> {
  const labelled = await withReferenceLabels(ctx.db, options.resource, await withLinks(ctx.db, options.links, rows));
  const shown = options.hooks?.present ? await options.hooks.present(ctx.db, labelled) : labelled;
  const fields = sensitiveFieldsOf(options.resource).map(([name]) => name);
  if (!fields.length) return shown;
  const cipher = await sensitiveCipherOf(ctx.db);
  return shown.map((row) => presentSensitive(row, fields, cipher, sessionKey));
}

export const hasSensitiveFields = (resource: AnyResource) => sensitiveFieldsOf(resource).length > 0;
