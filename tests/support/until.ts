/**
 * Waits for a condition, not for a time (issue 40): `read` is asked again every `every` ms until it
 * answers something other than undefined, or until `timeout` ms have passed, sized for the slowest
 * honest case (a two-core machine at load 8 or more, where a job that takes 100 ms quiet takes seconds).
 */
export async function until<T>(what: string, read: () => Promise<T | undefined>, { timeout = 60_000, every = 50 } = {}): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const answer = await read();
    if (answer !== undefined) return answer;
    if (Date.now() > deadline) throw new Error(`${what}: not so after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
