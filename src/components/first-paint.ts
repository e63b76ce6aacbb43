import { startTransition, useEffect, useState } from 'react';
import { earlyAnswersSettled } from '../providers/http/first-screen';

/**
 * The first screen's first render draws only what the operator looks at: the page and its rows. The
 * shell's chrome (sidebar menu, navbar, tags) and a page's closed modals and drawers wait until the
 * page's data asked for early has come back and been painted, and render in a transition after it.
 * Rendered together, they lengthened the one commit that paints the first row (dictionary list, first
 * row: median 1538 → 1410 ms at full CPU over six alternating bench:timeline loads; 5615 → 4679 ms at
 * 4× in bench:journeys). Waiting for the data too keeps the chrome from competing with the rows of a
 * page that rendered before they came (notes list at full CPU: 1202 → 1061 ms).
 * Once the app has painted, everything renders at once: later pages gain nothing from waiting.
 */
let painted = false;
const listeners = new Set<() => void>();

/** The page's own data asked for early is not waited for longer than this. */
const PAGE_DATA_CAP_MS = 1500;

function afterPageDataPainted(done: () => void): () => void {
  let cancelled = false;
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A page whose rows were still on their way would otherwise render them in competition with the
  // chrome: the chrome waits for them (main.tsx asked for them early), then for the paint that shows
  // them. requestAnimationFrame runs just before a frame is painted; a task queued from it runs after.
  void earlyAnswersSettled(PAGE_DATA_CAP_MS).then(() => {
    if (!cancelled) frame = requestAnimationFrame(() => (timer = setTimeout(done)));
  });
  return () => {
    cancelled = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

function markPainted(): void {
  if (painted) return;
  painted = true;
  startTransition(() => listeners.forEach((listener) => listener()));
}

/** False in the app's first screen until that screen has painted once; true ever after. */
export function useFirstPaintDone(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    const listener = () => setDone(true);
    listeners.add(listener);
    // Mounted after the paint but before its listeners ran: told at once.
    if (painted) {
      startTransition(listener);
      return () => listeners.delete(listener);
    }
    const cancel = afterPageDataPainted(markPainted);
    return () => {
      listeners.delete(listener);
      cancel();
    };
  }, [done]);
  return done;
}

/** Tests: the next render is a first screen again. */
export function resetFirstPaint(): void {
  painted = false;
}
