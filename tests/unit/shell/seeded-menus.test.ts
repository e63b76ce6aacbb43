import type { MenuSeed } from '../../../server/db/seed-data/menus';
import { declaredMenuTree } from '../../../server/db/reference';
import { RESOURCES, TEST_ONLY_RESOURCES } from '../../../src/resources';
import { pageStatus } from '../../../src/routes/page-registry';
import { STATIC_ROUTES } from '../../../src/routes/static-routes';
import { localeNamespace } from '../../../server/locale-catalogue';

/** Every seeded menu with its full path and the component the server gives it. */
/** The menu namespace merged: the platform's titles and each area's (server/locale-catalogue.ts). */
const zhMenu = localeNamespace('zh-CN', 'menu') as Record<string, string>;

function flatten(tree: readonly MenuSeed[], parent?: string): { uri: string; title: string; path: string; component: string }[] {
  return tree.flatMap((node) => {
    const path = parent ? `${parent}/${node.path}` : node.path;
    const directory = node.children !== undefined;
    const component = node.component ?? (directory ? (parent ? 'ParentView' : 'Layout') : `${path}/index`);
    return [{ uri: node.uri, title: node.title, path, component }, ...flatten(node.children ?? [], path)];
  });
}

const seeded = flatten(declaredMenuTree(RESOURCES));

describe('the seeded menu tree against the shell', () => {
  it.each(seeded.filter((m) => m.component.startsWith('/op/')))('$component resolves through the page registry', ({ component }) => {
    expect(pageStatus(component)).not.toBe('missing');
  });

  it('has a zh-CN title for every menuUri, the same as the seed', () => {
    // A test-only resource (tests/resources) touches no locale file; its menu takes its title.
    const testOnly = new Set(TEST_ONLY_RESOURCES.map((r) => r.menuUri));
    for (const menu of seeded.filter((m) => !testOnly.has(m.uri))) expect(zhMenu[menu.uri], menu.uri).toBe(menu.title);
  });

  it('guards every static route by a menuUri the seed grants, at the path the seed gives it', () => {
    const byUri = new Map(seeded.map((m) => [m.uri, m]));
    for (const route of STATIC_ROUTES.filter((r) => r.menuUri)) {
      expect(byUri.get(route.menuUri!)?.path, route.menuUri).toBe(route.path);
    }
  });
});
