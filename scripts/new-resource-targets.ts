/**
 * Where `npm run new:resource` writes each part of a resource (issue 39 item 5). Everything the
 * scaffold knows about the layout of the tree is here and nowhere else in it, so that when an area's
 * central list gave way to discovery (the process registry; the dictionaries and the personas' grants,
 * now in each area's server/<area>/catalogue.ts) only this module changed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Paths relative to the project root. */
export const PATHS = {
  /** The declaration: the registries read every `src/features/<area>/resources.ts` (src/resources/registry.ts). */
  declaration: (area: string) => `src/features/${area}/resources.ts`,
  /** A client area's public face, which every area has (eslint.config.js; tests/unit/shell/areas.test.ts). */
  face: (area: string) => `src/features/${area}/index.ts`,
  /** The table and the line that serves it, in the area's server folder: the server and drizzle-kit read every area folder's `<name>.table.ts`. */
  table: (area: string, name: string) => `server/${area}/${name}.table.ts`,
  /**
   * The area's own copy of a namespace (its labels, menu titles, dictionary labels, process names):
   * merged with the platform's locales/<lang>/<ns>.json and the other areas' at load
   * (server/locale-catalogue.ts, src/providers/i18n.ts), so a new resource edits no shared locale file.
   */
  locale: (area: string, language: Language, namespace: string) => `src/features/${area}/locales/${language}/${namespace}.json`,
  /** The menu directories a resource's `menu.parent` may name. */
  menus: 'server/db/seed-data/menus.ts',
  /** The platform's own dictionaries; an area's are in its catalogue. */
  dictionaries: 'server/db/seed-data/dictionaries.ts',
  /** An area's part of the reference data (its menus, grants and dictionaries): server/db/seed-data/catalogue.ts finds every one. */
  catalogue: (area: string) => `server/${area}/catalogue.ts`,
  /** An area's approval processes: src/workflows/registry.ts finds every `src/features/<area>/processes.ts`. */
  processes: (area: string) => `src/features/${area}/processes.ts`,
  migrations: 'server/db/migrations',
  /** Where a name is taken already: the declarations and tables of every resource. */
  taken: ['src/resources', 'src/features', 'server', 'tests/resources'],
} as const;

const read = (root: string, path: string) => readFileSync(join(root, path), 'utf8');

/** Inserts `text` before the `];` (or `closer`) that closes the list opened by the line matching `opener`. */
function insertBeforeArrayEnd(source: string, opener: RegExp, text: string, what: string, closer = '\n];'): string {
  const start = source.search(opener);
  if (start < 0) throw new Error(`${what}: ${opener} not found`);
  const end = source.indexOf(closer, start);
  if (end < 0) throw new Error(`${what}: the end of the list after ${opener} not found`);
  return `${source.slice(0, end)}\n${text}${source.slice(end)}`;
}

export interface DictionarySeed {
  dictType: string;
  dictName: string;
  items: ReadonlyArray<{ value: string; label: string }>;
}

