/**
 * Which source module each page of its own is, read from the sources that declare pages: the page
 * registry (the shell's pages) and every area's src/features/<area>/pages.ts (issue 39 item 2), found
 * as the registry finds them (scripts/build/route-preloads.ts, first-screens.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

const REGISTRY = 'src/routes/page-registry.ts';

/** The files that declare pages, relative to the root: the registry, then each area's pages.ts. */
export function pageDeclarationFiles(root: string): string[] {
  const areas = readdirSync(join(root, 'src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `src/features/${entry.name}/pages.ts`)
    .filter((file) => existsSync(join(root, file)))
    .sort();
  return [REGISTRY, ...areas];
}

/** component path → source module, read from the declarations' `'…/index': () => import('…')` entries. */
export function registeredPageModules(root: string, modules: ReadonlySet<string>): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of pageDeclarationFiles(root)) {
    const source = readFileSync(join(root, file), 'utf8');
    for (const match of source.matchAll(/'([^']+\/index)':\s*\(\)\s*=>\s*import\('([^']+)'\)/g)) {
      const base = posix.normalize(posix.join(posix.dirname(file), match[2]));
      const module = [`${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`].find((candidate) => modules.has(candidate));
      if (module) found.set(match[1], module);
    }
  }
  return found;
}
