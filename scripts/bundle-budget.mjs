// The JavaScript each first screen loads, from Vite's manifest of the production build: the entry's
// static imports plus the lazy modules that screen needs before it can show anything, each file
// gzip-compressed as the server would send it. `node scripts/bundle-budget.mjs` fails over budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budgets (gzip KB) and the manifest keys each screen loads at start. */
export const SCREENS = {
  '/login/op': { budgetKb: 260, roots: ['index.html', 'src/entries/login.tsx', 'src/pages/login/LoginForm.tsx'] },
  '/op': {
    budgetKb: 420,
    roots: ['index.html', 'src/entries/app.tsx', 'src/layout/SignedIn.tsx', 'src/pages/home/HomePage.tsx'],
  },
};

export function readManifest(distDir) {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
}

/** Every JS file a screen loads: its roots and, transitively, their static imports. */
export function screenFiles(manifest, roots) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return [...files];
}

export function gzipKb(distDir, files) {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length, 0) / 1024;
}

export function measure(distDir) {
  const manifest = readManifest(distDir);
  return Object.entries(SCREENS).map(([path, { budgetKb, roots }]) => {
    const files = screenFiles(manifest, roots);
    return { path, budgetKb, files, kb: gzipKb(distDir, files) };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = join(new URL('..', import.meta.url).pathname, 'dist');
  let over = false;
  for (const screen of measure(dist)) {
    const ok = screen.kb <= screen.budgetKb;
    over ||= !ok;
    console.log(`${ok ? 'ok  ' : 'OVER'} ${screen.path.padEnd(10)} ${screen.kb.toFixed(1).padStart(7)} KB gzip of JavaScript (budget ${screen.budgetKb} KB, ${screen.files.length} files)`);
  }
  process.exit(over ? 1 : 0);
}
