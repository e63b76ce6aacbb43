import { localeNamespace } from '../../server/locale-catalogue';
import { SYSTEM_RESOURCES } from '../../src/resources/system';
import { ALL_PERMISSIONS } from '../../src/lib/all-permissions';
import { validators } from '../../src/lib/validators';

/** The resources namespace merged: the platform's labels and each area's share (server/locale-catalogue.ts). */
const zh = localeNamespace('zh-CN', 'resources');
const en = localeNamespace('en-US', 'resources');
const lookup = (tree: unknown, key: string) =>
  key
    .replace(/^resources:/, '')
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe.each(SYSTEM_RESOURCES.map((r) => [r.name, r] as const))('resource declaration %s', (_name, resource) => {
  it('names permission strings of the one catalogue', () => {
    for (const permission of Object.values(resource.permissions)) expect(ALL_PERMISSIONS).toContain(permission);
  });
  it('has its title and every field label in both locales', () => {
    for (const key of [resource.title, ...Object.values(resource.fields).map((field) => field.label)]) {
      expect(typeof lookup(zh, key), key).toBe('string');
      expect(typeof lookup(en, key), key).toBe('string');
    }
  });
  it('refers only to shared validators and names a dictionary for dictionary fields', () => {
    for (const field of Object.values(resource.fields)) {
      if ('validator' in field && field.validator) expect(validators[field.validator as keyof typeof validators]).toBeDefined();
      if (field.type === 'dict') expect(field.dictType).toBeTruthy();
    }
  });
});
