/**
 * The locale catalogue as node reads it: the server's messages (server/i18n.ts), the scripts and every
 * test that needs a namespace's keys. The platform's copy is in locales/<lang>/<ns>.json, an area's in
 * src/features/<area>/locales/<lang>/<ns>.json (its own namespaces whole, its share of a shared one
 * such as `resources` or `menu` as a partial file); src/lib/locale-merge.ts merges them as the browser
 * does. A key two files define is refused here, so the server does not start on an ambiguous catalogue.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeLocaleFiles, type LocaleResources, type LocaleTree } from '../src/lib/locale-merge';

/** The project's root, the folder locales/ and src/ are in (a path, not a URL: a jsdom test's module URL is no file URL). */
const PROJECT_ROOT = join(import.meta.dirname, '..');

/** The folders that hold locale files (relative to the root): the platform's, then each area's. */
export function localeFolders(root: string = PROJECT_ROOT): string[] {
  const features = join(root, 'src/features');
  const areas = existsSync(features)
    ? readdirSync(features, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(features, entry.name, 'locales')))
        .map((entry) => `src/features/${entry.name}/locales`)
        .sort()
    : [];
  return ['locales', ...areas];
}

/** Every locale file (relative to the root), the platform's first: `<folder>/<lang>/<ns>.json`. */
export function localeFilePaths(root: string = PROJECT_ROOT): string[] {
  return localeFolders(root).flatMap((folder) =>
    readdirSync(join(root, folder), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((language) =>
        readdirSync(join(root, folder, language.name))
          .filter((file) => file.endsWith('.json'))
          .sort()
          .map((file) => `${folder}/${language.name}/${file}`),
      ),
  );
}

const readFiles = (root: string) =>
  Object.fromEntries(localeFilePaths(root).map((path) => [path, JSON.parse(readFileSync(join(root, path), 'utf8')) as unknown]));

/** The merge of every file and the keys defined twice: what the locale test reports. */
export const localeConflicts = (root: string = PROJECT_ROOT): string[] => mergeLocaleFiles(readFiles(root)).conflicts;

const cache = new Map<string, LocaleResources>();

/** language → namespace → messages, merged from every file; a key defined twice throws. Read once per root. */
export function localeCatalogue(root: string = PROJECT_ROOT): LocaleResources {
  const held = cache.get(root);
  if (held) return held;
  const { resources, conflicts } = mergeLocaleFiles(readFiles(root));
  if (conflicts.length) throw new Error(`Locale keys defined twice:\n${conflicts.join('\n')}`);
  cache.set(root, resources);
  return resources;
}

/** One namespace in one language, merged (empty when no file has it). */
export const localeNamespace = (language: string, namespace: string, root?: string): LocaleTree => localeCatalogue(root)[language]?.[namespace] ?? {};

/** The namespaces of a language, wherever their files are. */
export const localeNamespaces = (language: string, root?: string): string[] => Object.keys(localeCatalogue(root)[language] ?? {}).sort();
