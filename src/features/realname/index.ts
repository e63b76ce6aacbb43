/**
 * The public face of the `realname` area (issue 39 item 1): the only module another area may import.
 * It offers the link to a record's check page, which a corporation's detail page offers.
 */
export { checkLink } from './paths';
