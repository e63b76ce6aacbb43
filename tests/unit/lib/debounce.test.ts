import { debounce } from '../../../src/lib/debounce';

describe('debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once, 200 ms after the last call, with the latest arguments', () => {
    const fn = vi.fn<(value: string) => void>();
    const debounced = debounce(fn);
    debounced('a');
    vi.advanceTimersByTime(150);
    debounced('b');
    vi.advanceTimersByTime(199);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('b');
  });

  it('honours a custom wait', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 50);
    debounced();
    vi.advanceTimersByTime(50);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('cancel drops the pending call, and later calls still work', () => {
    const fn = vi.fn<(n: number) => void>();
    const debounced = debounce(fn);
    debounced(1);
    debounced.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
    debounced(2);
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledExactlyOnceWith(2);
    expect(() => debounced.cancel()).not.toThrow();
  });

  it('runs again for calls after the previous run', () => {
    const fn = vi.fn();
    const debounced = debounce(fn);
    debounced();
    vi.advanceTimersByTime(200);
    debounced();
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
