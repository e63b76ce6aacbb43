/**
 * Every /api/web route as declared through route() (server/routes/route.ts): method, path and the
 * permission the guard demands. The permission matrix reads its requirements from here, so that a
 * cell says what the guard answers for a route that exists, not what a declaration file claims.
 * Module-wide rather than per app: routes are declared by the same code in every app a process
 * builds, so the table is the same for each (the key makes a second build a no-op).
 */
export interface DeclaredRoute {
  method: string;
  path: string;
  /** undefined: any signed-in session (or the public) may call it. */
  permission: string | undefined;
  /** Whether the route declares its body's schema (route()'s `body`). */
  checksBody: boolean;
  /** Whether its handler reads the body at all (its source names `body`): one that does must declare the schema. */
  readsBody: boolean;
}

const declared = new Map<string, DeclaredRoute>();

export function declareRoute(
  method: string | readonly string[],
  path: string,
  permission: string | undefined,
  body: { checksBody: boolean; readsBody: boolean } = { checksBody: false, readsBody: false },
): void {
  const methods = typeof method === 'string' ? [method] : method;
  for (const m of methods) declared.set(`${m} ${path}`, { method: m, path, permission, ...body });
}

export function declaredRoutes(): DeclaredRoute[] {
  return [...declared.values()];
}

/** The permissions some declared route requires: the only ones a request can be refused for. */
export function enforcedPermissions(): Set<string> {
  return new Set(declaredRoutes().flatMap((r) => (r.permission === undefined ? [] : [r.permission])));
}
