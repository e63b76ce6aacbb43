/**
 * The public face of the `credit-notes` area (issue 39 item 1): the only module another area may import.
 * It offers a note's status tag and the link to a note, which redemption screens show.
 */
export { NoteStatusTag } from './NotesPage';
export { noteLink } from './credit-api';
