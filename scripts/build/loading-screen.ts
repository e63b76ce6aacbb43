// The full-screen loading spinner (src/components/FullScreenLoading.tsx) as static HTML inside
// index.html's #root: the browser paints it as soon as the page and its stylesheets arrive, instead
// of after the app's JavaScript (hundreds of KB on /op) has downloaded and run, and React's first
// render replaces it with the same spinner. tests/unit/shell/loading-screen.test.tsx checks that the
// two are the same markup in every language.
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { localeNamespace } from '../../server/locale-catalogue';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '../../src/providers/languages';

const ROOT = join(import.meta.dirname, '../..');

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The spinner's text (common:loading) in a language, from the catalogue (server/locale-catalogue.ts; the root given, as Vite bundles this file). */
export function loadingTip(language: Language): string {
  return String(localeNamespace(language, 'common', ROOT).loading);
}

/** FullScreenLoading's markup, as React renders it. */
export function loadingScreenHtml(tip: string): string {
  return `<div class="fullscreen-loading" role="status" aria-live="polite"><span class="fullscreen-loading-dots" aria-hidden="true"><i></i><i></i><i></i><i></i></span><span class="fullscreen-loading-tip">${escapeHtml(tip)}</span></div>`;
}

/**
 * #root filled with the spinner in the default language, and a script that, before anything is
 * painted, swaps in the operator's stored language (text and the page's lang).
 */
export function withLoadingScreen(html: string): string {
  const empty = '<div id="root"></div>';
  if (!html.includes(empty)) throw new Error('index.html has no empty <div id="root"></div>');
  const others = Object.fromEntries(LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).map((language) => [language, loadingTip(language)]));
  const script = `<script>(function (tips) {
      try {
        var lang = localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)});
        if (!Object.prototype.hasOwnProperty.call(tips, lang)) return;
        document.documentElement.lang = lang;
        document.querySelector('#root .fullscreen-loading-tip').textContent = tips[lang];
      } catch (e) {}
    })(${JSON.stringify(others)});</script>`;
  return html.replace(empty, `<div id="root">${loadingScreenHtml(loadingTip(DEFAULT_LANGUAGE))}</div>\n    ${script}`);
}

export function staticLoadingScreen(): Plugin {
  return {
    name: 'static-loading-screen',
    transformIndexHtml: { order: 'pre', handler: withLoadingScreen },
  };
}
