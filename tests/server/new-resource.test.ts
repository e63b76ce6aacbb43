/**
 * The scaffold (`npm run new:resource`, scripts/new-resource.ts; issue 39 item 5). In a scratch copy of
 * the tree (the tracked and new files, node_modules linked), never in the tree itself: bad input is
 * refused with a message and writes nothing; a plain resource and an approvable one, written with no
 * edit afterwards and no shared locale file touched (their copy is the area's own, src/features/<area>/locales/),
 * pass the type checks, eslint, prettier and knip, the locale tests, and the generic
 * suite (tests/server/resources.test.ts) over them, the approval path included. The copy is removed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let copy: string;

/** Runs a command in the copy; answers its exit code and output (stdout and stderr together). */
function run(command: string, args: readonly string[]): { status: number; output: string } {
  // Without colours, so the output reads as text.
  const result = spawnSync(command, [...args], {
    cwd: copy,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}
const bin = (name: string) => join(copy, 'node_modules/.bin', name);
const scaffold = (...args: string[]) => run(bin('tsx'), ['scripts/new-resource.ts', ...args]);
/** What git says changed in the copy since it was made. */
const changed = () => execFileSync('git', ['status', '--porcelain'], { cwd: copy, encoding: 'utf8' }).trim();

const PLAIN = [
  '--area',
  'warehouse',
  '--name',
  'warehouse-receipts',
  '--title',
  '仓单',
  '--title-en',
  'Warehouse receipts',
  '--parent',
  'financing',
  '--fields',
  'number:text:pattern=^WR\\d{6}$:unique:required:label=仓单编号:en=Receipt number,qty:integer:required:label=数量:en=Quantity,' +
    'amount:money:label=金额:en=Amount,status:dict=wr_status:required:label=状态:en=Status,due:date:label=到期日:en=Due date,' +
    'holder:reference=corporations:label=持有人:en=Holder',
  '--dict',
  'wr_status=仓单状态/Receipt status:ISSUED=已签发/Issued,PLEDGED=已质押/Pledged,RELEASED=已注销/Released',
];
const APPROVABLE = [
  '--area',
  'warehouse',
  '--name',
  'collateral-pledges',
  '--title',
  '担保质押',
  '--title-en',
  'Collateral pledges',
  '--parent',
  'financing',
  '--approvable',
  '--fields',
  'pledgeNo:text:pattern=^CP\\d{6}$:unique:required:label=质押编号:en=Pledge number,amount:money:required:label=质押金额:en=Pledged amount,' +
    'pledgor:reference=corporations:required:label=出质人:en=Pledgor,contactMobile:sensitive:label=联系电话:en=Contact phone,' +
    'startDate:date:label=起始日:en=Start date',
];

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'new-resource-'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && !f.startsWith('node_modules/'));
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    try {
      copyFileSync(join(ROOT, file), join(copy, file));
    } catch {
      // A file deleted in the work tree but still tracked: the copy is of the tree as it stands.
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  // A repository of its own, so what the scaffold writes (and what a refusal does not) is git's to tell.
  for (const args of [
    ['init', '-q'],
    ['add', '-A'],
    ['-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'base'],
  ]) {
    execFileSync('git', args, { cwd: copy });
  }
}, 120_000);
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('npm run new:resource', () => {
  const BASE: Readonly<Record<string, string>> = {
    '--area': 'warehouse',
    '--name': 'refused-things',
    '--title': '甲',
    '--title-en': 'A',
    '--parent': 'financing',
    '--fields': 'a:text:label=甲:en=A',
  };
  it.each([
    ['an unknown type', { '--fields': 'a:colour:label=甲:en=A' }, '类型未知'],
    ['a pattern that does not compile', { '--fields': 'a:text:pattern=^A(\\d$:label=甲:en=A' }, '不是合法的正则表达式'],
    ['a pattern that matches part of a value', { '--fields': 'a:text:pattern=A\\d+:label=甲:en=A' }, '必须以 ^ 开头'],
    ['a pattern the generic suite cannot make values for', { '--fields': 'a:text:pattern=^(?!X)\\w+$:label=甲:en=A' }, '不能含前后查找'],
    ['a taken name', { '--name': 'test-widgets' }, '资源名 test-widgets 已被占用'],
    // content's labels are the content area's share of the resources namespace (src/features/content/locales/): the whole catalogue is checked.
    ['a taken locale key', { '--name': 'contents' }, 'resources.json 已有 content'],
    ['a menu directory that does not exist', { '--parent': 'finance' }, '菜单目录 finance 不存在'],
    ['a menu directory the sidebar hides', { '--parent': 'credit' }, '菜单目录 credit 不存在或在侧栏中隐藏'],
    ['a new dictionary without its items', { '--fields': 's:dict=no_such_dict:label=甲:en=A' }, '字典 no_such_dict 不存在'],
    ['a sensitive unique field', { '--fields': 'm:sensitive:unique:label=甲:en=A' }, '敏感字段不能是唯一字段'],
    ['a field every record has', { '--fields': 'createTime:datetime:label=甲:en=A' }, '每条记录都有的列'],
    ['an unknown flag', { '--colour': 'red' }, '参数有误'],
  ])('refuses %s with a message, writing nothing', (_what, overrides: Record<string, string>, message) => {
    const result = scaffold(...Object.entries({ ...BASE, ...overrides }).flat(), '--no-generate');
    expect({ status: result.status, refused: result.output.includes(message) }, result.output).toEqual({ status: 2, refused: true });
    expect(result.output).toContain('未写入任何文件');
    expect(changed()).toBe('');
  });

  it('writes a plain and an approvable resource that pass the checks and the generic suite with no edit', () => {
    for (const args of [PLAIN, APPROVABLE]) {
      const result = scaffold(...args);
      expect(result.status, result.output).toBe(0);
    }
    const written = changed();
    // The two declarations (one area file), their tables, the dictionary, the process, the grant, the migrations.
    for (const file of [
      'src/features/warehouse/',
      // The tables and the dictionary and the handler's grant: the area's own folder (its catalogue, which
      // server/db/seed-data/catalogue.ts finds, and the table files the server and drizzle-kit find).
      'server/warehouse/',
      'server/db/migrations/meta/_journal.json',
    ]) {
      expect(written, file).toContain(file);
    }
    for (const table of ['warehouse-receipts', 'collateral-pledges']) expect(existsSync(join(copy, `server/warehouse/${table}.table.ts`)), table).toBe(true);
    // No central list: the seed data names no area (issue 39 item 2); the area's catalogue holds both.
    expect(written).not.toContain('server/db/seed-data/');
    // No shared locale file either (issue 39 item 1): the labels, the menu title, the permissions' name, the new unique fields' names, the
    // dictionary's labels, the process's name and its task summary are the new area's own copy, in its folder.
    expect(written).not.toMatch(/^\s*\S+\s+"?locales\//m);
    const areaCopy = (language: string, namespace: string) =>
      JSON.parse(readFileSync(join(copy, `src/features/warehouse/locales/${language}/${namespace}.json`), 'utf8')) as Record<string, Record<string, unknown>>;
    for (const language of ['zh-CN', 'en-US']) {
      expect(Object.keys(areaCopy(language, 'resources')).sort()).toEqual(['collateralPledge', 'warehouseReceipt']);
      expect(Object.keys(areaCopy(language, 'menu')).sort()).toEqual(['financing:collateral-pledges', 'financing:warehouse-receipts']);
      expect(Object.keys(areaCopy(language, 'dict'))).toEqual(['wr_status']);
      expect(Object.keys(areaCopy(language, 'workflow').process)).toEqual(['Process_COLLATERAL_PLEDGES']);
      expect(Object.keys(areaCopy(language, 'workflow').summary)).toEqual(['collateralPledge']);
      // Its permissions' name, so the auditors' screens read 仓单 · 新增, not warehouse:warehouseReceipt:add.
      expect(Object.keys(areaCopy(language, 'permissions').groups.warehouse as object).sort()).toEqual(['collateralPledge', 'warehouseReceipt']);
    }
    expect(areaCopy('en-US', 'resources').warehouseReceipt).toMatchObject({
      title: 'Warehouse receipts',
      fields: { number: 'Receipt number', holder: 'Holder' },
    });
    expect(areaCopy('zh-CN', 'dict').wr_status).toEqual({ ISSUED: '已签发', PLEDGED: '已质押', RELEASED: '已注销' });
    const catalogue = readFileSync(join(copy, 'server/warehouse/catalogue.ts'), 'utf8');
    expect(catalogue).toContain('[ROLE.OP_HANDLER]: [');
    for (const resource of ['warehouse:warehouseReceipt', 'warehouse:collateralPledge'])
      expect(catalogue).toContain(`{ resources: ['${resource}'], actions: [`);
    expect(catalogue).toContain("dictType: 'wr_status'");
    expect(written.match(/server\/db\/migrations\/\d{4}_(warehouse_receipts|collateral_pledges)\.sql/g)).toHaveLength(2);
    // The process is the area's own (src/workflows/registry.ts finds it) and says it is not one of spec §4.5's.
    expect(readFileSync(join(copy, 'src/features/warehouse/processes.ts'), 'utf8')).toMatch(/twoStep\('Process_COLLATERAL_PLEDGES', \{\s*beyondSpec: true,/);
    // The new area has its face, as every area has (eslint.config.js), offering nothing yet.
    expect(readFileSync(join(copy, 'src/features/warehouse/index.ts'), 'utf8')).toContain('export {};');
    // Its task rows say what is proposed and name the record by its number, not by its id: the rule is declared with the process.
    expect(readFileSync(join(copy, 'src/features/warehouse/processes.ts'), 'utf8')).toMatch(
      /summary: \(record\) => \(\{[\s\S]*?text\(valuesOf\(record\), 'pledgeNo'\)/,
    );
    // Nothing central: no shared list of the workflow's is edited.
    expect(written).not.toContain('src/workflows/');

    const checks: Array<[string, string, string[]]> = [
      ['type check (app)', process.execPath, ['node_modules/typescript-native/bin/tsc', '-p', 'tsconfig.json', '--noEmit']],
      ['type check (server)', process.execPath, ['node_modules/typescript-native/bin/tsc', '-p', 'tsconfig.server.json', '--noEmit']],
      ['eslint', bin('eslint'), ['src/features/warehouse', 'server/warehouse']],
      ['prettier', bin('prettier'), ['--check', '--log-level=warn', '.']],
      ['knip', bin('knip'), []],
    ];
    for (const [what, command, args] of checks) {
      const result = run(command, args);
      expect({ what, status: result.status }, result.output).toEqual({ what, status: 0 });
    }
    // The locale tests (both languages hold the same keys; every seeded dictionary item has its English label), then the generic suite over the two.
    const units = run(bin('vitest'), [
      'run',
      'tests/unit/locale-parity.test.ts',
      'tests/unit/shell/dict-labels.test.ts',
      // The app's first load finds the new area's menu titles in its folder (src/providers/i18n-app.ts).
      'tests/unit/shell/titles.test.ts',
      'tests/unit/workflows/summaries.test.ts',
      // The registry's own test: a new area's process is found, and no hand list of process keys needs an edit.
      'tests/unit/workflows.test.ts',
      // The areas' test: a new area has its face, and the page and task-view registries need no edit.
      'tests/unit/shell/areas.test.ts',
      // Every permission the code knows, the new resources' among them, named in both languages.
      'tests/unit/lib/permission-labels.test.ts',
    ]);
    expect(units.status, units.output).toBe(0);
    const tests = run(bin('vitest'), ['run', 'tests/server/resources.test.ts', '-t', 'warehouse-receipts|collateral-pledges', '--reporter=verbose']);
    expect(tests.status, tests.output).toBe(0);
    // Each resource ran its cases (not skipped), the approvable one its approval path.
    for (const name of ['warehouse-receipts', 'collateral-pledges']) expect(tests.output).toMatch(new RegExp(`✓ .*${name} > sorts by every sortable column`));
    expect(tests.output).toMatch(/✓ .*collateral-pledges > approves a creation only at its end/);
    expect(tests.output).toMatch(/✓ .*collateral-pledges > approves an update only at its end/);
  }, 900_000);
});
