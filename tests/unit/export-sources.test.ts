/**
 * 我的导出 and 导出记录 name an export's source by its declaration's title (issue 37: they showed
 * `credit-note-batch-lines` and `ledger.title`). Every declaration the server exports from is found by
 * reading the server's `ctx.exports.start(principal, X, …)` calls, so a new export that the list could
 * not name fails here; and every title is in both languages' locale files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyResource } from '../../src/crud/resource';
import { RESOURCES } from '../../src/resources';
import { EXPORT_SOURCE_NAMESPACES, exportSource } from '../../src/resources/pages/export-sources';
import { localeNamespace } from '../../server/locale-catalogue';

const ROOT = resolve(import.meta.dirname, '../..');
const serverFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? serverFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

/** Each `ctx.exports.start(principal, name` (or startArrays, an export read as the driver's arrays) of the server with the module its declaration is imported from. */
function exportCalls(): Array<{ file: string; name: string; module: string | undefined }> {
  return serverFiles(join(ROOT, 'server')).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/exports\.start(?:Arrays)?\(\s*\w+,\s*([\w.]+)/g)].map(([, name]) => {
      const imported = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '([^']+)'`).exec(text);
      return { file: relative(ROOT, file), name, module: imported ? resolve(dirname(file), imported[1]) : undefined };
    });
  });
}

const localeHas = (lang: string, key: string) => {
  const [ns, path] = key.split(':');
  let node: unknown = localeNamespace(lang, ns);
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' && node.length > 0;
};

describe('the sources an export list names', () => {
  it('knows every declaration the server exports from', async () => {
    const calls = exportCalls();
    // The kit's generic export (server/crud/routes.ts) exports the registry's resources; the rest name their declaration.
    expect(calls.filter((c) => c.name === 'options.resource').map((c) => c.file)).toEqual(['server/crud/routes.ts']);
    const named = calls.filter((c) => c.name !== 'options.resource');
    expect(named.length).toBeGreaterThanOrEqual(2);
    for (const call of named) {
      expect(call.module, `${call.file}: where ${call.name} comes from`).toBeDefined();
      const declaration = (await import(`${call.module!}.ts`))[call.name] as AnyResource;
      expect(exportSource(declaration.name), `${call.file}: ${call.name}`).toBe(declaration);
    }
  });

  it('titles every source in both languages, from namespaces the list loads', async () => {
    const named = exportCalls().filter((c) => c.name !== 'options.resource' && c.module);
    const sources = [...RESOURCES, ...(await Promise.all(named.map(async (c) => (await import(`${c.module!}.ts`))[c.name] as AnyResource)))];
    for (const { title, name } of sources) {
      expect(title, name).toContain(':');
      for (const lang of ['zh-CN', 'en-US']) expect(localeHas(lang, title), `${lang} ${title}`).toBe(true);
      expect(EXPORT_SOURCE_NAMESPACES).toContain(title.split(':')[0]);
    }
  });
});