/** Whether a dictionary type is seeded already: by the platform's list, an area's catalogue or an area's own dictionaries file. */
export function dictionaryExists(root: string, dictType: string): boolean {
  const areas = readdirSync(join(root, 'server'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const files = [PATHS.dictionaries, ...areas.flatMap((entry) => [PATHS.catalogue(entry.name), `server/${entry.name}/dictionaries.ts`])];
  return files.some((file) => existsSync(join(root, file)) && read(root, file).includes(`dictType: '${dictType}'`));
}

/** The area's catalogue as it is, or a new one that declares nothing yet. */
function catalogueSource(root: string, area: string): string {
  const path = PATHS.catalogue(area);
  if (existsSync(join(root, path))) return read(root, path);
  return [
    `/** The ${area} area's part of the reference data (server/db/seed-data/catalogue.ts). */`,
    "import type { AreaCatalogue } from '../db/seed-data/catalogue';",
    '',
    'export const catalogue: AreaCatalogue = {',
    '};',
    '',
  ].join('\n');
}

/** Adds `entry` (a property's text) before the catalogue object's closing brace. */
const beforeCatalogueEnd = (source: string, entry: string, path: string) => {
  const end = source.lastIndexOf('\n};');
  if (end < 0) throw new Error(`${path}: the end of the catalogue object not found`);
  return `${source.slice(0, end)}\n${entry}${source.slice(end)}`;
};

/** Adds a dictionary to the area's catalogue (it reaches an existing install through the reference ledger at its next start). */
export function addDictionary(root: string, area: string, seed: DictionarySeed): string {
  const colours = ['processing', 'success', 'warning', 'error', 'default'];
  const items = seed.items.map((item, i) => `      [${quote(item.value)}, ${quote(item.label)}, '${colours[i % colours.length]}'],`).join('\n');
  const entry = `  {\n    dictType: ${quote(seed.dictType)},\n    dictName: ${quote(seed.dictName)},\n    items: [\n${items}\n    ],\n  },`;
  const path = PATHS.catalogue(area);
  let source = catalogueSource(root, area);
  if (/^ {2}dictionaries: \[/m.test(source)) source = insertBeforeArrayEnd(source, /^ {2}dictionaries: \[/m, entry, path, '\n  ],');
  else if (/^ {2}dictionaries: (\w+),/m.test(source))
    source = source.replace(/^ {2}dictionaries: (\w+),/m, (_, list: string) => `  dictionaries: [\n    ...${list},\n${entry}\n  ],`);
  else source = beforeCatalogueEnd(source, `  dictionaries: [\n${entry}\n  ],`, path);
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), source);
  return path;
}

/** Whether a process key is declared by any area. */
export const processExists = (root: string, processKey: string) =>
  readdirSync(join(root, 'src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, PATHS.processes(entry.name))))
    .some((entry) => read(root, PATHS.processes(entry.name)).includes(`'${processKey}'`));

/**
 * Declares a two-step process (a handler's edit, a director's approval) under the key, in the area's own
 * processes.ts (made if the area has none), with its summary rule beside it: "新增担保质押：CP000777" in
 * 待办, 已办 and 我发起的, and the record's number as 业务编号 (`numberField`, or none: the views then show
 * no number rather than the record's id). It is not one of spec §4.5's processes, so it says so.
 */
export function addProcess(root: string, area: string, processKey: string, resourceName: string, summaryKey: string, numberField: string | undefined): string {
  const path = PATHS.processes(area);
  const number = numberField ? `text(valuesOf(record), ${quote(numberField)})` : "''";
  const line = [
    `  // The approval of ${resourceName} (npm run new:resource): a handler proposes, a director approves.`,
    `  twoStep(${quote(processKey)}, {`,
    '    beyondSpec: true,',
    '    // What its tasks say: what is proposed, and to which record.',
    `    summary: (record) => ({ key: 'workflow:summary.${summaryKey}', values: { action: actionOf(record), no: ${number} }, number: ${number} }),`,
    '  }),',
  ].join('\n');
  const helpers = "import { actionOf, text, valuesOf } from '../../workflows/summaries';";
  if (!existsSync(join(root, path))) {
    writeFileSync(
      join(root, path),
      [
        "// This area's approval processes, found by src/workflows/registry.ts (issue 39 item 2).",
        "import { twoStep, type ProcessDefinition } from '../../workflows/define';",
        helpers,
        '',
        'export const processes: readonly ProcessDefinition[] = [',
        line,
        '];',
        '',
      ].join('\n'),
    );
    return path;
  }
  let source = read(root, path);
  if (!/\btwoStep\b/.test(source.split('export const processes')[0])) throw new Error(`${path}: twoStep is not imported; add it by hand`);
  if (!source.includes(helpers)) source = source.replace(/^(import .* from '\.\.\/\.\.\/workflows\/define';)$/m, `$1\n${helpers}`);
  writeFileSync(join(root, path), insertBeforeArrayEnd(source, /^export const processes\b/m, line, path));
  return path;
}

/**
 * The menu directories (uri → full path) a resource may be listed under: the top-level ones the sidebar
 * shows. A hidden one (白条管理 holds only task pages opened from the task centre) would hide the entry too.
 */
export function menuDirectories(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const source = read(root, PATHS.menus);
  for (const match of source.matchAll(/uri: '([\w-]+)',\s*title: '[^']*',\s*path: '(\/op\/[\w/-]+)'/g)) {
    const rest = source.slice(match.index + match[0].length);
    const own = rest.slice(0, Math.min(...['children:', '\n  },', '\n  {'].map((end) => (rest.includes(end) ? rest.indexOf(end) : rest.length))));
    if (!/hidden: true/.test(own)) out.set(match[1], match[2]);
  }
  return out;
}

/** Grants the working role (op_handler's) every action of the new resource: one rule among the area's grants, in its catalogue. */
export function addHandlerGrant(root: string, area: string, permissionResource: string, actions: readonly string[]): string {
  const path = PATHS.catalogue(area);
  const rule = `{ resources: [${quote(permissionResource)}], actions: [${actions.map(quote).join(', ')}] }`;
  let source = catalogueSource(root, area);
  if (!/^import \{ ROLE \} from '\.\.\/\.\.\/src\/lib\/codes';$/m.test(source))
    source = source.replace(/^(import type \{ AreaCatalogue \} from .*)$/m, "import { ROLE } from '../../src/lib/codes';\n$1");
  if (source.includes('[ROLE.OP_HANDLER]: [')) source = source.replace('[ROLE.OP_HANDLER]: [', `[ROLE.OP_HANDLER]: [${rule}, `);
  else if (/\[ROLE\.OP_HANDLER\]: (\w+)/.test(source))
    source = source.replace(/\[ROLE\.OP_HANDLER\]: (\w+)/, (_, list: string) => `[ROLE.OP_HANDLER]: [${rule}, ...${list}]`);
  else if (/^ {2}grants: \{/m.test(source)) source = source.replace(/^ {2}grants: \{/m, `  grants: {\n    [ROLE.OP_HANDLER]: [${rule}],`);
  else source = beforeCatalogueEnd(source, `  grants: { [ROLE.OP_HANDLER]: [${rule}] },`, path);
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), source);
  return path;
}

export const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
