/**
 * The content policy (src/lib/html-policy.ts) applied on the server, when content is saved: DOMPurify
 * over a jsdom window made once (a window per call would cost milliseconds for nothing).
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { contentSanitizer, type Purifier } from '../../src/lib/html-policy';

const { window } = new JSDOM('');

export const sanitizeContentHtml = contentSanitizer(createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]) as unknown as Purifier);
