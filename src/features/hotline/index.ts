/**
 * The public face of the `hotline` area (issue 39 item 1): the only module another area may import.
 * It offers the call bar, the call button, a corporation's calls, the hotline's context and its call resource, which a corporation's detail page shows.
 */
export { CallBar } from './CallBar';
export { CallButton } from './CallButton';
export { CorporationCalls } from './CorporationCalls';
export { HotlineProvider, useHotline } from './HotlineContext';
export { hotlineCallResource } from './resources';
