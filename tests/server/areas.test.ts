/**
 * Areas register themselves (issue 39 item 2): the server finds each area's routes and demo seed in
 * server/<area>/index.ts, and orders the seeds by what each declares it reads.
 */
import { describe, expect, it } from 'vitest';
import { demoSeedOrder, discoverAreas, type ServerArea } from '../../server/areas';

const noop = async () => undefined;
const area = (name: string, after?: string[]): ServerArea => ({ name, demo: { after, seed: noop } });
const names = (areas: ServerArea[]) => areas.map((a) => a.name);

describe('the demo seeds’ order', () => {
  it('runs each seed after those it names, the rest in name order', () => {
    const order = demoSeedOrder([
      area('quotas', ['corporations']),
      area('bills', ['quotas', 'financing']),
      area('financing'),
      area('corporations'),
      { name: 'dashboard' },
    ]);
    expect(names(order)).toEqual(['corporations', 'financing', 'quotas', 'bills']);
  });

  it('refuses a seed after an area with no seed, and seeds waiting on each other', () => {
    expect(() => demoSeedOrder([area('quotas', ['corporations'])])).toThrow("its demo seed runs after 'corporations', which has no demo seed");
    expect(() => demoSeedOrder([area('a', ['b']), area('b', ['a']), area('c')])).toThrow('demo seeds wait on each other: a, b');
  });
});

describe('the areas the server finds', async () => {
  const areas = await discoverAreas();

  it('finds every area folder with an index, each named as its folder, with routes or a seed', () => {
    expect(areas.length).toBeGreaterThan(25);
    for (const a of areas) expect(a.routes?.length || a.demo, a.name).toBeTruthy();
    expect(names(areas)).toEqual(expect.arrayContaining(['corporations', 'credit-notes', 'quotas', 'redemption', 'abs', 'bills', 'financing']));
  });

  it('seeds the demo world with each area after the areas whose data it reads', () => {
    const order = names(demoSeedOrder(areas));
    for (const a of areas.filter((x) => x.demo)) {
      for (const before of a.demo!.after ?? []) expect(order.indexOf(before), `${a.name} after ${before}`).toBeLessThan(order.indexOf(a.name));
    }
    // The money's chain: quotas before the notes they fund, the notes before their payments, packages and bills.
    expect(order.indexOf('quotas')).toBeLessThan(order.indexOf('credit-notes'));
    expect(order.indexOf('credit-notes')).toBeLessThan(order.indexOf('redemption'));
    expect(order.indexOf('redemption')).toBeLessThan(order.indexOf('abs'));
    expect(order.indexOf('financing')).toBeLessThan(order.indexOf('bills'));
  });
});
