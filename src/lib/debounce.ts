export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending call, e.g. when the component that scheduled it unmounts. */
  cancel(): void;
}

/** Trailing-edge debounce: `fn` runs once, with the latest arguments, `wait` ms after the calls stop. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait = 200): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const debounced = (...args: A): void => {
    cancel();
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, wait);
  };
  return Object.assign(debounced, { cancel });
}
