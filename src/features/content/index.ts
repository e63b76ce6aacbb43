/**
 * The public face of the `content` area (issue 39 item 1): the only module another area may import.
 * It offers the publication states and their dictionary, which the help centre's articles share.
 */
export { CONTENT_STATUS, CONTENT_STATUS_DICT } from './resources';
