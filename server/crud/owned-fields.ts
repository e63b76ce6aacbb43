/**
 * Fields owned by a process (src/crud/resource.ts FieldSchema.ownedBy): only the resource whose
 * updates that process approves may change them. Every other update of the table refuses a body that
 * would change one, with FIELD_OWNED_BY_PROCESS naming the field and where it is changed, before
 * anything is proposed or written; an owned field sent back unchanged (a client echoing the record)
 * is no change and passes. The check reads the raw body, so a field the declaration does not even
 * list (a renaming body carrying an administrator) is refused, not silently dropped. An owner bound to
 * some records (FieldOwner.onlyFor: a core enterprise's legal person) refuses only on those, as stored or
 * as the write would leave them, so a write cannot make a record one of them and change the field at once.
 */
import { ownedElsewhere, ownsRecord, type FieldSchema } from '../../src/crud/resource';
import type { AppContext } from '../context';
import { aboutField, businessError } from '../errors';
import { translate } from '../i18n';
import { sensitiveCipherOf } from '../sensitive/values';
import type { CrudOptions, Row } from './types';

/** The owned fields a write through these options is checked against: the table's (ownedFields) and the declaration's own. */
function ownedFieldsOf(options: CrudOptions): Array<[string, FieldSchema]> {
  const all = { ...options.ownedFields, ...Object.fromEntries(Object.entries(options.resource.fields).filter(([, schema]) => schema.ownedBy)) };
  return Object.entries(all).filter(([, schema]) => ownedElsewhere(schema, options.resource));
}

const textOf = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());

/**
 * The check of an update through these options, prepared outside the write's transaction (opening a
 * sealed value needs the sealing key, whose first load must not wait on the transaction's connection).
 * The returned function throws the refusal, given the body and the row as stored.
 */
export async function ownedFieldCheck(ctx: AppContext, options: CrudOptions): Promise<(body: Row, stored: Row) => void> {
  const owned = ownedFieldsOf(options);
  if (!owned.length) return () => undefined;
  const cipher = owned.some(([, schema]) => schema.sensitive) ? await sensitiveCipherOf(ctx.db) : undefined;
  // A sensitive value arrives RSA-encrypted ('' clears it) and is stored sealed: compared as the plain
  // values; one that does not decrypt is no value of it, so a change.
  const sent = (schema: FieldSchema, value: unknown): string | null =>
    schema.sensitive ? (value === '' ? '' : typeof value === 'string' ? ctx.keys.decrypt(value) : null) : textOf(value);
  const kept = (schema: FieldSchema, value: unknown): string =>
    (schema.sensitive && typeof value === 'string' && value !== '' ? cipher!.open(value) : textOf(value)).trim();
  return (body, stored) => {
    for (const [name, schema] of owned) {
      // Absent keeps the value; so does null for a sealed one (server/sensitive readSensitiveValue).
      if (body[name] === undefined || (schema.sensitive && body[name] === null)) continue;
      const owner = schema.ownedBy!;
      if (!ownsRecord(owner, stored, body)) continue;
      const value = sent(schema, body[name]);
      if (value !== null && value.trim() === kept(schema, stored[name])) continue;
      const about = { field: translate(schema.label), where: translate(owner.where) };
      throw aboutField(
        owner.onlyFor
          ? businessError('FIELD_OWNED_BY_PROCESS', 'server:crud.ownedByProcessFor', { ...about, records: translate(owner.onlyFor.records) })
          : businessError('FIELD_OWNED_BY_PROCESS', 'server:crud.ownedByProcess', about),
        name,
      );
    }
  };
}
