/**
 * How the locale files make one catalogue (issue 39 item 1: an area is a module, its copy included).
 * A namespace may be spread over several files of the same name: the platform's own in
 * locales/<lang>/<ns>.json and each area's share in src/features/<area>/locales/<lang>/<ns>.json, so
 * that adding a resource edits no shared file. They are deep-merged; a key two files define is a
 * conflict (the first file's value stays), which the server refuses at start and a test reports.
 * The browser (src/providers/i18n.ts) and the node side (server/locale-catalogue.ts) merge alike here.
 */

export type LocaleTree = { [key: string]: string | LocaleTree };

/** language → namespace → messages. */
export type LocaleResources = Record<string, Record<string, LocaleTree>>;

/** A locale file's language and namespace by its path (`…/locales/<lang>/<ns>.json`), wherever its folder is. */
export function localeFileOf(path: string): { language: string; namespace: string } | undefined {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { language: match[1], namespace: match[2] } : undefined;
}

const isTree = (value: unknown): value is LocaleTree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Merges `source` into `target` in place; answers the dotted keys both define (a leaf, or a leaf on one side and a branch on the other). */
function mergeInto(target: LocaleTree, source: LocaleTree, prefix: string): string[] {
  const conflicts: string[] = [];
  for (const [key, value] of Object.entries(source)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const held = target[key];
    if (held === undefined) target[key] = isTree(value) ? structuredClone(value) : value;
    else if (isTree(held) && isTree(value)) conflicts.push(...mergeInto(held, value, path));
    else conflicts.push(path);
  }
  return conflicts;
}

/**
 * Locale files (path → content) grouped as language → namespace → messages, the files of one namespace
 * merged in the order given; `conflicts` names each key defined twice, with the file that repeats it.
 */
export function mergeLocaleFiles(files: Record<string, unknown>): { resources: LocaleResources; conflicts: string[] } {
  const resources: LocaleResources = {};
  const conflicts: string[] = [];
  for (const [path, content] of Object.entries(files)) {
    const file = localeFileOf(path);
    if (!file || !isTree(content)) continue;
    const { language, namespace } = file;
    const byNamespace = (resources[language] ??= {});
    if (!byNamespace[namespace]) {
      byNamespace[namespace] = structuredClone(content);
      continue;
    }
    for (const key of mergeInto(byNamespace[namespace], content, '')) conflicts.push(`${namespace}:${key} (${language}) is defined twice: again in ${path}`);
  }
  return { resources, conflicts };
}
