/**
 * The dashboard's charts in both languages (issue 38 item 9): English amounts in thousands and
 * millions, never "× 10k CNY"; one note is "1 note"; the quota panel scrolls a large group's units
 * instead of squeezing every name into 1366×768's short panel; long English process names keep the
 * words that tell them apart.
 */
import { QUOTA_TOP_UNITS, type QuotaByUnit, type QuotaSection, type TaskSection } from '../../../src/lib/dashboard';
import { dashboardAmounts } from '../../../src/features/dashboard/amounts';
import { legendLineWidth, pendingOption, quotaUnitsOption, twoLines } from '../../../src/features/dashboard/chart-options';
import { localeNamespace } from '../../../server/locale-catalogue';
import i18n, { addLocaleFiles } from '../../../src/providers/i18n';

addLocaleFiles({
  'locales/en-US/dashboard.json': localeNamespace('en-US', 'dashboard'),
  'locales/zh-CN/dashboard.json': localeNamespace('zh-CN', 'dashboard'),
});

const unit = (i: number): QuotaByUnit => ({
  groupId: 'g',
  groupName: '中建华东建设集团有限公司',
  unitId: `u${i}`,
  unitName: `项目部${i}`,
  unitKind: 'PROJECT',
  granted: '1000000.00',
  dispatched: '0.00',
  occupied: '250000.00',
  available: '750000.00',
});
const section = (units: number): QuotaSection => ({
  totals: { granted: '0', dispatched: '0', occupied: '0', available: '0', accounts: units, movements: 0, units },
  byCore: [],
  topUnits: Array.from({ length: units }, (_, i) => unit(i)),
  byGrantor: [],
});

afterAll(() => i18n.changeLanguage('zh-CN'));

describe('dashboard amounts by language', () => {
  it('writes 万 in Chinese and thousands or millions in English, and draws the axes in the same unit', async () => {
    await i18n.changeLanguage('zh-CN');
    const zh = dashboardAmounts(i18n.t);
    expect(zh.text('2647600.00')).toBe('264.76 万元');
    expect(zh.number('2647600.00')).toBe(264.76);
    expect(zh.axisName).toBe('万元');
    await i18n.changeLanguage('en-US');
    const en = dashboardAmounts(i18n.t);
    expect(en.text('2647600.00')).toBe('¥2.65m');
    expect(en.text('125000.00')).toBe('¥125.00k');
    expect(en.text('850.5')).toBe('¥850.50');
    expect(en.number('2647600.00')).toBe(2.65);
    expect(en.axisName).toBe('¥m');
    expect(i18n.t('dashboard:notesCount', { count: 1 })).toBe('1 note');
    expect(i18n.t('dashboard:notesCount', { count: 2 })).toBe('2 notes');
    expect(i18n.t('dashboard:tasksUnit', { count: 1 })).toBe('task');
  });
});

describe('the quota panel', () => {
  it('names every unit when they fit, and scrolls the rest of the top units instead of overlapping names', () => {
    const few = quotaUnitsOption(section(6), i18n.t);
    expect(few.dataZoom).toEqual([]);
    const many = quotaUnitsOption(section(QUOTA_TOP_UNITS), i18n.t);
    const zooms = many.dataZoom as Array<{ type: string; yAxisIndex: number; startValue: number; endValue: number }>;
    expect(zooms.map((z) => z.type)).toEqual(['inside', 'slider']);
    for (const zoom of zooms) expect([zoom.yAxisIndex, zoom.startValue, zoom.endValue]).toEqual([0, 0, 6]);
  });
});

describe('twoLines', () => {
  it('keeps a short name whole and cuts a long one into two lines at a space, the second ending in an ellipsis', () => {
    expect(twoLines('账户用途')).toBe('账户用途');
    expect(twoLines('Finance institution quota: add')).toBe('Finance institution\nquota: add');
    expect(twoLines('Finance institution quota: adjust')).toBe('Finance institution\nquota: adjust');
    const long = twoLines('Reverse factoring product of a core enterprise with a finance institution');
    const lines = long.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith('…')).toBe(true);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(24);
  });
});

describe('the pending approvals panel', () => {
  // The narrowest column: in English its two legend entries do not fit on one line there, and the bars must start below both lines.
  const tasks = { byProcess: [{ processKey: 'Process_CREDIT_ISSUE', handler: 1, director: 2 }] } as unknown as TaskSection;
  const narrowTop = (option: ReturnType<typeof pendingOption>) =>
    (option as { media?: Array<{ query: { maxWidth: number }; option: { grid: { top: number } } }> }).media?.[0];

  it('moves the bars below a legend that wraps, only where it wraps', async () => {
    await i18n.changeLanguage('en-US');
    const en = narrowTop(pendingOption(tasks, i18n.t))!;
    await i18n.changeLanguage('zh-CN');
    const zh = narrowTop(pendingOption(tasks, i18n.t))!;
    // 1366 px gives the panel's chart about 235 px, 1920 px about 370.
    expect(en.query.maxWidth).toBeGreaterThan(250);
    expect(en.query.maxWidth).toBeLessThan(370);
    expect(zh.query.maxWidth).toBeLessThan(200);
    expect(en.option.grid.top).toBeGreaterThan(40);
  });

  it('counts a CJK character about a font size wide and a Latin one a little over half', () => {
    expect(legendLineWidth(['待经办'])).toBe(17 + 36);
    expect(legendLineWidth(['ab', 'cd'])).toBeCloseTo(2 * (17 + 2 * 12 * 0.62) + 10);
  });
});
