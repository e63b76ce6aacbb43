/** Which source module each page of its own is, read from the page registry's source (scripts/build/route-preloads.ts). */
import { posix } from 'node:path';

export const REGISTRY = 'src/routes/page-registry.ts';

/** component path → source module, read from the registry's `'…/index': () => import('…')` entries. */
export function registeredPageModules(registrySource: string, modules: ReadonlySet<string>): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of registrySource.matchAll(/'([^']+\/index)':\s*\(\)\s*=>\s*import\('([^']+)'\)/g)) {
    const base = posix.normalize(posix.join(posix.dirname(REGISTRY), match[2]));
    const module = [`${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`].find((candidate) => modules.has(candidate));
    if (module) found.set(match[1], module);
  }
  return found;
}
