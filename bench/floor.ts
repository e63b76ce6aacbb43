/**
 * `npm run bench:floor`: how fast the dictionary list's first row could be on this stack at best, for
 * issue 22's goal (first row at most 0.5× the stock Refine starter's time). It builds a copy of the
 * project in which /op/system/dict is nothing but antd's Table, fed by the one signed call of the
 * list (src/protocol, sent as soon as main.tsx runs): no shell, no Refine, no search form, no actions
 * column, no pager. Then it runs bench:journeys with that build beside the real one ([B]).
 *
 * The copy is made in the OS temp folder from the committed tree (git archive); nothing of it is ever
 * part of the app. What it changes:
 *   - main.tsx: on /op/system/dict, sends the list call at once and mounts the bare table
 *     (src/bare-list.tsx below) instead of the app; no early shell calls;
 *   - index.html: without the inline script that preloads the shell's chunks;
 *   - .vite/route-preloads.json: the list path names only the table's chunks, and no other page any.
 *
 *   JOURNEY_RUNS=n (default 9)  JOURNEY_RATES=1,4
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../server/front-end/route-preloads';
import { ROOT } from '../tests/e2e/support/server';

const WORK = join(tmpdir(), 'scf-bench-floor');
const SRC = join(WORK, 'src-tree');
const DIST = join(WORK, 'dist');

/**
 * The dictionary list's menu path and API base, read from its declaration (src/resources/system.ts)
 * rather than typed again here.
 */
function dictionaryList(tree: string): { path: string; call: string } {
  const source = readFileSync(join(tree, 'src/resources/system.ts'), 'utf8');
  const declaration = /name: 'dict-types',[\s\S]*?apiBase: '([^']+)'[\s\S]*?menu: \{[^}]*path: '([^']+)'/.exec(source);
  if (!declaration) throw new Error('bench:floor: the dict-types declaration not found in src/resources/system.ts; update bench/floor.ts');
  return { call: `${declaration[1]}/page`, path: declaration[2] };
}

const BARE_LIST = `import { Table } from 'antd';
import { createElement } from 'react';
import type { Root } from 'react-dom/client';

/** The list's records in antd's Table, its first six fields as columns: the least a list page can be. */
export function mountBare(root: Root, page: Promise<{ records: Record<string, unknown>[] }>) {
  void page.then(({ records }) => {
    const keys = Object.keys(records[0] ?? {}).slice(0, 6);
    const columns = keys.map((key) => ({ title: key, dataIndex: key, render: (value: unknown) => String(value ?? '') }));
    root.render(createElement(Table, { rowKey: 'id', dataSource: records, columns, pagination: false }));
  });
}
`;

/** Replaces `from` once in `text`; a missing anchor means main.tsx changed shape and this script must follow it. */
function replaceOnce(text: string, from: string, to: string, what: string): string {
  if (!text.includes(from)) throw new Error(`bench:floor: ${what} not found in main.tsx; update bench/floor.ts`);
  return text.replace(from, to);
}

function makeTree(): void {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(SRC, { recursive: true });
  const archive = execFileSync('git', ['archive', '--format=tar', 'HEAD'], { cwd: ROOT, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', SRC], { input: archive });
  symlinkSync(join(ROOT, 'node_modules'), join(SRC, 'node_modules'));
  writeFileSync(join(SRC, 'src/bare-list.tsx'), BARE_LIST);
  const list = dictionaryList(SRC);
  const mainFile = join(SRC, 'src/main.tsx');
  let main = readFileSync(mainFile, 'utf8');
  main = replaceOnce(main, 'import { takeArrivalParams }', "import { api } from './providers/http';\nimport { takeArrivalParams }", 'the session import');
  main = replaceOnce(
    main,
    '  fetchEarly(pathname);\n',
    `  if (pathname === '${list.path}') {
    const page = api.post<{ records: Record<string, unknown>[] }>('${list.call}', { pageSize: 10 });
    void import('./bare-list').then(({ mountBare }) => mountBare(root, page));
    return;
  }
  fetchEarly(pathname);
`,
    'the early fetch',
  );
  // The mount code sits in an if block of the module's top level; a function lets the return above end it.
  main = replaceOnce(main, 'if (container) {', 'function start(container: HTMLElement) {', 'the mount block');
  writeFileSync(mainFile, `${main}\nif (container) start(container);\n`);
}

function build(): void {
  execFileSync(process.execPath, [join(SRC, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', DIST], { cwd: SRC, stdio: 'inherit' });
  const indexFile = join(DIST, 'index.html');
  const html = readFileSync(indexFile, 'utf8');
  const trimmed = html.replace(/<script>\(function \(p\) \{[\s\S]*?<\/script>/, '');
  if (trimmed === html) throw new Error("bench:floor: index.html's preload script not found; update bench/floor.ts");
  writeFileSync(indexFile, trimmed);
  for (const compressed of ['index.html.br', 'index.html.gz']) rmSync(join(DIST, compressed), { force: true });
  const preloadsFile = join(DIST, ROUTE_PRELOADS_FILE);
  const preloads = JSON.parse(readFileSync(preloadsFile, 'utf8')) as RoutePreloads;
  const bare = readdirSync(join(DIST, 'assets')).find((file) => file.startsWith('bare-list-') && file.endsWith('.js'));
  if (!bare) throw new Error('bench:floor: the bare list chunk was not built');
  preloads.resourcePage = [...preloads.resourcePage.filter((file) => file.includes('/pages-')), `/assets/${bare}`];
  preloads.pages = {};
  writeFileSync(preloadsFile, JSON.stringify(preloads));
}

makeTree();
build();
const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'bench/journeys.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, JOURNEY_COMPARE_DIST: DIST, JOURNEY_ONLY: 'dictionary' },
});
process.exit(result.status ?? 1);
