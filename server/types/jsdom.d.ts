/**
 * The one part of jsdom the server uses (a window for DOMPurify); jsdom ships no types and
 * @types/jsdom is not a dependency.
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: object;
  }
}
