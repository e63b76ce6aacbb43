import { startTransition, useEffect, useState } from 'react';

/**
 * The first screen's first render draws only what the operator looks at: the page and its rows. The
 * shell's chrome (sidebar menu, navbar, tags) and a page's closed modals and drawers wait for one paint
 * and render in a transition after it. Rendered together, they lengthened the one commit that paints
 * the first row (dictionary list, first row: median 1538 → 1410 ms at full CPU over six alternating
 * bench:timeline loads; 5882 → 4463 ms at 4× in bench:journeys).
 * Once the app has painted, everything renders at once: later pages gain nothing from waiting.
 */
let painted = false;
const listeners = new Set<() => void>();

function afterNextPaint(done: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // requestAnimationFrame runs just before the frame is painted; a task queued from it runs after.
  const frame = requestAnimationFrame(() => (timer = setTimeout(done)));
  return () => {
    cancelAnimationFrame(frame);
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
    const cancel = afterNextPaint(markPainted);
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
