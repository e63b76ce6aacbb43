/**
 * Runs `task` a while after the first screen is up: after `delayMs`, once the browser is idle (at the
 * latest 2 s later); where there is no requestIdleCallback, after the delay alone. Returns a cancel
 * function. For work nobody waits for at start (the navbar's counts, the configured favicon), which
 * would otherwise take the main thread and the network in the moments the first screen is drawn.
 */
export function whenIdle(task: () => void, delayMs = 1000): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(task, { timeout: 2000 });
    else task();
  }, delayMs);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
