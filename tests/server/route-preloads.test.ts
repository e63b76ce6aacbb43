/** The HTML of a deep link names its page's chunks (server/front-end/route-preloads.ts). */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { preloadingHtml, ROUTE_PRELOADS_FILE } from '../../server/front-end/route-preloads';

function build(preloads: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'scf-route-preloads-'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
  return dir;
}

describe('preloading HTML for deep links', () => {
  const dir = build({
    pages: { '/op/system/dict/index': ['/assets/DictTypePage-a1.js', '/assets/kit-b2.css', 'https://evil.example/x.js', '/assets/"><script>.js'] },
    resourcePage: ['/assets/ResourcePage-c3.js'],
  });
  const html = preloadingHtml(dir, ['/op/system/config']);
  const text = (path: string) => {
    const answer = html.forPath(path, 'identity');
    return answer && answer.body.toString('utf8');
  };

  it("names a page of its own's chunks in the head, and only the build's asset paths", () => {
    const page = text('/op/system/dict/')!;
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/DictTypePage-a1.js"><link rel="preload" as="style" crossorigin href="/assets/kit-b2.css"></head>',
    );
    expect(page).not.toContain('evil');
    expect(page).not.toContain('<script>');
  });

  it("names the kit's list page for a declared resource's menu path", () => {
    expect(text('/op/system/config')).toContain('/assets/ResourcePage-c3.js');
  });

  it('answers nothing for a path the build knows no page for, or outside the shell', () => {
    expect(html.forPath('/op/no/such/page', 'br')).toBeUndefined();
    expect(html.forPath('/login/op', 'br')).toBeUndefined();
    expect(html.forPath('/op', 'br')).toBeUndefined();
  });

  it('compresses as the client accepts', () => {
    const br = html.forPath('/op/system/config', 'gzip, deflate, br')!;
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('ResourcePage-c3.js');
    expect(html.forPath('/op/system/config', 'gzip')!.encoding).toBe('gzip');
    expect(html.forPath('/op/system/config', undefined)!.encoding).toBeUndefined();
  });

  it("links the pages' antd stylesheet in place of the first screens', and only the build's asset paths", () => {
    const styled = (antdStyles: unknown) => {
      const at = build({ pages: { '/op/system/dict/index': ['/assets/DictTypePage-a1.js'] }, resourcePage: [], antdStyles });
      writeFileSync(join(at, 'index.html'), '<html><head><link rel="stylesheet" href="/assets/antd-f1.css">\n</head><body></body></html>');
      return preloadingHtml(at, []).forPath('/op/system/dict', undefined)!.body.toString('utf8');
    };
    const page = styled({ firstScreens: '/assets/antd-f1.css', pages: '/assets/antd-pages-p2.css' });
    expect(page).toContain('<link rel="stylesheet" href="/assets/antd-pages-p2.css">');
    expect(page).not.toContain('antd-f1.css');
    expect(styled({ firstScreens: '/assets/antd-f1.css', pages: 'https://evil.example/x.css' })).toContain('href="/assets/antd-f1.css"');
    expect(styled(undefined)).toContain('href="/assets/antd-f1.css"');
  });

  it('is off when the build wrote no preloads', () => {
    const bare = mkdtempSync(join(tmpdir(), 'scf-route-preloads-'));
    writeFileSync(join(bare, 'index.html'), '<html></html>');
    expect(preloadingHtml(bare, []).forPath('/op/system/dict', 'br')).toBeUndefined();
  });
});
