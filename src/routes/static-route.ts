/**
 * A route the shell registers whatever the menu tree says (src/routes/static-routes.ts), and the helper
 * an area declares its own with (its src/features/<area>/pages.ts: routes). Apart from static-routes.ts,
 * which finds the areas' declarations, so that a declaration importing this imports nothing that imports it back.
 */
import { HOME_PATH } from './home';
import type { RouteLayout } from './types';

export interface StaticRoute {
  path: string;
  titleKey: string;
  menuUri?: string;
  name?: string;
  hidden?: boolean;
  noCache?: boolean;
  affix?: boolean;
  layout?: RouteLayout;
  /** The page registry's component path; defaults to `${path}/index`. */
  component?: string;
  /**
   * The permission(s) of the call behind the page, any one of which the operator must hold besides
   * the menu, so that the page is guarded like that call: for create, edit and task pages their first
   * write; for a list whose menu is granted more widely than its data, its list call.
   */
  permission?: string | readonly string[];
  /**
   * An action page's write: the permission(s) of the call the page exists to make (a form's submit).
   * An operator who may open the page but holds none of them gets it read-only (AppRoute.readOnly:
   * the shell disables every control on it and says why), whatever the path was opened by. The same
   * strings the server's routes require, from the area's permissions.ts (or src/lib/permissions.ts, the platform's).
   */
  action?: string | readonly string[];
}

/** A route under the home path (`/op/<path>`), its title the `menu` namespace's text of its menuUri. */
export const child = (path: string, menuUri: string, flags: Partial<StaticRoute> = {}): StaticRoute => ({
  path: `${HOME_PATH}/${path}`,
  titleKey: menuUri,
  menuUri,
  ...flags,
});
