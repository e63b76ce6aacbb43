/**
 * Runs `task` once the browser is idle after what it is busy with now (the first screen's render
 * and paint), and at the latest after `timeoutMs`; where there is no requestIdleCallback, after a
 * plain timeout. Returns a cancel function. For work nobody is waiting for at start: the navbar's
 * counts, the configured favicon.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, Math.min(timeoutMs, 200));
  return () => window.clearTimeout(id);
}
