/**
 * A list's first page, shown by its first render. main.tsx asks a returning tab's list page call
 * early (providers/http/first-screen.ts); by the time the page's code has loaded and renders, that
 * answer is usually back. Handed to React Query as the query's initial data, the rows are in the
 * first commit: otherwise the table commits empty and the rows come in a second render a task later,
 * after the promise resolves, which on a list page is a second pass over the whole table.
 */
import type { BaseRecord, CrudFilter, CrudSort, GetListResponse } from '@refinedev/core';
import { useCallback, useRef, useState } from 'react';
import { pageCallBody, readyList } from '../providers/data-provider';

export interface FirstPage {
  resource: string;
  currentPage: number;
  pageSize: number;
  filters: CrudFilter[];
  sorters: CrudSort[];
}

/** How long the rows a list started with count as fresh: long enough for its own mount, not for a later visit. */
const SEED_FRESH_MS = 1000;

interface Seed<T> {
  answer: GetListResponse<T>;
  at: number;
  body: string;
}

const paramsOf = (page: FirstPage) => ({
  resource: page.resource,
  pagination: { currentPage: page.currentPage, pageSize: page.pageSize },
  filters: page.filters,
  sorters: page.sorters,
});
const bodyOf = (page: FirstPage) => pageCallBody(paramsOf(page));

/**
 * React Query options that start the list's first page from its early answer, when that answer is
 * here; none otherwise. `shown` is the page the list asks for at its first render (its useTable's
 * pagination, filters and sorters): if that is not the page the answer is for, `mismatch` says so and
 * the caller refetches, so a seed can never stand for another page's rows.
 */
export function useReadyList<T extends BaseRecord>(first: FirstPage) {
  const [seed] = useState<Seed<T> | undefined>(() => {
    const answer = readyList<T>(paramsOf(first));
    return answer && { answer, at: Date.now(), body: bodyOf(first) };
  });
  return {
    queryOptions: seed
      ? {
          initialData: seed.answer,
          initialDataUpdatedAt: seed.at,
          // Fresh for the mount that starts with it (no second call), stale a moment later: a kept tab shown
          // again refetches as usual (and a session forced out meanwhile meets its 401 there).
          staleTime: (query: { state: { dataUpdatedAt: number } }) => (query.state.dataUpdatedAt === seed.at ? SEED_FRESH_MS : 0),
        }
      : {},
    /** Whether the seed is for another page than the one the list shows: then it must be refetched. */
    mismatch: (shown: FirstPage) => !!seed && bodyOf(shown) !== seed.body,
  };
}

/**
 * The same for a list that loads its pages itself (useState + an effect): `take` is its api's ready
 * call for its first page (api.ready). The rows to start with, and `skipLoad()`, true once, for the
 * load effect's first run when the list started with them; a kept tab shown again loads as usual.
 */
export function useReadyPage<P>(take: () => P | undefined): { seed: P | undefined; skipLoad: () => boolean } {
  const [seed] = useState(take);
  const pending = useRef(seed !== undefined);
  // Stable, so a load callback can name it among its dependencies.
  const skipLoad = useCallback(() => {
    const skip = pending.current;
    pending.current = false;
    return skip;
  }, []);
  return { seed, skipLoad };
}
