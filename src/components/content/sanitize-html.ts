/**
 * The content policy (src/lib/html-policy.ts) applied with the browser's own DOM: on every display of
 * stored content and on the editor's output before it is sent. A DOMPurify instance of its own, so
 * the policy's hooks touch nothing else that may sanitise.
 */
import createDOMPurify from 'dompurify';
import { contentSanitizer, type Purifier } from '../../lib/html-policy';

export const sanitizeContentHtml = contentSanitizer(createDOMPurify(window) as unknown as Purifier);
