/**
 * Element permissions (spec §6): the elements a page's resource grants, fetched once per page key
 * (`/op/v1/security` with the key plus .html) and matched by element key. The check waits for the
 * load, retrying once a second up to 10 times (hasElementWhenLoaded). A user-info refresh forgets
 * them, so new grants show without a reload.
 */
import { useEffect, useState } from 'react';
import { hasElementWhenLoaded, pageResourceKey, type ElementRef } from '../lib/access';
import { api } from './http';
import { userStore, useUserInfo } from './user';

export const ELEMENTS_CALL = '/op/v1/security';

const loaded = new Map<string, readonly ElementRef[]>();
const loading = new Set<string>();
/** Bumped when the user changes: an answer asked for by the previous user is not kept. */
let generation = 0;

function load(resourceKey: string): void {
  if (loaded.has(resourceKey) || loading.has(resourceKey)) return;
  const asked = generation;
  loading.add(resourceKey);
  api
    .post<{ elements: ElementRef[] }>(ELEMENTS_CALL, { resourceKey }, { silent: true, keepOnNavigate: true })
    .then((answer) => {
      if (asked === generation) loaded.set(resourceKey, answer.elements);
    })
    .catch(() => undefined)
    .finally(() => {
      if (asked === generation) loading.delete(resourceKey);
    });
}

let lastUser = userStore.get();
userStore.subscribe(() => {
  if (userStore.get() === lastUser) return;
  lastUser = userStore.get();
  generation += 1;
  loaded.clear();
  loading.clear();
});

/** Whether the page's resource grants the element; undefined while the answer is pending. */
export function useElementPermission(pageKey: string, elementKey: string): boolean | undefined {
  const user = useUserInfo();
  const [granted, setGranted] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const resourceKey = pageResourceKey(pageKey);
    load(resourceKey);
    void hasElementWhenLoaded(() => loaded.get(resourceKey), elementKey).then((answer) => {
      if (live) setGranted(answer);
    });
    return () => {
      live = false;
    };
  }, [pageKey, elementKey, user]);
  return granted;
}
