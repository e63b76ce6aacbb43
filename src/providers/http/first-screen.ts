/**
 * The first screen's calls, learned: a page's data calls can only start once its code has downloaded,
 * run and rendered, which on a list or task page is most of the time to its first row. So the read
 * calls a page made in the first seconds of a load are remembered per address (localStorage), and the
 * next load of that address in a returning tab sends them at once, from main.tsx, beside the shell's
 * own; when the page then makes the same call (same URL, same body) it takes that answer instead of
 * sending it again. A page that asks for something else simply sends it: an unused early answer is
 * dropped after EARLY_ANSWER_TTL_MS, so no screen ever shows data older than that.
 *
 * Only calls that read are learned (READ_CALL); nothing that changes data is ever sent early.
 */
const STORAGE_PREFIX = 'scf.first-screen:';
/** Calls made this long after navigation start are not the first screen's. */
const LEARN_WINDOW_MS = 10_000;
const MAX_CALLS = 8;
/** An early answer not taken by then is stale for a screen that asks later. */
export const EARLY_ANSWER_TTL_MS = 15_000;
/** Reads by the CRUD convention (PROTOCOL.md §7), the dictionaries and the task view. */
const READ_CALL = /\/(page|find-by-id|find-by-business-key|history|list-by-dict-types)$/;

export const isReadCall = (url: string) => READ_CALL.test(url);

export interface LearnedCall {
  url: string;
  /** The body as sent: JSON text. */
  body: string;
}

const addressOf = (location: Location) => `${location.pathname}${location.search}`;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage disabled: nothing is learned
  }
}

/** What the last load of this address asked for first. */
export function learnedCalls(address: string): LearnedCall[] {
  try {
    const text = storage()?.getItem(STORAGE_PREFIX + address);
    const calls = text ? (JSON.parse(text) as unknown) : [];
    return Array.isArray(calls) ? calls.filter((c): c is LearnedCall => typeof c?.url === 'string' && typeof c?.body === 'string').slice(0, MAX_CALLS) : [];
  } catch {
    return [];
  }
}

let learning: { address: string; calls: LearnedCall[] } | undefined;

/** Records a call the page sent, while the first screen of this load is being drawn. */
export function learnCall(url: string, body: string | undefined): void {
  if (body === undefined || !isReadCall(url) || performance.now() > LEARN_WINDOW_MS) return;
  const address = addressOf(window.location);
  // The first call of this load, or of the same address: a navigation inside the app starts no lesson.
  learning ??= { address, calls: [] };
  if (learning.address !== address || learning.calls.length >= MAX_CALLS) return;
  if (learning.calls.some((c) => c.url === url && c.body === body)) return;
  learning.calls.push({ url, body });
  try {
    storage()?.setItem(STORAGE_PREFIX + address, JSON.stringify(learning.calls));
  } catch {
    // quota: the next load just learns nothing
  }
}

interface Early {
  answer: Promise<unknown>;
  startedAt: number;
  /** Set once the answer has come back well: a page's first render can take it as it is (takeReadyAnswer). */
  ready?: { value: unknown };
}
const early = new Map<string, Early>();
const keyOf = (url: string, body: string) => `${url} ${body}`;

/** Keeps an answer asked for early, for the page's own call to take. */
export function keepEarly(url: string, body: string, answer: Promise<unknown>): void {
  const kept: Early = { answer, startedAt: performance.now() };
  // Its taker reports a failure.
  answer.then(
    (value) => void (kept.ready = { value }),
    () => undefined,
  );
  early.set(keyOf(url, body), kept);
}

/** Settles once every answer asked for early so far has come back (or failed), or after `capMs`. */
export function earlyAnswersSettled(capMs: number): Promise<void> {
  const pending = [...early.values()].filter((found) => found.ready === undefined).map((found) => found.answer.catch(() => undefined));
  if (pending.length === 0) return Promise.resolve();
  return Promise.race([Promise.all(pending).then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
}

/** The fresh early answer kept for exactly this call, taken (once) when `usable` accepts it. */
function take(url: string, body: string | undefined, usable: (found: Early) => boolean): Early | undefined {
  if (body === undefined || early.size === 0) return undefined;
  const key = keyOf(url, body);
  const found = early.get(key);
  if (!found || !usable(found)) return undefined;
  early.delete(key);
  return performance.now() - found.startedAt <= EARLY_ANSWER_TTL_MS ? found : undefined;
}

/**
 * The early answer for exactly this call, once, if it has already come back and is fresh: a page's
 * first render shows it at once instead of rendering empty and again a task later (the promise's
 * answer only reaches a render after that render has committed). One still on its way stays for the
 * page's own call.
 */
export function takeReadyAnswer<T>(url: string, body: string | undefined): T | undefined {
  return take(url, body, (found) => found.ready !== undefined)?.ready?.value as T | undefined;
}

/** The early answer for exactly this call, once, if it is fresh. */
export function takeEarlyAnswer<T>(url: string, body: string | undefined): Promise<T> | undefined {
  return take(url, body, () => true)?.answer as Promise<T> | undefined;
}
