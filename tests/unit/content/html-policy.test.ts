// @vitest-environment jsdom
/**
 * The one sanitising policy (src/lib/html-policy.ts), as the browser applies it and as the server
 * applies it over jsdom: both give the same answer for every OWASP payload and every editor output.
 */
import { sanitizeContentHtml as inBrowser } from '../../../src/components/content/sanitize-html';
import { contentFileIds, contentHasSubstance, CONTENT_ALLOWED_URI } from '../../../src/lib/html-policy';
import { sanitizeContentHtml as onServer } from '../../../server/security/sanitize-html';
import { XSS_PAYLOADS, XSS_SENTINEL } from '../../fixtures/xss-payloads';

describe('the content policy', () => {
  it.each(XSS_PAYLOADS.map((p) => [p.name, p.html] as const))('%s: the same inert HTML in the browser and on the server', (_name, html) => {
    const browser = inBrowser(html);
    expect(browser).toBe(onServer(html));
    const host = document.createElement('div');
    host.innerHTML = browser;
    for (const element of Array.from(host.querySelectorAll('*'))) {
      expect([
        'p',
        'br',
        'h1',
        'h2',
        'h3',
        'h4',
        'strong',
        'b',
        'em',
        'i',
        'u',
        's',
        'code',
        'pre',
        'ul',
        'ol',
        'li',
        'blockquote',
        'hr',
        'a',
        'img',
      ]).toContain(element.localName);
      for (const attribute of Array.from(element.attributes)) {
        expect(['href', 'target', 'rel', 'alt', 'title', 'data-file-id']).toContain(attribute.name);
        expect(attribute.value).not.toContain(XSS_SENTINEL);
      }
    }
  });

  it('keeps links to http(s), mailto and tel only, always opening apart from the back office', () => {
    const links = [
      'https://example.com/a',
      'http://example.com',
      'mailto:a@example.com',
      'tel:+8610',
      'javascript:alert(1)',
      'vbscript:x',
      'data:text/html,x',
      '/relative',
      '//evil.example',
      'ftp://files.example',
    ];
    const kept = links.filter((href) => inBrowser(`<a href="${href}">x</a>`).includes('href='));
    expect(kept).toEqual(['https://example.com/a', 'http://example.com', 'mailto:a@example.com', 'tel:+8610']);
    expect(inBrowser('<a href="https://example.com" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(inBrowser('<a target="_blank">x</a>')).toBe('<a>x</a>');
    expect(links.filter((href) => CONTENT_ALLOWED_URI.test(href))).toEqual(kept);
  });

  it('stores images by file id only: src dropped, a malformed id dropped, the id kept on images alone', () => {
    expect(inBrowser('<img src="https://cdn.example/x.png" data-file-id="f-1" alt="图">')).toBe('<img data-file-id="f-1" alt="图">');
    expect(inBrowser('<p data-file-id="f-1">x</p>')).toBe('<p>x</p>');
  });

  it('drops an image whose source the policy removed, rather than leave an empty <img> that shows a broken-image icon', () => {
    for (const html of [
      '<p>前<img data-file-id="../../etc/passwd">后</p>',
      '<p>前<img src="https://cdn.example/x.png" alt="外链">后</p>',
      '<p>前<img src="javascript:alert(1)" onerror="alert(2)">后</p>',
      '<p>前<img>后</p>',
    ]) {
      expect(inBrowser(html)).toBe('<p>前后</p>');
      expect(onServer(html)).toBe('<p>前后</p>');
    }
    expect(contentHasSubstance(inBrowser('<p><img src="https://cdn.example/x.png"></p>'))).toBe(false);
    expect(inBrowser('<img data-file-id="f-1"><img src="x"><img data-file-id="f-2">')).toBe('<img data-file-id="f-1"><img data-file-id="f-2">');
  });

  it('lists the file ids of images in order without repeats, and tells empty content from content', () => {
    expect(contentFileIds('<img data-file-id="a-1"><p>x</p><img data-file-id="b-2" alt="b"><img data-file-id="a-1">')).toEqual(['a-1', 'b-2']);
    expect(contentHasSubstance(inBrowser('<p> </p><p>&nbsp;</p><script>x</script>'))).toBe(false);
    expect(contentHasSubstance('<p>字</p>')).toBe(true);
    expect(contentHasSubstance('<img data-file-id="a-1">')).toBe(true);
  });
});
