// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { FullScreenLoading } from '../../../src/components/FullScreenLoading';
import i18n, { LANGUAGES } from '../../../src/providers/i18n';
import { loadingScreenHtml, loadingTip, withLoadingScreen } from '../../../scripts/build/loading-screen';

const INDEX = '<html lang="zh-CN"><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>';

/** index.html as the build writes it, loaded with the given stored language, its inline script run. */
function loadIndex(stored: string | null): Document {
  localStorage.clear();
  if (stored) localStorage.setItem('lang', stored);
  const doc = new DOMParser().parseFromString(withLoadingScreen(INDEX), 'text/html');
  document.documentElement.lang = 'zh-CN';
  document.body.innerHTML = doc.body.innerHTML;
  // the inline script, as the browser runs it
  new Function(doc.body.querySelector('script:not([type])')!.textContent!)();
  return document;
}

afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('zh-CN');
});

describe("index.html's static loading screen (scripts/build/loading-screen.ts)", () => {
  it.each(LANGUAGES)('is the markup FullScreenLoading renders, in %s', async (language) => {
    await i18n.changeLanguage(language);
    expect(loadingScreenHtml(loadingTip(language))).toBe(renderToStaticMarkup(<FullScreenLoading />));
  });

  it('shows the default language when none is stored', () => {
    const doc = loadIndex(null);
    expect(doc.querySelector('#root [role=status]')?.textContent).toBe('加载中…');
    expect(doc.documentElement.lang).toBe('zh-CN');
  });

  it("shows the operator's stored language before any script of the app has run", () => {
    const doc = loadIndex('en-US');
    expect(doc.querySelector('#root [role=status]')?.textContent).toBe('Loading…');
    expect(doc.documentElement.lang).toBe('en-US');
  });

  it('ignores a stored value that is not a language', () => {
    const doc = loadIndex('toString');
    expect(doc.querySelector('#root [role=status]')?.textContent).toBe('加载中…');
  });

  it('refuses an index.html without an empty #root', () => {
    expect(() => withLoadingScreen('<div id="app"></div>')).toThrow('index.html has no empty <div id="root"></div>');
  });
});
