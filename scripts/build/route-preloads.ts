/**
 * What each page needs beyond the first screen's files, written to dist/.vite/route-preloads.json for
 * the server: when it answers a deep link (/op/system/dict), it names that page's chunks in the HTML
 * as modulepreload links (server/front-end/route-preloads.ts), so they download alongside the entry
 * instead of after the entry, the shell and the page registry have run (the registry names the page).
 *
 * Which module a page is comes from the page registry's source (src/routes/page-registry.ts): each
 * `'<component>': () => import('<module>')` of OWN_PAGES, and the kit's list page for a declared
 * resource's menu path. A unit test holds every registered page to an entry here.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { SCREENS, screenFiles } from '../bundle-budget.mjs';
import { ANTD_CSS, ANTD_PAGES_CSS, chunkGraph, KIT_PAGE_MODULE } from './first-screens.ts';
import { registeredPageModules } from './page-modules.ts';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../server/front-end/route-preloads.ts';

export function routePreloads(): Plugin {
  let root = process.cwd();
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const graph = chunkGraph(root, chunks);
      // What the HTML already loads or preloads on every /op path (first-screens.ts): never named twice.
      const known = new Set(screenFiles(graph, SCREENS['/op'].roots));
      const modules = new Set(Object.values(graph).flatMap((chunk) => chunk.modules));
      // The chunks' stylesheets too (Vite's own preload adds them only once the page is asked for).
      const cssOf = (file: string) => [...((bundle[file] as Rolldown.OutputChunk | undefined)?.viteMetadata?.importedCss ?? [])];
      const filesOf = (module: string) => {
        const files = screenFiles(graph, [module]).filter((file) => !known.has(file));
        const css = [...new Set(files.flatMap(cssOf))].filter((file) => !known.has(file) && ![...known].some((first) => cssOf(first).includes(file)));
        return [...files, ...css].map((file) => `/${file}`);
      };
      const pages: Record<string, string[]> = {};
      for (const [component, module] of registeredPageModules(root, modules)) pages[component] = filesOf(module);
      const asset = (name: string) => {
        const found = Object.values(bundle).find((file) => file.type === 'asset' && file.names.includes(name));
        return found && `/${found.fileName}`;
      };
      const firstScreens = asset(ANTD_CSS);
      const allPages = asset(ANTD_PAGES_CSS);
      const preloads: RoutePreloads = {
        pages,
        resourcePage: filesOf(KIT_PAGE_MODULE),
        ...(firstScreens && allPages && { antdStyles: { firstScreens, pages: allPages } }),
      };
      const file = resolve(options.dir ?? join(root, 'dist'), ROUTE_PRELOADS_FILE);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(preloads));
    },
  };
}
