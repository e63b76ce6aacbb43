/**
 * Build plugins that shape what the first screens (/login/op and the signed-in /op) download: few
 * files, and no style work antd could have done at build time. Both measured with
 * `npm run bench:web` (Lighthouse, simulated slow 4G and a 4× slower CPU on mobile).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { CHUNK_GRAPH_FILE, SCREENS, screenFiles, type ChunkGraph } from '../bundle-budget.mjs';
import { DEFAULT_THEME_COLOR } from '../../src/layout/settings/settings-store.ts';
import { antdStaticCss } from './antd-static-css.mjs';
import { registeredPageModules } from './page-modules.ts';

/** index.html with `tag` put just before the entry's module script. */
function beforeEntryScript(html: string, tag: string): string {
  const at = html.indexOf('<script type="module"');
  if (at < 0) throw new Error('index.html has no module script');
  return `${html.slice(0, at)}${tag}\n    ${html.slice(at)}`;
}

export const ANTD_CSS = 'antd.css';
export const ANTD_PAGES_CSS = 'antd-pages.css';

/**
 * antd's styles for the first screens' components as one stylesheet, linked before the app's own
 * (which overrides it), so antd skips generating them in the browser (scripts/build/antd-static-css.mjs).
 */
export function antdStaticStyles(): Plugin {
  return {
    name: 'antd-static-styles',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'asset', name: ANTD_CSS, source: antdStaticCss({ colorPrimary: DEFAULT_THEME_COLOR }) });
      // A deep link to a list or task page gets this superset instead (route-preloads.ts names it for the server).
      this.emitFile({ type: 'asset', name: ANTD_PAGES_CSS, source: antdStaticCss({ colorPrimary: DEFAULT_THEME_COLOR, pages: true }) });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const asset = Object.values(ctx.bundle ?? {}).find((file) => file.type === 'asset' && file.names.includes(ANTD_CSS));
        if (!asset) throw new Error('antd.css was not emitted');
        return beforeEntryScript(html, `<link rel="stylesheet" href="/${asset.fileName}">`);
      },
    },
  };
}

export function chunkGraph(root: string, chunks: Rolldown.OutputChunk[]): ChunkGraph {
  return Object.fromEntries(
    chunks.map((chunk) => [
      chunk.fileName,
      {
        imports: chunk.imports,
        modules: chunk.moduleIds.filter((id) => id.startsWith(root) && !id.includes('/node_modules/')).map((id) => relative(root, id)),
      },
    ]),
  );
}

/** The kit's list page, which every declared resource without a page of its own shows. */
export const KIT_PAGE_MODULE = 'src/crud/ResourcePage.tsx';
/** The workflow's task page (/op/task/view), where each process's approval is done. */
const TASK_PAGE_MODULE = 'src/workflows/task-view/TaskViewPage.tsx';
/** Modules the signed-in first screen loads lazily, by the device (main.tsx) or the operator's layout (SignedIn). */
const FIRST_SCREEN_LAZY = ['src/layout/sidebar/MobileSidebar.tsx', 'src/layout/header/HeaderLayout.tsx'];

/**
 * The first screens' code in three chunks instead of some fifty: what both screens load ('boot'),
 * what only the shell loads ('shell'), what only the login page loads ('login'); then the list pages' common
 * code ('pages') and the task view's ('tasks'). A phone on a slow network then waits for a few
 * downloads rather than for round trip after round trip.
 *
 * Which modules those are is read from a first build, not written to disk, with the default chunking:
 * its tree-shaken chunk graph from the screens' roots (scripts/bundle-budget.mjs). So nothing joins a
 * first load that was not already in it, and lazy pages keep their own chunks. The chunk graph of the
 * real build is written to dist/.vite/chunk-graph.json (Vite's manifest omits chunks made by groups).
 */
