/**
 * Why a reader may not work a task now: what the server's task lookups answer beside `workable`, so a
 * task view can say it instead of only hiding the buttons. One code per rule of the engine, checked in
 * the engine's order; maker-checker comes before four-eyes as it is the stronger reason.
 */
export const UNWORKABLE_REASON = {
  /** The reader lacks workflow:task:handle (an auditor): nothing to explain, they only read. */
  noPermission: 'NO_PERMISSION',
  completed: 'COMPLETED',
  /** The step is another working role's (a handler's edit step to a director, and back). */
  role: 'ROLE',
  claimed: 'CLAIMED',
  /** The reader completed an edit (submit) step of this instance: they may not approve it. */
  makerChecker: 'MAKER_CHECKER',
  /** The reader completed another review step of this instance. */
  fourEyes: 'FOUR_EYES',
} as const;

export type UnworkableReason = (typeof UNWORKABLE_REASON)[keyof typeof UNWORKABLE_REASON];
