/**
 * Declarations are found, not listed: every module of the resource folders is read, and each export
 * that is a resource declaration (or a list of them) joins the registry. The browser reads the
 * folders with Vite's import.meta.glob (src/resources/index.ts), the server with its file-system
 * loader (server/resources/registry.ts); both hand the modules to collectResources, so they agree.
 *
 * The folders: src/resources/*.ts and src/features/<area>/resources.ts; in test runs also
 * tests/resources/*.ts (the test-only resources; their *.table.ts files are the server's).
 */
import type { AnyResource } from '../crud/resource';

/** The module files the registry reads, relative to the project root; the loaders spell these globs. */
export const RESOURCE_GLOBS = ['src/resources/*.ts', 'src/features/*/resources.ts'] as const;
export const TEST_RESOURCE_GLOB = 'tests/resources/*.ts';
/** Files in the folders that are no declarations: the registry itself and the server's table files. */
export const NOT_DECLARATIONS = /(^|\/)(index|registry)\.ts$|\.table\.ts$/;

export function isResourceDeclaration(value: unknown): value is AnyResource {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Partial<AnyResource>;
  return (
    typeof v.name === 'string' &&
    typeof v.apiBase === 'string' &&
    typeof v.menuUri === 'string' &&
    typeof v.permissions === 'object' &&
    typeof v.fields === 'object'
  );
}

/**
 * The declarations the modules export, in path order, each once (a module may export one both alone
 * and in a list). Two different declarations of one name are a programming error.
 */
export function collectResources(modules: Readonly<Record<string, unknown>>): AnyResource[] {
  const found: AnyResource[] = [];
  const byName = new Map<string, AnyResource>();
  for (const path of Object.keys(modules).sort()) {
    if (NOT_DECLARATIONS.test(path)) continue;
    // Export names sorted too: an ES module namespace lists them alphabetically, a module transpiled to
    // CommonJS (tsx) in the order written, and both loaders must agree.
    const exports = modules[path] as Record<string, unknown>;
    for (const exported of Object.keys(exports)
      .sort()
      .map((key) => exports[key])) {
      for (const candidate of Array.isArray(exported) ? exported : [exported]) {
        if (!isResourceDeclaration(candidate)) continue;
        const known = byName.get(candidate.name);
        if (known === candidate) continue;
        if (known) throw new Error(`Two resource declarations are named "${candidate.name}" (the second in ${path})`);
        byName.set(candidate.name, candidate);
        found.push(candidate);
      }
    }
  }
  return found;
}

export interface ResourceRegistry {
  RESOURCES: readonly AnyResource[];
  findResource(name: string | undefined): AnyResource | undefined;
  resourceByName(name: string): AnyResource;
}

export function createRegistry(resources: readonly AnyResource[]): ResourceRegistry {
  const byName = new Map(resources.map((resource) => [resource.name, resource]));
  return {
    RESOURCES: resources,
    findResource: (name) => (name === undefined ? undefined : byName.get(name)),
    resourceByName(name) {
      const resource = byName.get(name);
      if (!resource) throw new Error(`Unknown resource "${name}": declare it in src/resources/<name>.ts or src/features/<area>/resources.ts`);
      return resource;
    },
  };
}
