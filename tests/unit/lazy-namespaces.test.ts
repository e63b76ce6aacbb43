/**
 * Vite's import.meta.glob takes literal patterns only, so the namespaces the app's first load leaves out
 * (src/providers/i18n-app.ts) and those a screen may load on demand (src/providers/lazy-namespaces.ts)
 * are spelled twice. They must agree, but for `server` (the server's own messages, never the browser's)
 * and the three the login page bundles.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const braces = (file: string, marker: string) => {
  const text = readFileSync(new URL(`../../src/providers/${file}`, import.meta.url), 'utf8');
  const at = text.indexOf(marker);
  const list = /\{([^}]+)\}\.json/.exec(text.slice(at))![1];
  return list.split(',').sort();
};

describe('the lazily loaded locale namespaces', () => {
  it("are the same in the first load and in the on-demand loader, for the platform's files and the areas' alike", () => {
    const leftOut = braces('i18n-app.ts', "'!../../locales/*/");
    expect(braces('i18n-app.ts', "'!../features/*/locales/*/")).toEqual(leftOut);
    const loadable = braces('lazy-namespaces.ts', "'../../locales/*/");
    expect(braces('lazy-namespaces.ts', "'../features/*/locales/*/")).toEqual(loadable);
    expect(loadable).toEqual(leftOut.filter((ns) => !['common', 'auth', 'errors', 'server'].includes(ns)));
  });
});
