/**
 * A resource's page and export body, derived from its declaration's `search` and `sortable` marks as its
 * record body is from its field rules (body-schema.ts): the paging (server/input/fields.ts `paging`), the
 * order (`orderBy`: a list of {field, order}), and one key per searchable field (`name`, or `nameStart` and
 * `nameEnd` for a range), each checked by the filter's own rule (query.ts filterValue, the rule the query
 * applies), so a bad filter is refused by the guard before the handler, in the words the query used. Keys the
 * declaration does not search are dropped: they filtered nothing before either.
 *
 * Built once per resource (cached), at the routes' registration.
 */
import { z } from 'zod';
import type { AnyResource, FieldSchema } from '../../src/crud/resource';
import { paging } from '../input/fields';
import { filterValue, given, readOrderBy } from './query';

/** A filter key: anything absent or empty, or a value its field's filter rule takes (which throws its refusal otherwise). */
function filterKey(schema: FieldSchema, key: string) {
  return z
    .unknown()
    .refine((value) => {
      if (given(value)) filterValue(schema, key, value);
      return true;
    })
    .optional();
}

// optional(): a refined unknown is a required key to zod 4, and a page may well ask for no order.
const orderBy = z
  .unknown()
  .refine((value) => {
    readOrderBy(value);
    return true;
  })
  .optional();

function listBody(resource: AnyResource) {
  const filters: Record<string, z.ZodType> = {};
  for (const [name, schema] of Object.entries(resource.fields)) {
    if (!schema.search) continue;
    if (schema.search === 'range') {
      filters[`${name}Start`] = filterKey(schema, `${name}Start`);
      filters[`${name}End`] = filterKey(schema, `${name}End`);
    } else filters[name] = filterKey(schema, name);
  }
  return z.object({ ...paging, orderBy, ...filters });
}

const cache = new WeakMap<AnyResource, z.ZodType<Record<string, unknown>>>();

/** The page and export body of a resource (its filters, order and paging), derived once. */
export function listBodyOf(resource: AnyResource): z.ZodType<Record<string, unknown>> {
  let body = cache.get(resource);
  if (!body) cache.set(resource, (body = listBody(resource)));
  return body;
}
