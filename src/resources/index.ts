/**
 * The one registry of resource declarations, for the browser and the tests: the data provider, the
 * access-control provider and the page registry find a resource here by its Refine name. Nothing is
 * listed: a declaration in the resource folders is found (registry.ts says which folders). The
 * test-only resources of tests/resources join in test runs only, so no build ever holds them.
 */
import { collectResources, createRegistry } from './registry';

// import.meta.glob exists only where Vite compiles the module (the build, vitest). Outside it (the
// end-to-end specs, compiled by Playwright, import the route helpers) there is no import.meta.env
// either, and the registry is empty: those callers only need the routes of the menu tree.
const compiledByVite = import.meta.env !== undefined;
const declared = compiledByVite ? import.meta.glob(['./*.ts', '!./index.ts', '!./registry.ts', '../features/*/resources.ts'], { eager: true }) : {};
const testDeclared =
  compiledByVite && import.meta.env.MODE === 'test'
    ? import.meta.glob(['../../tests/resources/*.ts', '!../../tests/resources/*.table.ts'], { eager: true })
    : {};

const registry = createRegistry(collectResources({ ...declared, ...testDeclared }));

export const { RESOURCES, findResource, resourceByName } = registry;

/** The test-only resources among them (none outside test runs): exempt from the rules a real resource's labels follow. */
export const TEST_ONLY_RESOURCES = collectResources(testDeclared);
