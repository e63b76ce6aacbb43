/**
 * What each area adds to the reference data (issue 39 item 2): its menu entries, the rules by which the
 * seeded roles are granted its permissions, and its dictionaries, declared in the area's own
 * server/<area>/catalogue.ts and found here by discovery, as the processes and pages are. The central
 * seed data keeps only what is no area's: the menu's top-level directories (spec §2.3), the roles
 * themselves with the rules that span every area (the auditor reads everything), the platform's own
 * dictionaries and configs, the brand and the personas.
 *
 * Found synchronously, so the lists are whole the moment they are imported, as they were when they
 * were one list: Vite (vitest) replaces the glob with the modules; the server runs under tsx, which
 * knows no import.meta.glob, so it reads the folders and requires each file.
 */
import type { GrantRule } from '../../../src/lib/grants';
import { requireAreaFiles } from '../../../src/routes/area-pages';
import type { ROLE } from '../../../src/lib/codes';
import type { DictSeed } from './dictionaries';
import type { MenuSeed } from './menus';

export type RoleCode = (typeof ROLE)[keyof typeof ROLE];

/** An area's menu entry: under the top-level directory whose uri is `parent`, or top-level itself. */
export interface AreaMenu extends MenuSeed {
  parent?: string;
}

/** What an area's catalogue.ts exports; each part optional. */
export interface AreaCatalogue {
  menus?: readonly AreaMenu[];
  /** Per seeded role (its code), the rules granting it this area's permissions (src/lib/grants.ts). */
  grants?: Partial<Record<RoleCode, readonly GrantRule[]>>;
  dictionaries?: readonly DictSeed[];
}

interface CatalogueModule {
  catalogue: AreaCatalogue;
}

/** Every area's catalogue with its folder's name, in folder order. */
export const AREA_CATALOGUES: ReadonlyArray<{ area: string; catalogue: AreaCatalogue }> = (() => {
  const modules = import.meta.env
    ? import.meta.glob<CatalogueModule>('../../*/catalogue.ts', { eager: true })
    : requireAreaFiles<CatalogueModule>('catalogue.ts', new URL('../../', import.meta.url), '../../');
  return Object.keys(modules)
    .sort()
    .map((path) => ({ area: path.split('/')[2], catalogue: modules[path].catalogue }));
})();
