/**
 * The browser history the app's router runs on (App.tsx, unstable_HistoryRouter), asking BEFORE a
 * page with unsaved form changes is left (issue 26). Every in-app navigation goes through it: menu
 * and tag clicks, links, Refine's go/navigate and useNavigate all end in push or replace, which
 * here wait for the operator's answer and do nothing on 留在此页, so a page the tags-view does not
 * keep (tags-view off, a noCache page) is never unmounted before the question.
 *
 * Back and forward (popstate) have already moved the address when the browser tells us, so the move
 * is held from the router (the page stays rendered, form intact) while the question is open: 留在此页
 * steps the address back by the same distance, leaving hands the move to the router.
 *
 * BrowserRouter builds its history inside and offers no hook for this, and useBlocker needs a data
 * router; hence a history of our own, built once.
 */
import { UNSAFE_createBrowserHistory, type To } from 'react-router';
import { confirmLeaving, guardedForms, isLeavingForSignIn } from './guarded-forms';

type BrowserHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;
type Listener = Parameters<BrowserHistory['listen']>[0];

/** Whether leaving `from` for `toPath` must ask first: a different page, and unsaved forms on the one left. */
function mustAsk(from: string, toPath: string): boolean {
  return !isLeavingForSignIn() && toPath !== from && guardedForms.on([from]).length > 0;
}

export function createGuardedHistory(history: BrowserHistory = UNSAFE_createBrowserHistory({ v5Compat: true })): BrowserHistory {
  /** The question is open: further navigations wait for it rather than stacking a second one. */
  let asking = false;

  const guarded = (to: To, go: () => void) => {
    const from = history.location.pathname;
    if (!mustAsk(from, history.createURL(to).pathname)) return go();
    if (asking) return;
    asking = true;
    void confirmLeaving([from]).then(
      (leave) => {
        asking = false;
        // Only if nothing else moved meanwhile (a back press answered first, say).
        if (leave && history.location.pathname === from) go();
      },
      () => {
        asking = false;
      },
    );
  };

  /** Holds a back/forward move away from unsaved forms until the operator has answered. */
  const guardPops = (listener: Listener): Listener => {
    // The location the router shows: the last one handed to it.
    let shown = history.location;
    /** Steps back taken after 留在此页: their pops return to `shown` and are not news to the router. */
    let restoring = 0;
    return (update) => {
      if (update.action !== 'POP') {
        shown = update.location;
        return listener(update);
      }
      if (restoring > 0) {
        restoring -= 1;
        return;
      }
      if (update.delta === null || asking || !mustAsk(shown.pathname, update.location.pathname)) {
        shown = update.location;
        return listener(update);
      }
      const delta = update.delta;
      asking = true;
      void confirmLeaving([shown.pathname]).then(
        (leave) => {
          asking = false;
          if (leave) {
            shown = history.location;
            listener({ ...update, location: history.location });
          } else {
            restoring += 1;
            history.go(-delta);
          }
        },
        () => {
          asking = false;
        },
      );
    };
  };

  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    push: (to, state) => guarded(to, () => history.push(to, state)),
    replace: (to, state) => guarded(to, () => history.replace(to, state)),
    go: (delta) => history.go(delta),
    listen: (listener) => history.listen(guardPops(listener)),
  };
}

/** The app's one history. */
export const guardedHistory = typeof window === 'undefined' ? undefined : createGuardedHistory();
