// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageLoader, pageStatus, unbuiltComponents } from '../../../src/routes/page-registry';
import { STATIC_ROUTES } from '../../../src/routes/static-routes';

/** Route paths the shell's page (docs/developers/operator-shell.md) lists as 建设中, with `{a,b}` shorthand expanded. */
function readmeUnbuiltRoutes(): Set<string> {
  const section = readFileSync(join(import.meta.dirname, '../../../docs/developers/operator-shell.md'), 'utf8');
  const paths = [...section.matchAll(/`(\/op\/[^`]+)`/g)].map((m) => m[1]);
  return new Set(
    paths.flatMap((path) => {
      const brace = /\{([^}]+)\}/.exec(path);
      return brace ? brace[1].split(',').map((part) => path.replace(brace[0], part)) : [path];
    }),
  );
}

describe('the page registry', () => {
  it('answers ready or missing for a component path: every screen of the spec is built', () => {
    expect(pageStatus('/op/index')).toBe('ready');
    expect(pageStatus('/op/system/dict/index')).toBe('ready');
    // The payment audit was the last 建设中 screen (issue 18 item 5).
    expect(pageStatus('/op/abs/credit-recycling-manage/audit/index')).toBe('ready');
    expect(unbuiltComponents()).toEqual([]);
    expect(pageStatus('/op/no/such/index')).toBe('missing');
  });

  it('lazily loads the under-construction screen for an unknown path, and a page for a known one', async () => {
    const unknown = await pageLoader('/op/no/such/index')();
    const another = await pageLoader('/op/no/other/index')();
    expect(another.default).toBe(unknown.default);
    expect((await pageLoader('/op/index')()).default).not.toBe(unknown.default);
  });

  it('knows the component of every static route of spec 2.3 and 2.4', () => {
    for (const route of STATIC_ROUTES) expect(pageStatus(`${route.path}/index`), route.path).not.toBe('missing');
  });

  it('has every 建设中 route listed in the shell docs', () => {
    const listed = readmeUnbuiltRoutes();
    for (const component of unbuiltComponents()) expect(listed, component).toContain(component.replace(/\/index$/, ''));
  });
});
