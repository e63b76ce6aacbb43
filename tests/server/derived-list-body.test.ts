/**
 * A resource's page and export body is derived from its declaration's search and sort marks (issue 39 item 3;
 * server/crud/list-body.ts), for every declared resource, enumerated from the registry. Per resource: an empty
 * body takes the paging's defaults; every searchable field's key (a range's Start and End) takes a value of its
 * type and refuses one of another type, VALIDATION_FAILED naming the field, before any query; a key the
 * declaration does not search is dropped; a bad order is refused. No server: the schema is what the guard parses.
 */
import { describe, expect, it } from 'vitest';
import type { FieldSchema } from '../../src/crud/resource';
import { listBodyOf } from '../../server/crud/list-body';
import { fieldLabel } from '../../server/crud/field-label';
import { ApiError } from '../../server/errors';
import { translate } from '../../server/i18n';
import { parseWithSchema } from '../../server/input/fields';
import { RESOURCES } from '../../server/resources/registry';

/** A value of the filter's type, and one of another type, as query.ts filterValue reads them. */
function samples(schema: FieldSchema): { good: unknown; bad: unknown } {
  switch (schema.type) {
    case 'datetime':
      return { good: '2026-11-29T08:00:00.000Z', bad: 'not a time' };
    case 'date':
      return { good: '2026-11-29', bad: '2026-02-30' };
    case 'integer':
      return { good: 3, bad: 'three' };
    case 'boolean':
      return { good: true, bad: 'yes' };
    default:
      return { good: 'x', bad: 42 };
  }
}

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe.each(RESOURCES.map((resource) => ({ name: resource.name, resource })))('$name', ({ resource }) => {
  const body = listBodyOf(resource);
  const searched = Object.entries(resource.fields).flatMap(([name, schema]) =>
    !schema.search ? [] : schema.search === 'range' ? [[`${name}Start`, schema] as const, [`${name}End`, schema] as const] : [[name, schema] as const],
  );

  it('takes an empty body with the paging defaults, and drops a key it does not search', () => {
    expect(parseWithSchema(body, { notAFilter: 'x' })).toEqual({ pageNum: 1, pageSize: 20 });
  });

  it('takes each searchable key in its type, and an empty one as no filter', () => {
    for (const [key, schema] of searched) {
      expect(parseWithSchema(body, { [key]: samples(schema).good }), key).toMatchObject({ [key]: samples(schema).good });
      expect(() => parseWithSchema(body, { [key]: '' }), key).not.toThrow();
    }
  });

  it('refuses a searchable key of another type, naming its field', () => {
    for (const [key, schema] of searched) {
      if (schema.type === 'dict' || schema.type === 'reference' || schema.multiple) continue;
      const error = refusal(() => parseWithSchema(body, { [key]: samples(schema).bad }));
      expect(error.code, key).toBe('VALIDATION_FAILED');
      expect(error.message, key).toContain(fieldLabel(schema));
    }
  });

  it('refuses an order that is no list of fields', () => {
    expect(refusal(() => parseWithSchema(body, { orderBy: 'name' })).message).toBe(translate('server:crud.orderBy'));
  });
});
