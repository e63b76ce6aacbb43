// The JavaScript each first screen loads, from the chunk graph of the production build
// (dist/.vite/chunk-graph.json, written by scripts/build/first-screens.ts): the entry, the chunks of
// the modules the screen needs before it can show anything and of those it fetches once it has
// painted, with their static imports, each file gzip-compressed as the server would send it.
// `node scripts/bundle-budget.mjs` fails over budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * @typedef {{ imports: string[], modules: string[] }} ChunkGraphEntry
 * @typedef {Record<string, ChunkGraphEntry>} ChunkGraph
 */

export const CHUNK_GRAPH_FILE = '.vite/chunk-graph.json';

/**
 * Budgets (gzip KB) and each screen's modules: `roots` it needs to show anything (src/main.tsx is
 * index.html's script), `later` what it fetches once painted (the login form's RSA code). The build groups the roots'
 * code into few chunks (scripts/build/first-screens.ts); the budget counts both.
 */
export const SCREENS = {
  '/login/op': { budgetKb: 260, roots: ['src/main.tsx', 'src/entries/login.tsx', 'src/pages/login/LoginForm.tsx'], later: ['src/protocol/rsa.ts'] },
  '/op': { budgetKb: 420, roots: ['src/main.tsx', 'src/entries/app.tsx', 'src/layout/SignedIn.tsx', 'src/pages/home/HomePage.tsx'], later: [] },
};

/** @returns {ChunkGraph} */
export function readChunkGraph(distDir) {
  return JSON.parse(readFileSync(join(distDir, CHUNK_GRAPH_FILE), 'utf8'));
}

/**
 * Every JS file that holds one of the modules, and their static imports.
 * @param {ChunkGraph} graph
 * @param {readonly string[]} modules
 */
export function screenFiles(graph, modules) {
  const seen = new Set();
  const stack = [];
  for (const module of modules) {
    const holders = Object.keys(graph).filter((file) => graph[file].modules.includes(module));
    if (!holders.length) throw new Error(`${module} is in no chunk of the build`);
    stack.push(...holders);
  }
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(graph[file]?.imports ?? []));
  }
  return [...seen].filter((file) => file.endsWith('.js'));
}

export function gzipKb(distDir, files) {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length, 0) / 1024;
}

export function measure(distDir) {
  const graph = readChunkGraph(distDir);
  return Object.entries(SCREENS).map(([path, { budgetKb, roots, later }]) => {
    const files = screenFiles(graph, [...roots, ...later]);
    return { path, budgetKb, files, kb: gzipKb(distDir, files) };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = join(new URL('..', import.meta.url).pathname, 'dist');
  let over = false;
  for (const screen of measure(dist)) {
    const ok = screen.kb <= screen.budgetKb;
    over ||= !ok;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${screen.path.padEnd(10)} ${screen.kb.toFixed(1).padStart(7)} KB gzip of JavaScript (budget ${screen.budgetKb} KB, ${screen.files.length} files)`,
    );
  }
  process.exit(over ? 1 : 0);
}
