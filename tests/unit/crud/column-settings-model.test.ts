import {
  columnId,
  defaultState,
  isDefaultState,
  moveColumn,
  parseState,
  reconcile,
  setHidden,
  settingsItems,
  visibleColumns,
  type ColumnSettingsState,
  type SettingsColumnLike,
} from '../../../src/crud/column-settings/model';

const col = (key: string, extra: Partial<SettingsColumnLike> = {}): SettingsColumnLike => ({ key, title: key, ...extra });

/** A list page's columns: index and selection first, a group of two, action last. */
const columns: SettingsColumnLike[] = [
  col('index', { columnKind: 'index' }),
  col('selection', { columnKind: 'selection' }),
  col('name'),
  col('amount'),
  col('period', { children: [col('start'), col('end')] }),
  col('status'),
  col('action', { columnKind: 'action' }),
];

const keys = (list: readonly SettingsColumnLike[]): string[] =>
  list.map((c) => (c.children ? `${columnId(c)}(${keys(c.children).join(',')})` : (columnId(c) as string)));

const state = (order: string[], hidden: string[] = [], groups?: ColumnSettingsState['groups']): ColumnSettingsState => ({
  order,
  hidden,
  ...(groups ? { groups } : {}),
});

describe('column id', () => {
  it.each<[SettingsColumnLike, string | undefined]>([
    [{ key: 'a', dataIndex: 'b' }, 'a'],
    [{ dataIndex: 'b' }, 'b'],
    [{ dataIndex: ['corp', 'name'] }, 'corp.name'],
    [{ key: 7 }, '7'],
    [{ title: 'no name' }, undefined],
    [{ key: '', dataIndex: [] }, undefined],
  ])('%o is named %s', (column, id) => {
    expect(columnId(column)).toBe(id);
  });
});

describe('visible columns', () => {
  it.each<[string, ColumnSettingsState | undefined, string[]]>([
    ['no saved choice: as defined', undefined, ['index', 'selection', 'name', 'amount', 'period(start,end)', 'status', 'action']],
    ['the default choice: as defined', defaultState(columns), ['index', 'selection', 'name', 'amount', 'period(start,end)', 'status', 'action']],
    [
      'reordered: fixed columns keep their places',
      state(['status', 'period', 'amount', 'name']),
      ['index', 'selection', 'status', 'period(start,end)', 'amount', 'name', 'action'],
    ],
    [
      'hidden ones left out',
      state(['name', 'amount', 'period', 'status'], ['amount', 'status']),
      ['index', 'selection', 'name', 'period(start,end)', 'action'],
    ],
    [
      'a hidden group takes its children',
      state(['name', 'amount', 'period', 'status'], ['period']),
      ['index', 'selection', 'name', 'amount', 'status', 'action'],
    ],
    [
      'children reordered and hidden within their group',
      state(['name', 'amount', 'period', 'status'], [], { period: state(['end', 'start'], ['start']) }),
      ['index', 'selection', 'name', 'amount', 'period(end)', 'status', 'action'],
    ],
    [
      'a group whose children are all hidden is left out',
      state(['name', 'amount', 'period', 'status'], [], { period: state(['start', 'end'], ['start', 'end']) }),
      ['index', 'selection', 'name', 'amount', 'status', 'action'],
    ],
    [
      'an order missing columns shows them near their defined places',
      state(['status', 'name']),
      ['index', 'selection', 'status', 'name', 'amount', 'period(start,end)', 'action'],
    ],
  ])('%s', (_, choice, expected) => {
    expect(keys(visibleColumns(columns, choice))).toEqual(expected);
  });

  it('keeps columns it cannot name (antd selection/expand placeholders) where they are', () => {
    const placeholder = {};
    const result = visibleColumns([col('a'), placeholder, col('b')], state(['b', 'a']));
    expect(result[1]).toBe(placeholder);
    expect(keys([result[0], result[2]])).toEqual(['b', 'a']);
  });
});

describe('settings items', () => {
  it('list configurable columns only, children under their group, in the chosen order', () => {
    const items = settingsItems(columns, state(['status', 'name', 'amount', 'period'], ['amount'], { period: state(['end', 'start'], ['end']) }));
    expect(items.map((i) => [i.id, i.hidden])).toEqual([
      ['status', false],
      ['name', false],
      ['amount', true],
      ['period', false],
    ]);
    expect(items[3].children?.map((i) => [i.id, i.hidden])).toEqual([
      ['end', true],
      ['start', false],
    ]);
  });
});

