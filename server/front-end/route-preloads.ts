/**
 * The app's HTML for a deep link, with the page's own chunks named as modulepreload links (the build's
 * .vite/route-preloads.json, scripts/build/route-preloads.ts): the browser fetches them with the entry
 * instead of once the entry, the shell and the page registry have run and named the page. Paths the
 * build knows no page for get the plain index.html.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** Where the build writes the pages' chunks in the static folder (scripts/build/route-preloads.ts). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

export interface RoutePreloads {
  /** Files per component path of a page of its own ('/op/system/dict/index'). */
  pages: Record<string, string[]>;
  /** Files of the kit's list page. */
  resourcePage: string[];
  /**
   * antd's build-time styles (scripts/build/antd-static-css.mjs): the first screens' stylesheet that
   * index.html links, and the superset with the list and task pages' components that a page's HTML
   * links instead, so those pages do not generate them in the browser.
   */
  antdStyles?: { firstScreens: string; pages: string };
}

export interface PreloadingHtml {
  /** The HTML for this path when the build names chunks for its page, compressed as the client accepts; else undefined. */
  forPath(path: string, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } | undefined;
}

/** Only hrefs the build writes (/assets/<name>.js|.css) are ever put in the page. */
const ASSET = /^\/assets\/[\w.-]+\.(js|css)$/;

/** The HTML with the pages' antd stylesheet linked where the first screens' is. */
function withPageStyles(html: string, styles: RoutePreloads['antdStyles']): string {
  if (!styles || !ASSET.test(styles.firstScreens) || !ASSET.test(styles.pages)) return html;
  return html.replace(`<link rel="stylesheet" href="${styles.firstScreens}">`, `<link rel="stylesheet" href="${styles.pages}">`);
}

export function preloadingHtml(staticDir: string, resourceMenuPaths: readonly string[]): PreloadingHtml {
  const indexFile = join(staticDir, 'index.html');
  const preloadsFile = join(staticDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(indexFile) || !existsSync(preloadsFile)) return { forPath: () => undefined };
  const index = readFileSync(indexFile, 'utf8');
  const preloads = JSON.parse(readFileSync(preloadsFile, 'utf8')) as RoutePreloads;
  const resourcePaths = new Set(resourceMenuPaths);
  // One entry per component path, made at its first request; the set of paths is the build's, so bounded.
  const made = new Map<string, { plain: Buffer; br: Buffer; gzip: Buffer }>();

  function filesFor(path: string): { component: string; files: string[] } | undefined {
    const trimmed = path.replace(/\/+$/, '');
    if (!trimmed.startsWith('/op/')) return undefined;
    const component = `${trimmed}/index`;
    const files = preloads.pages[component] ?? (resourcePaths.has(trimmed) ? preloads.resourcePage : undefined);
    return files?.length ? { component, files: files.filter((file) => ASSET.test(file)) } : undefined;
  }

  return {
    forPath(path, acceptEncoding) {
      const found = filesFor(path);
      if (!found) return undefined;
      let html = made.get(found.component);
      if (!html) {
        // crossorigin on both: Vite's loader asks for a page's stylesheet as it does for its scripts (crossOrigin
        // ''), and a preload made in another credentials mode is not used (Chrome warns and fetches it again).
        const links = found.files
          .map((file) =>
            file.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="${file}">` : `<link rel="modulepreload" crossorigin href="${file}">`,
          )
          .join('');
        const at = index.indexOf('</head>');
        const text = withPageStyles(at < 0 ? index : `${index.slice(0, at)}${links}${index.slice(at)}`, preloads.antdStyles);
        const plain = Buffer.from(text);
        html = { plain, br: brotliCompressSync(plain), gzip: gzipSync(plain) };
        made.set(found.component, html);
      }
      const accepts = (name: string) => (acceptEncoding ?? '').split(',').some((part) => part.trim().split(';')[0] === name);
      if (accepts('br')) return { body: html.br, encoding: 'br' };
      if (accepts('gzip')) return { body: html.gzip, encoding: 'gzip' };
      return { body: html.plain };
    },
  };
}
