/**
 * Fails on an import circle in the browser's code (src/) or the server's (server/, which also imports
 * src/lib and src/crud), issue 39 item 1: with areas importing each
 * other's faces, a circle (a → b's face → b → a's face → a) would make a module run before what it
 * imports is defined. eslint-plugin-import's `import/no-cycle` takes minutes on this tree; this reads
 * the static imports itself and takes well under a second, so it runs in `npm run lint`.
 *
 * Counted: `import … from`, a bare `import '…'` and `export … from`, relative ones only (a package
 * cannot import our files). Not counted: `import type` / `export type` (erased by the compiler, they
 * run nothing) and `import()` (it runs later, when every module is defined: a lazy page may well lead
 * back to the shell that loads it).
 *
 * Run: node scripts/import-cycles.mjs [folder …]   (default: src server)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const folders = process.argv.slice(2).length ? process.argv.slice(2) : ['src', 'server'];

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

// A statement that runs the imported module: `import x from`, `import {a} from`, `import '…'`, `export {a} from`, `export * from`.
// Type-only forms (`import type`, `export type`) are left out; so is `{ type A, type B }`, which imports nothing at run time
// when every name is a type (the compiler drops the statement, verbatimModuleSyntax aside).
const STATEMENT = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*(?:from\s*)?['"]([^'"]+)['"]/gm;

function runtimeImports(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  for (const match of text.matchAll(STATEMENT)) {
    const [, keyword, typeOnly, clause, specifier] = match;
    if (typeOnly || !specifier.startsWith('.')) continue;
    if (keyword === 'export' && !/^(\*|\{)/.test(clause)) continue;
    const names = /^\{([^}]*)\}$/.exec(clause.trim());
    if (names && names[1].trim() && names[1].split(',').every((name) => !name.trim() || /^type\s/.test(name.trim()))) continue;
    const target = resolveImport(file, specifier);
    if (target) found.push(target);
  }
  return found;
}

const files = folders.flatMap((folder) => sourceFiles(resolve(root, folder)));
const graph = new Map(files.map((file) => [file, runtimeImports(file)]));

// Tarjan's strongly connected components: every component of more than one module (or a module importing itself) is a circle.
let index = 0;
const indices = new Map();
const lowLinks = new Map();
const stack = [];
const onStack = new Set();
const circles = [];

function visit(node) {
  indices.set(node, index);
  lowLinks.set(node, index);
  index += 1;
  stack.push(node);
  onStack.add(node);
  for (const next of graph.get(node) ?? []) {
    if (!graph.has(next)) continue;
    if (!indices.has(next)) {
      visit(next);
      lowLinks.set(node, Math.min(lowLinks.get(node), lowLinks.get(next)));
    } else if (onStack.has(next)) {
      lowLinks.set(node, Math.min(lowLinks.get(node), indices.get(next)));
    }
  }
  if (lowLinks.get(node) === indices.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(component);
  }
}

for (const file of graph.keys()) if (!indices.has(file)) visit(file);

if (circles.length) {
  console.error(`Import circles (${circles.length}) in ${folders.join(', ')}: break each by moving what both sides need into a module of its own.`);
  for (const circle of circles)
    console.error(
      `  ${circle
        .map((file) => relative(root, file))
        .sort()
        .join('\n    ↔ ')}`,
    );
  process.exit(1);
}
console.log(`No import circle among ${graph.size} modules of ${folders.join(', ')}.`);
