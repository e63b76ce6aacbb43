/** The group tree's first view (src/lib/group-tree): which levels open when the page opens, by the rows they add. */
import { FIRST_VIEW_ROWS, firstView, toOpen } from '../../../src/lib/group-tree';

interface Node {
  id: string;
  kind: string;
  parentId: string | null;
  childCount: number;
}

/** A tree from [id, kind, parentId] rows, in sibling order, each unit with its child count. */
function treeOf(rows: Array<[string, string, string | null]>) {
  const units: Node[] = rows.map(([id, kind, parentId]) => ({ id, kind, parentId, childCount: rows.filter((r) => r[2] === id).length }));
  const asked: string[][] = [];
  const childrenOf = async (parents: readonly Node[]) => {
    asked.push(parents.map((p) => p.id));
    return parents.map((p) => units.filter((u) => u.parentId === p.id));
  };
  return { roots: units.filter((u) => u.parentId === null), childrenOf, asked };
}

const unit = (id: string, kind: string, childCount: number): Node => ({ id, kind, parentId: null, childCount });

describe('toOpen', () => {
  it('opens groups and branches with units under them, in order, while their children fit in the budget', () => {
    const level = [unit('a', 'BRANCH', 5), unit('big', 'BRANCH', 50), unit('b', 'BRANCH', 4), unit('empty', 'BRANCH', 0)];
    // 10 shown + 5 fits; 50 more would pass 20, so that one stays closed and the next is tried.
    expect(toOpen(level, 10, 20)).toEqual({ open: [level[0], level[2]], shown: 19 });
    expect(toOpen(level, 10, 15)).toEqual({ open: [level[0]], shown: 15 });
    expect(toOpen(level, 10, 14)).toEqual({ open: [level[2]], shown: 14 });
    expect(toOpen(level, 10, 13)).toEqual({ open: [], shown: 10 });
  });

  it('never opens a project department or a member customer (leaves on the page)', () => {
    expect(toOpen([unit('d', 'PROJECT_DEPT', 3), unit('m', 'MEMBER_CUSTOMER', 1), unit('g', 'GROUP', 2)], 0, 100).open.map((u) => u.id)).toEqual(['g']);
  });
});

describe('firstView', () => {
  it('opens a small tree whole, one call per level, the next level’s candidates in their parents’ order', async () => {
    const tree = treeOf([
      ['g1', 'GROUP', null],
      ['g2', 'GROUP', null],
      ['east', 'BRANCH', 'g1'],
      ['m', 'MEMBER_CUSTOMER', 'g1'],
      ['west', 'BRANCH', 'g2'],
      ['east-sub', 'BRANCH', 'east'],
      ['d1', 'PROJECT_DEPT', 'east-sub'],
      ['d2', 'PROJECT_DEPT', 'west'],
    ]);
    const levels = await firstView(tree.roots, FIRST_VIEW_ROWS, tree.childrenOf);
    expect(levels.map((l) => [l.parentId, l.units.map((u) => u.id)])).toEqual([
      [null, ['g1', 'g2']],
      ['g1', ['east', 'm']],
      ['g2', ['west']],
      ['east', ['east-sub']],
      ['west', ['d2']],
      ['east-sub', ['d1']],
    ]);
    expect(tree.asked).toEqual([['g1', 'g2'], ['east', 'west'], ['east-sub']]);
  });

  it('shows a group of 100 branches of 99 departments as its branches, opening a branch only while its departments fit', async () => {
    const rows: Array<[string, string, string | null]> = [['g', 'GROUP', null]];
    for (let b = 1; b <= 100; b++) rows.push([`b${b}`, 'BRANCH', 'g']);
    for (let d = 1; d <= 9_900; d++) rows.push([`d${d}`, 'PROJECT_DEPT', `b${1 + ((d - 1) % 100)}`]);
    const tree = treeOf(rows);
    const shape = async (budget: number) => (await firstView(tree.roots, budget, tree.childrenOf)).map((l) => [l.parentId, l.units.length]);
    expect(await shape(150)).toEqual([
      [null, 1],
      ['g', 100],
    ]);
    // 101 rows shown, and the first branch's 99 departments make exactly 200; the second's would not fit.
    expect(await shape(FIRST_VIEW_ROWS)).toEqual([
      [null, 1],
      ['g', 100],
      ['b1', 99],
    ]);
    expect(await shape(300)).toEqual([
      [null, 1],
      ['g', 100],
      ['b1', 99],
      ['b2', 99],
    ]);
  });

  it('asks for nothing below roots that open nothing', async () => {
    const tree = treeOf([
      ['g', 'GROUP', null],
      ['b', 'BRANCH', 'g'],
    ]);
    expect(await firstView(tree.roots, 1, tree.childrenOf)).toEqual([{ parentId: null, units: tree.roots }]);
    expect(tree.asked).toEqual([]);
  });
});