describe('hide and show', () => {
  const all = defaultState(columns);

  it.each<[string, ColumnSettingsState, string[], boolean, string[] | 'refused']>([
    ['hides a column', all, ['amount'], true, ['index', 'selection', 'name', 'period(start,end)', 'status', 'action']],
    [
      'shows it again',
      state(['name', 'amount', 'period', 'status'], ['amount']),
      ['amount'],
      false,
      ['index', 'selection', 'name', 'amount', 'period(start,end)', 'status', 'action'],
    ],
    ['hides a child within its group', all, ['period', 'start'], true, ['index', 'selection', 'name', 'amount', 'period(end)', 'status', 'action']],
    ['leaves an excluded column alone', all, ['action'], true, ['index', 'selection', 'name', 'amount', 'period(start,end)', 'status', 'action']],
    ['refuses hiding the last shown column', state(['name', 'amount', 'period', 'status'], ['name', 'amount', 'period']), ['status'], true, 'refused'],
    [
      'refuses hiding the last shown child when nothing else is shown',
      state(['name', 'amount', 'period', 'status'], ['name', 'amount', 'status'], { period: state(['start', 'end'], ['end']) }),
      ['period', 'start'],
      true,
      'refused',
    ],
    [
      'refuses hiding the group holding the last shown column',
      state(['name', 'amount', 'period', 'status'], ['name', 'amount', 'status']),
      ['period'],
      true,
      'refused',
    ],
  ])('%s', (_, choice, path, hide, expected) => {
    const result = setHidden(columns, choice, path, hide);
    if (expected === 'refused') {
      expect(result).toEqual({ ok: false, reason: 'atLeastOne' });
    } else {
      expect(result.ok).toBe(true);
      if (result.ok) expect(keys(visibleColumns(columns, result.state))).toEqual(expected);
    }
  });

  it('counts only configurable columns: a table of fixed columns and one other cannot hide that one', () => {
    const small = [col('index', { columnKind: 'index' }), col('only'), col('action', { columnKind: 'action' })];
    expect(setHidden(small, defaultState(small), ['only'], true)).toEqual({ ok: false, reason: 'atLeastOne' });
  });
});

describe('reorder', () => {
  it.each<[string, string[], string, string, string[]]>([
    ['moves a column down', [], 'name', 'amount', ['index', 'selection', 'amount', 'name', 'period(start,end)', 'status', 'action']],
    [
      'moves a column to the end of the configurable ones',
      [],
      'name',
      'status',
      ['index', 'selection', 'amount', 'period(start,end)', 'status', 'name', 'action'],
    ],
    ['moves a column up', [], 'status', 'name', ['index', 'selection', 'status', 'name', 'amount', 'period(start,end)', 'action']],
    ['moves a child within its group', ['period'], 'end', 'start', ['index', 'selection', 'name', 'amount', 'period(end,start)', 'status', 'action']],
    ['ignores a fixed column as target', [], 'name', 'action', ['index', 'selection', 'name', 'amount', 'period(start,end)', 'status', 'action']],
    ['ignores a move across levels', [], 'start', 'name', ['index', 'selection', 'name', 'amount', 'period(start,end)', 'status', 'action']],
  ])('%s', (_, parent, active, over, expected) => {
    expect(keys(visibleColumns(columns, moveColumn(columns, defaultState(columns), parent, active, over)))).toEqual(expected);
  });
});

describe('reconcile with changed definitions', () => {
  it.each<[string, SettingsColumnLike[], ColumnSettingsState, ColumnSettingsState]>([
    ['drops removed columns', [col('a'), col('c')], state(['c', 'b', 'a'], ['b']), state(['c', 'a'])],
    ['adds a new column after its defined predecessor', [col('a'), col('new'), col('b')], state(['b', 'a'], ['a']), state(['b', 'a', 'new'], ['a'])],
    ['adds a new first column first', [col('new'), col('a'), col('b')], state(['b', 'a']), state(['new', 'b', 'a'])],
    ['drops duplicates', [col('a'), col('b')], state(['a', 'a', 'b'], ['b', 'b']), state(['a', 'b'], ['b'])],
    [
      'reconciles inside groups',
      [col('a'), col('g', { children: [col('x'), col('y'), col('z')] })],
      state(['g', 'a'], [], { g: state(['y', 'gone', 'x'], ['gone', 'y']) }),
      state(['g', 'a'], [], { g: state(['y', 'z', 'x'], ['y']) }),
    ],
    ['shows everything again when the choice would show nothing', [col('a'), col('b')], state(['b', 'a', 'gone'], ['a', 'b']), state(['b', 'a'])],
  ])('%s', (_, defined, saved, expected) => {
    expect(reconcile(defined, saved)).toEqual(expected);
  });

  it('starts from the definitions when nothing was saved', () => {
    expect(reconcile(columns, undefined)).toEqual(defaultState(columns));
    expect(isDefaultState(columns, defaultState(columns))).toBe(true);
    expect(isDefaultState(columns, state(['amount', 'name', 'period', 'status']))).toBe(false);
  });
});

describe('stored choice', () => {
  it.each<[string | null, ColumnSettingsState | undefined]>([
    [null, undefined],
    ['not json', undefined],
    ['[1,2]', undefined],
    ['{"order":["a"],"hidden":["b"]}', state(['a'], ['b'])],
    ['{"order":"a","hidden":[1]}', state([], [])],
    ['{"order":["g"],"hidden":[],"groups":{"g":{"order":["x"],"hidden":["x"]},"bad":3}}', state(['g'], [], { g: state(['x'], ['x']) })],
  ])('%s reads as %o', (raw, expected) => {
    expect(parseState(raw)).toEqual(expected);
  });
});