export function firstScreenChunks({ configFile }: { configFile: string }): Plugin {
  const INNER = 'FIRST_SCREEN_CHUNKS_INNER_BUILD';
  let root = process.cwd();
  return {
    name: 'first-screen-chunks',
    apply: 'build',
    async config(config) {
      if (process.env[INNER]) return;
      root = resolve(config.root ?? '.');
      process.env[INNER] = '1';
      let output: Rolldown.RolldownOutput;
      try {
        const result = await build({ configFile, root, logLevel: 'silent', build: { write: false } });
        output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
      } finally {
        delete process.env[INNER];
      }
      const chunks = output.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const graph = chunkGraph(root, chunks);
      const login = new Set(screenFiles(graph, SCREENS['/login/op'].roots));
      const op = new Set(screenFiles(graph, SCREENS['/op'].roots));
      // A login-only chunk that a lazy page imports too stays apart: that page would load the login form.
      const importedElsewhere = (file: string) => Object.entries(graph).some(([other, chunk]) => !login.has(other) && chunk.imports.includes(file));
      // What the kit's list page loads beyond the first screens (antd's table, form, pickers, drawer and
      // modal, the kit's own modules): some forty files on a deep link to a list, which over HTTP/1.1's
      // six connections arrive round after round. As one file the dictionary list's first row came
      // 26% sooner (bench:journeys, 7 runs, 1471 → 1086 ms). Chunks the login page shares stay apart.
      const kit = new Set(screenFiles(graph, [KIT_PAGE_MODULE]));
      // With it, what most pages load (cards, tabs): one file more for half the pages is less than a
      // round trip less for the other half.
      const pageModules = [...registeredPageModules(root, new Set(Object.values(graph).flatMap((chunk) => chunk.modules))).values()];
      const pageClosures = pageModules.map((module) => new Set(screenFiles(graph, [module])));
      // What a first screen loads lazily by the device or the operator's layout (the phone's sidebar
      // drawer, the header-only layout) stays apart: a phone's /op would otherwise download every page's
      // code with the drawer (Lighthouse's mobile /op fell from 72 to 65; with this rule it is 73).
      const byLayout = new Set(screenFiles(graph, FIRST_SCREEN_LAZY));
      const common = (file: string) => pageClosures.filter((closure) => closure.has(file)).length * 2 >= pageClosures.length;
      // The workflow's task page, which every approval of the forty processes opens: its frame, summary,
      // history and the process registry, some fifteen files more (the approve button waited for them).
      const tasks = new Set(screenFiles(graph, [TASK_PAGE_MODULE]));
      const group = new Map<string, string>();
      for (const chunk of chunks) {
        const file = chunk.fileName;
        const inLogin = login.has(file);
        const inOp = op.has(file);
        const name =
          inLogin && inOp
            ? 'boot'
            : inOp
              ? 'shell'
              : inLogin
                ? importedElsewhere(file)
                  ? undefined
                  : 'login'
                : byLayout.has(file)
                  ? undefined
                  : kit.has(file) || common(file)
                    ? 'pages'
                    : tasks.has(file)
                      ? 'tasks'
                      : undefined;
        if (name) for (const id of chunk.moduleIds) group.set(id, name);
      }
      return {
        build: {
          rollupOptions: {
            output: {
              codeSplitting: {
                // Each group is already closed under static imports; recursion would let the first group
                // to claim a shared module pull it out of 'boot'.
                groups: [{ debugName: 'first-screens', name: (id: string) => group.get(id) ?? null, includeDependenciesRecursively: false }],
              },
            },
          },
        },
      };
    },
    // Each screen's own chunks start downloading with the entry, not once it has run: a tiny inline
    // script adds their modulepreload links for the path being opened (a static link would make the
    // login page download the shell too).
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
        const graph = chunkGraph(root, chunks);
        const atStart = new Set(screenFiles(graph, ['src/main.tsx']));
        const own = (screen: keyof typeof SCREENS) =>
          screenFiles(graph, SCREENS[screen].roots)
            .filter((file) => !atStart.has(file))
            .map((file) => `/${file}`);
        const script = `<script>(function (p) {
      var files = p === '/login' || p.indexOf('/login/') === 0 ? ${JSON.stringify(own('/login/op'))} : p === '/op' || p.indexOf('/op/') === 0 ? ${JSON.stringify(own('/op'))} : [];
      files.forEach(function (href) { var link = document.createElement('link'); link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = href; document.head.appendChild(link); });
    })(location.pathname);</script>`;
        return beforeEntryScript(html, script);
      },
    },
    // After Vite's own last steps (the HTML entry's chunk is folded away), so the graph is what is on disk.
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const file = join(options.dir ?? join(root, 'dist'), CHUNK_GRAPH_FILE);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(chunkGraph(root, chunks), null, 1));
    },
  };
}
