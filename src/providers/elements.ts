/**
 * Element permissions (spec §6): the elements a page's resource grants, fetched once per page key
 * (`/op/v1/security` with the key plus .html) and matched by element key. The check waits for the
 * load, retrying once a second up to 10 times (hasElementWhenLoaded). A user-info refresh forgets
 * them, so new grants show without a reload.
 */
import { useEffect, useState } from 'react';
import { ELEMENTS_CALL, hasElementWhenLoaded, pageResourceKey, type ElementRef } from '../lib/access';
import { takeEarly } from './early-requests';
import { api } from './http';
import { userStore, useUserInfo } from './user';

export { ELEMENTS_CALL };

const loaded = new Map<string, readonly ElementRef[]>();
/** The loads under way, by resource key: a check waiting on one wakes when it settles. */
const pending = new Map<string, Promise<void>>();
/** Bumped when the user changes: an answer asked for by the previous user is not kept. */
let generation = 0;

function load(resourceKey: string): Promise<void> {
  if (loaded.has(resourceKey)) return Promise.resolve();
  const running = pending.get(resourceKey);
  if (running) return running;
  const asked = generation;
  const request = (
    takeEarly<{ elements: ElementRef[] }>(ELEMENTS_CALL, { resourceKey }) ??
    api.post<{ elements: ElementRef[] }>(ELEMENTS_CALL, { resourceKey }, { silent: true, keepOnNavigate: true })
  )
    .then((answer) => {
      if (asked === generation) loaded.set(resourceKey, answer.elements);
    })
    .catch(() => undefined)
    .finally(() => {
      if (asked === generation) pending.delete(resourceKey);
    });
  pending.set(resourceKey, request);
  return request;
}

/**
 * A page known at start (the home page on /op) loads its elements before it renders, taking the
 * answer main.tsx asked for (early-requests.ts), so its buttons are there when it first renders
 * rather than appearing (and moving what is below them) a moment later.
 */
export function prefetchElements(pageKey: string): void {
  void load(pageResourceKey(pageKey));
}

let lastUser = userStore.get();
userStore.subscribe(() => {
  const previous = lastUser;
  lastUser = userStore.get();
  // The first user info of the page (undefined before) is not a change of user.
  if (lastUser === previous || previous === undefined) return;
  generation += 1;
  loaded.clear();
  pending.clear();
});

function grantedNow(pageKey: string, elementKey: string): boolean | undefined {
  return loaded.get(pageResourceKey(pageKey))?.some((element) => element.pkResource === elementKey);
}

/**
 * Whether the page's resource grants the element; undefined while the answer is pending. The check
 * looks once a second (hasElementWhenLoaded), and the load settling wakes it at once.
 */
export function useElementPermission(pageKey: string, elementKey: string): boolean | undefined {
  const user = useUserInfo();
  const [granted, setGranted] = useState<boolean | undefined>(() => grantedNow(pageKey, elementKey));
  useEffect(() => {
    let live = true;
    const resourceKey = pageResourceKey(pageKey);
    const loading = load(resourceKey);
    let settled = false;
    void loading.then(() => (settled = true));
    const timers: ReturnType<typeof setTimeout>[] = [];
    // A look waits a second, or less when the load settles meanwhile (after it has, a full second).
    const sleep = (ms: number) => {
      const timer = new Promise<void>((resolve) => timers.push(setTimeout(resolve, ms)));
      return settled ? timer : Promise.race([timer, loading]);
    };
    void hasElementWhenLoaded(() => loaded.get(resourceKey), elementKey, sleep).then((answer) => {
      if (live) setGranted(answer);
    });
    return () => {
      live = false;
      timers.forEach(clearTimeout);
    };
  }, [pageKey, elementKey, user]);
  return granted;
}
