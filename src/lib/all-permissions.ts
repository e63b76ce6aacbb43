/**
 * Every permission string the code declares (issue 39 item 1): the platform's (src/lib/permissions.ts)
 * and each area's own src/features/<area>/permissions.ts, found by discovery as the areas' pages and
 * processes are, so that no central file names an area. What the server knows (knownPermissions, the
 * grant rules' expansion), the auditor's permission matrix and the permission labels read this set.
 *
 * A module of its own, apart from src/lib/permissions.ts: an area's permissions.ts imports crud and the
 * types from there, and this one imports every area's; one module doing both would import itself.
 */
/// <reference types="vite/client" />
import { mergeDeclared, requireAreaFiles } from '../routes/area-pages';
import { PERMISSIONS, type Permission, type PermissionCatalogue } from './permissions';

/** What src/features/<area>/permissions.ts exports. */
interface PermissionsModule {
  PERMISSIONS: PermissionCatalogue;
}

/**
 * Every area's permissions.ts, keyed as import.meta.glob keys them ('../features/<area>/permissions.ts'):
 * Vite (the browser build and vitest) replaces the glob with the modules; the server runs under tsx,
 * which knows no import.meta.glob, so it reads the same folders and requires each file, synchronously,
 * so that the set is whole the moment it is imported.
 */
export function areaPermissionModules(): Readonly<Record<string, PermissionsModule>> {
  return import.meta.env
    ? import.meta.glob<PermissionsModule>('../features/*/permissions.ts', { eager: true })
    : requireAreaFiles<PermissionsModule>('permissions.ts');
}

/**
 * The catalogues as one, by group name. A group name or a string two catalogues declare is a
 * programming error (one grant would mean two things), refused at start rather than one silently winning.
 */
export function mergeCatalogues(catalogues: readonly PermissionCatalogue[]): PermissionCatalogue {
  const merged = mergeDeclared('permission group', catalogues);
  const seen = new Set<string>();
  for (const group of Object.values(merged)) {
    for (const permission of Object.values(group)) {
      if (seen.has(permission)) throw new Error(`permission ${permission} is declared twice`);
      seen.add(permission);
    }
  }
  return merged;
}

const modules = areaPermissionModules();

/** Every group: the platform's, then the areas' in area order (the folder's name). */
export const PERMISSION_GROUPS: PermissionCatalogue = mergeCatalogues([
  PERMISSIONS,
  ...Object.keys(modules)
    .sort()
    .map((path) => modules[path].PERMISSIONS),
]);

export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_GROUPS).flatMap((group) => Object.values(group));
