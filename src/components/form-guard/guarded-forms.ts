/**
 * The forms with unsaved changes on the open pages, and what happens to them when they would be lost
 * (issue 26): leaving the page asks (guarded-history.ts before any route change, the tags-view's
 * close, the tab's beforeunload), and
 * drafts.ts keeps their values when the session expires. Light on purpose: the shell's first load
 * carries this module, and the drafts' cryptography loads only with a guarded form.
 */
import { FORM_DRAFTS_KEY } from '../../providers/session';

export interface GuardedForm {
  /** Unique on its page: the draft is offered back to the form of the same id on the same path. */
  id: string;
  /** The page's path (its route, as the tags-view knows it). */
  path: string;
  /** The values to keep, sensitive fields already left out. */
  values: () => Record<string, unknown>;
  /** What the form is about (restored with the values), e.g. the record a modal edits. */
  context?: Record<string, unknown>;
}

const dirty = new Map<string, GuardedForm>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const guardedForms = {
  markDirty(form: GuardedForm) {
    dirty.set(`${form.path}#${form.id}`, form);
    emit();
  },
  markClean(path: string, id: string) {
    if (dirty.delete(`${path}#${id}`)) emit();
  },
  /** Every dirty form. */
  all: (): GuardedForm[] => [...dirty.values()],
  /** The dirty forms on these pages. */
  on(paths: readonly string[]): GuardedForm[] {
    return [...dirty.values()].filter((form) => paths.includes(form.path));
  },
  any: () => dirty.size > 0,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Closing the tab, reloading or leaving the app for another site: the browser's own question.
let leavingForSignIn = false;
/** The session ended: the tab goes to sign in, and the drafts are kept instead of asking. */
export function leaveForSignIn(): void {
  leavingForSignIn = true;
}
/** The tab is on its way to sign in (the drafts are kept): nothing asks any more. */
export const isLeavingForSignIn = (): boolean => leavingForSignIn;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', (event) => {
    if (leavingForSignIn || !guardedForms.any()) return;
    event.preventDefault();
    event.returnValue = '';
  });
}

/** Asks whether to drop the unsaved changes; installed by LeaveGuard with the app's modal. */
let ask: () => Promise<boolean> = async () => window.confirm('');
export function setLeaveQuestion(question: () => Promise<boolean>): void {
  ask = question;
}

/** Resolves true when nothing on these pages is unsaved or the operator agrees to drop it (and then forgets it). */
export async function confirmLeaving(paths: readonly string[]): Promise<boolean> {
  const forms = guardedForms.on(paths);
  if (forms.length === 0) return true;
  if (!(await ask())) return false;
  for (const form of forms) guardedForms.markClean(form.path, form.id);
  return true;
}

/**
 * Where the drafts kept at the session's expiry were typed (drafts.ts): the page to return to after
 * signing in again, once. Read here, without the drafts' cryptography, as the shell's first load asks.
 */
export function takeDraftReturnPath(): string | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(FORM_DRAFTS_KEY) ?? 'null') as { returnTo?: string } | null;
    if (!stored?.returnTo) return undefined;
    sessionStorage.setItem(FORM_DRAFTS_KEY, JSON.stringify({ ...stored, returnTo: '' }));
    return stored.returnTo;
  } catch {
    return undefined;
  }
}

type Sealer = (userId: string | undefined, returnTo: string) => string | undefined;
let sealer: Sealer | undefined;
/** Installed by drafts.ts once a guarded form's page has loaded it. */
export function setDraftSealer(seal: Sealer): void {
  sealer = seal;
}

/** The sealed drafts of the dirty forms (drafts.ts), at once; undefined when there are none. */
export function sealDraftsNow(userId: string | undefined, returnTo: string): string | undefined {
  leaveForSignIn();
  return guardedForms.any() ? sealer?.(userId, returnTo) : undefined;
}
