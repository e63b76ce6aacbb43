/**
 * The ONE sanitising policy of stored rich text (news and notices), applied with DOMPurify by the
 * server when content is saved (over jsdom, server/security/sanitize-html.ts) and by the browser
 * whenever content is shown or leaves the editor (src/components/content/sanitize-html.ts).
 *
 * An allow-list: the few tags the editor produces, the attributes they need, and link targets of
 * http(s), mailto and tel only. Everything else (script, style, svg, math, iframe, object, embed,
 * form, meta, base, event handlers, inline styles, javascript:/vbscript:/data: URLs) is dropped.
 *
 * Images are stored WITHOUT a src: `<img data-file-id="…" alt="…">` names an uploaded file, and the
 * screen that shows the content asks the file service for fresh view grants and fills in the src
 * (README, "News and notices"). So stored content never holds a URL that expires, and never one
 * that points anywhere but this server's file service.
 */

export const CONTENT_ALLOWED_TAGS = [
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
] as const;

export const CONTENT_ALLOWED_ATTRIBUTES = ['href', 'target', 'rel', 'alt', 'title', 'data-file-id'] as const;

/** Link targets: absolute http(s), mailto and tel; nothing else (no relative, no other scheme). */
export const CONTENT_ALLOWED_URI = /^(?:https?:\/\/|mailto:|tel:)/i;

/** A file id as the file service issues them (server/files/store.ts). */
export const CONTENT_FILE_ID = /^[A-Za-z0-9-]{1,64}$/;

export const CONTENT_FILE_ID_ATTRIBUTE = 'data-file-id';

/** Every link opens outside the back office and cannot reach back into it. */
export const CONTENT_LINK_TARGET = '_blank';
export const CONTENT_LINK_REL = 'noopener noreferrer nofollow';

/** DOMPurify's configuration of the policy (its option names). */
export const CONTENT_PURIFY_CONFIG = {
  ALLOWED_TAGS: [...CONTENT_ALLOWED_TAGS],
  ALLOWED_ATTR: [...CONTENT_ALLOWED_ATTRIBUTES],
  ALLOWED_URI_REGEXP: CONTENT_ALLOWED_URI,
  // DOMPurify tests every other attribute's value as a URL; the file id is checked by its own pattern (below).
  ADD_URI_SAFE_ATTR: [CONTENT_FILE_ID_ATTRIBUTE],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  SAFE_FOR_TEMPLATES: false,
  WHOLE_DOCUMENT: false,
  RETURN_DOM: false,
  RETURN_DOM_FRAGMENT: false,
};

/** The parts of a DOM element the hooks touch, so this module needs no DOM library (the server has none). */
export interface PolicyElement {
  nodeName: string;
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  remove(): void;
}

interface AttributeHookData {
  attrName: string;
  attrValue: string;
  keepAttr: boolean;
}

/** The parts of a DOMPurify instance the policy uses. */
export interface Purifier {
  sanitize(html: string, config: typeof CONTENT_PURIFY_CONFIG): unknown;
  addHook(hook: 'uponSanitizeAttribute', callback: (node: PolicyElement, data: AttributeHookData) => void): void;
  addHook(hook: 'afterSanitizeAttributes', callback: (node: PolicyElement) => void): void;
}

function checkAttribute(node: PolicyElement, data: AttributeHookData): void {
  const element = node.nodeName.toLowerCase();
  if (data.attrName === CONTENT_FILE_ID_ATTRIBUTE) data.keepAttr = element === 'img' && CONTENT_FILE_ID.test(data.attrValue);
  // target and rel are set below for links; nothing else may carry them.
  if (data.attrName === 'target' || data.attrName === 'rel') data.keepAttr = element === 'a';
  if (data.attrName === 'href') data.keepAttr = element === 'a' && data.keepAttr;
}

function finishElement(node: PolicyElement): void {
  // An image whose file id the policy refused (or that only had a src, which is never kept) could
  // show nothing but a broken-image icon: it goes, as the editor never made it.
  if (node.nodeName.toLowerCase() === 'img') {
    if (!node.hasAttribute(CONTENT_FILE_ID_ATTRIBUTE)) node.remove();
    return;
  }
  if (node.nodeName.toLowerCase() !== 'a') return;
  if (node.hasAttribute('href')) {
    node.setAttribute('target', CONTENT_LINK_TARGET);
    node.setAttribute('rel', CONTENT_LINK_REL);
  } else {
    node.removeAttribute('target');
    node.removeAttribute('rel');
  }
}

/**
 * Installs the policy on a DOMPurify instance of its own (hooks are per instance) and answers the
 * sanitiser: HTML in, HTML holding nothing executable out.
 */
export function contentSanitizer(purifier: Purifier): (html: string) => string {
  purifier.addHook('uponSanitizeAttribute', checkAttribute);
  purifier.addHook('afterSanitizeAttributes', finishElement);
  return (html) => String(purifier.sanitize(html, CONTENT_PURIFY_CONFIG));
}

/** The file ids the images of sanitised content name, in order, without repeats. */
export function contentFileIds(sanitizedHtml: string): string[] {
  const ids = [...sanitizedHtml.matchAll(/\sdata-file-id="([A-Za-z0-9-]{1,64})"/g)].map((match) => match[1]);
  return [...new Set(ids)];
}

/** Whether sanitised content shows anything: text beyond whitespace, or an image. */
export function contentHasSubstance(sanitizedHtml: string): boolean {
  if (/<img\s/i.test(sanitizedHtml)) return true;
  const text = sanitizedHtml.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;/g, ' ');
  return text.trim() !== '';
}
