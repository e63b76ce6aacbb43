import { createRequire } from 'node:module';

// Node's own require: the package as it is, without vite.config.ts's alias.
const require = createRequire(import.meta.url);
type Channel = {
  assert(key: unknown): void;
  delete(key: unknown): boolean;
  get(key: unknown): unknown;
  has(key: unknown): boolean;
  set(key: unknown, value: unknown): void;
};
const shim = require('../../scripts/build/shims/side-channel.cjs') as () => Channel;
const real = require('side-channel') as () => Channel;

/** The part of qs the test uses (the package ships no types). */
interface Qs {
  stringify(value: unknown): string;
  parse(text: string): unknown;
}

/** qs loaded afresh with the shim in side-channel's place, as the build bundles it. */
function qsWithShim(): Qs {
  const sideChannel = require.resolve('side-channel');
  const qsDir = require.resolve('qs').replace(/lib[\\/]index\.js$/, '');
  for (const file of Object.keys(require.cache)) if (file.startsWith(qsDir)) delete require.cache[file];
  const saved = require.cache[sideChannel];
  require.cache[sideChannel] = { ...saved!, exports: shim };
  try {
    return require('qs') as Qs;
  } finally {
    require.cache[sideChannel] = saved;
  }
}

describe('the side-channel shim (scripts/build/shims/side-channel.cjs)', () => {
  const keys: unknown[] = [{}, [], () => undefined, 'text', 1, 0, null, undefined, Symbol.for('s'), true];

  it.each([
    ['shim', shim],
    ['package', real],
  ])('%s: keeps a value per key, objects and primitives alike', (_name, make) => {
    const channel = make();
    keys.forEach((key) => expect(channel.has(key)).toBe(false));
    keys.forEach((key, i) => channel.set(key, i));
    keys.forEach((key, i) => {
      expect(channel.has(key)).toBe(true);
      expect(channel.get(key)).toBe(i);
      expect(() => channel.assert(key)).not.toThrow();
    });
    expect(channel.get({})).toBeUndefined();
    expect(channel.delete(keys[0])).toBe(true);
    expect(channel.delete(keys[0])).toBe(false);
    expect(channel.has(keys[0])).toBe(false);
    expect(() => channel.assert(keys[0])).toThrow(TypeError);
    expect(make().delete('never')).toBe(false);
  });

  it('behaves as the package on the same sequence of calls', () => {
    const a = shim();
    const b = real();
    const shared = {};
    for (const [op, key, value] of [
      ['set', shared, 1],
      ['get', shared],
      ['set', 'k', 2],
      ['has', 'k'],
      ['delete', 'k'],
      ['has', 'k'],
      ['get', 'missing'],
    ] as const) {
      const args = [key, value] as const;
      expect((a[op] as (...x: unknown[]) => unknown)(...args), `${op}`).toEqual((b[op] as (...x: unknown[]) => unknown)(...args));
    }
  });

  it('qs, built on it, still refuses a cyclic object and round-trips nested table parameters', () => {
    const qs = qsWithShim();
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => qs.stringify(cyclic)).toThrow('Cyclic object value');
    const params = { pagination: { current: 2, pageSize: 20 }, filters: [{ field: 'status', operator: 'eq', value: '1' }] };
    expect(qs.parse(qs.stringify(params))).toEqual({
      pagination: { current: '2', pageSize: '20' },
      filters: [{ field: 'status', operator: 'eq', value: '1' }],
    });
  });
});
