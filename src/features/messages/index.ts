/**
 * The public face of the `messages` area (issue 39 item 1): the only module another area may import.
 * It offers the navbar's bell, the live message feed and the time format, which the shell and the support desk use.
 */
export { MessageBell } from './MessageBell';
export { liveMessages } from './live';
export { formatTime } from './message-format';
