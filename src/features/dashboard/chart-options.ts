/**
 * The dashboard's chart options, built from the server's sections. Amounts arrive as decimal
 * strings: a bar's length is the amount in the axes' unit (万, or millions in English: ./amounts.ts),
 * read once as a number for the geometry, while every label and tooltip shows the exact string.
 */
import type { TFunction } from 'i18next';
import { MATURITY_BUCKETS, type CorporationSection, type NoteSection, type QuotaByUnit, type QuotaSection, type TaskSection } from '../../lib/dashboard';
import { fenToYuan, toFen } from '../../lib/money';
import { dashboardAmounts, type DashboardAmounts } from './amounts';
import type { ChartOption } from './echarts';

/** Series colours readable on the dark surface, in the order the panels use them. */
export const PALETTE = ['#3d8bff', '#22d3ee', '#34d399', '#fbbf24', '#a78bfa', '#f472b6', '#fb923c'];
const AXIS_TEXT = '#9fb3d1';
const SPLIT_LINE = 'rgba(120, 150, 200, 0.14)';
const FONT = 12;

interface AmountDatum {
  value: number;
  amount: string;
}

interface TooltipParam {
  seriesName?: string;
  name?: string;
  marker?: string | object;
  value?: unknown;
  data?: unknown;
  percent?: number;
  dataIndex?: number;
}

const amountOf = (param: TooltipParam) => (param.data as AmountDatum | undefined)?.amount ?? '0';
const marker = (param: TooltipParam) => (typeof param.marker === 'string' ? param.marker : '');

const baseText = { color: AXIS_TEXT, fontSize: FONT };
/** A category label of a few bars: wrapped to about its band's width (px), so long English words never run into the next one. */
const bandLabel = (width: number) => ({ ...baseText, fontSize: FONT - 1, interval: 0, width, overflow: 'break' as const, lineHeight: 12 });

/**
 * A long name in at most two lines of about `perLine` characters, the second cut with an ellipsis:
 * "Finance institution quota: add" and "…: adjust" stay told apart, where a one-line cut made both
 * "Finance institution qu...". Chinese names are short enough to stay on one line.
 */
export function twoLines(name: string, perLine = 24): string {
  if (name.length <= perLine) return name;
  const space = name.lastIndexOf(' ', perLine);
  const cut = space > perLine / 2 ? space : perLine;
  const rest = name.slice(cut).trim();
  return `${name.slice(0, cut).trim()}\n${rest.length > perLine ? `${rest.slice(0, perLine - 1)}…` : rest}`;
}
/**
 * About how wide `legend` draws these names on one line, in px: each its 12 px mark, ECharts' 5 px before the label and
 * 10 px between entries, a CJK character about a font size wide and any other about 0.62 of it (a little over most
 * Latin fonts', so a line that might just fit counts as two).
 */
export const legendLineWidth = (names: string[]) =>
  names.reduce((width, name) => width + 17 + [...name].reduce((chars, c) => chars + (/[\u2e80-\u9fff\uff00-\uffef]/.test(c) ? FONT : FONT * 0.62), 0), 0) +
  10 * (names.length - 1);
const legend = (data: string[]) => ({ top: 0, right: 0, itemWidth: 12, itemHeight: 8, textStyle: baseText, data });
const tooltip = { backgroundColor: 'rgba(10, 20, 40, 0.92)', borderColor: 'rgba(61, 139, 255, 0.5)', textStyle: { color: '#e6efff', fontSize: FONT } };

/** How many units the quota panel names at once: the most its short 1366×768 panel lines up without overlap. */
const UNITS_SHOWN = 7;

/**
 * The units granted the most (the server sends QUOTA_TOP_UNITS, largest first): what each was granted, stacked
 * as dispatched on, occupied and available.
 */
export function quotaUnitsOption(section: QuotaSection, t: TFunction): ChartOption {
  const money = dashboardAmounts(t);
  const rows = section.topUnits;
  const several = new Set(rows.map((r) => r.groupId)).size > 1;
  const label = (row: QuotaByUnit) => (several && row.unitId !== row.groupId ? `${row.groupName.slice(0, 4)}·${row.unitName}` : row.unitName);
  const names = { dispatched: t('dashboard:series.dispatched'), occupied: t('dashboard:series.occupied'), available: t('dashboard:series.available') };
  const series = (key: keyof typeof names, color: string) => ({
    name: names[key],
    type: 'bar' as const,
    stack: 'granted',
    barMaxWidth: 18,
    itemStyle: { color },
    emphasis: { focus: 'series' as const },
    data: rows.map((row): AmountDatum => ({ value: money.number(row[key]), amount: row[key] })),
  });
  // More units than the panel has lines for: the first ones shown, the rest a scroll away (wheel or the thin slider).
  const scrolled = rows.length > UNITS_SHOWN;
  return {
    backgroundColor: 'transparent',
    color: PALETTE,
    legend: legend(Object.values(names)),
    grid: { left: 8, right: scrolled ? 40 : 24, top: 28, bottom: 4, containLabel: true },
    dataZoom: scrolled
      ? [
          { type: 'inside', yAxisIndex: 0, startValue: 0, endValue: UNITS_SHOWN - 1, zoomLock: true, zoomOnMouseWheel: false, moveOnMouseWheel: true },
          {
            type: 'slider',
            yAxisIndex: 0,
            startValue: 0,
            endValue: UNITS_SHOWN - 1,
            zoomLock: true,
            right: 4,
            width: 8,
            showDetail: false,
            brushSelect: false,
            handleSize: 0,
            borderColor: 'transparent',
            fillerColor: 'rgba(61, 139, 255, 0.45)',
            backgroundColor: 'rgba(120, 150, 200, 0.12)',
            dataBackground: { lineStyle: { opacity: 0 }, areaStyle: { opacity: 0 } },
          },
        ]
      : [],
    tooltip: {
      ...tooltip,
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: unknown) => {
        const list = params as TooltipParam[];
        const row = rows[list[0]?.dataIndex ?? -1];
        const head = row ? `${row.unitName}<br/>${t('dashboard:kpi.granted')}：${money.text(row.granted)}` : '';
        return [head, ...list.map((p) => `${marker(p)}${p.seriesName}：${money.text(amountOf(p))}`)].join('<br/>');
      },
    },
    xAxis: {
      type: 'value',
      name: money.axisName,
      nameTextStyle: baseText,
      axisLabel: { ...baseText, hideOverlap: true },
      splitLine: { lineStyle: { color: SPLIT_LINE } },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: rows.map(label),
      // Every unit named, even when the rows are tight (a short panel): a bar without a name says nothing.
      axisLabel: { ...baseText, fontSize: FONT - 1, interval: 0, width: 150, overflow: 'truncate' },
      axisLine: { lineStyle: { color: SPLIT_LINE } },
      axisTick: { show: false },
    },
    series: [series('dispatched', PALETTE[0]), series('occupied', PALETTE[3]), series('available', PALETTE[2])],
  };
}

/**
 * A doughnut of named parts; `format` gives a part's tooltip, `legendText` its legend entry. With
 * `listed` the legend is a list below the ring (long names such as a bank's), else one line.
 */
function doughnut(
  parts: Array<{ name: string; value: number; amount?: string }>,
  format: (param: TooltipParam) => string,
  legendText: (name: string) => string,
  listed = false,
): ChartOption {
  const base: ChartOption = {
    backgroundColor: 'transparent',
    color: PALETTE,
    tooltip: { ...tooltip, trigger: 'item', formatter: (param: unknown) => format(param as TooltipParam) },
    legend: {
      data: parts.map((p) => p.name),
      orient: listed ? 'vertical' : 'horizontal',
      bottom: 0,
      left: 'center',
      itemWidth: 12,
      itemHeight: 8,
      itemGap: listed ? 6 : 10,
      formatter: legendText,
      textStyle: { ...baseText, width: listed ? 300 : 120, overflow: 'truncate' },
    },
    series: [
      {
        type: 'pie',
        radius: listed ? ['34%', '56%'] : ['40%', '64%'],
        center: ['50%', listed ? '38%' : '44%'],
        avoidLabelOverlap: true,
        itemStyle: { borderColor: '#0e1a30', borderWidth: 2 },
        label: { color: '#dce7fb', fontSize: FONT, formatter: '{d}%' },
        labelLine: { length: 6, length2: 6 },
        data: parts,
      },
    ],
  };
  // A short panel (a 1366×768 screen has three rows of them): a smaller ring higher up, so the
  // legend below never runs into it. ECharts re-applies the query whenever the chart resizes.
  const short = {
    legend: { itemGap: listed ? 2 : 6 },
    series: [{ radius: listed ? ['24%', '42%'] : ['30%', '50%'], center: ['50%', listed ? '32%' : '40%'] }],
  };
  // A narrow panel (five columns on 1366 px): the listed legend's lines no wider than the panel, cut at the end of the name.
  const legendWidth = (width: number) => (listed ? { legend: { textStyle: { width } } } : {});
  return {
    baseOption: base,
    media: [
      { query: { maxHeight: 230 }, option: short },
      { query: { maxWidth: 340 }, option: legendWidth(230) },
      { query: { maxWidth: 280 }, option: legendWidth(190) },
    ],
  };
}

/** Counts by name for a legend: "供应商 21". */
const countLegend = (parts: Array<{ name: string; value: number }>) => (name: string) => `${name} ${parts.find((p) => p.name === name)?.value ?? 0}`;

/** The quota granted to core enterprises, by grantor (a bank, a factoring company, the platform). */
export function grantorOption(section: QuotaSection, t: TFunction): ChartOption {
  const money = dashboardAmounts(t);
  const parts = section.byGrantor.map((g) => ({ name: g.grantorName, value: money.number(g.granted), amount: g.granted }));
  const amountByName = new Map(parts.map((p) => [p.name, p.amount]));
  return doughnut(
    parts,
    (p) => `${marker(p)}${p.name}<br/>${money.text(amountOf(p))}（${p.percent ?? 0}%）`,
    // The amount first: a long name is what gets cut on a narrow panel.
    (name) => `${money.text(amountByName.get(name))}  ${name}`,
    true,
  );
}

/** Corporations by type: a corporation of several types counts under each. */
export function corpTypesOption(section: CorporationSection, t: TFunction): ChartOption {
  const parts = section.byType.map((x) => ({ name: t(`dict:corp_type.${x.code}`, { defaultValue: x.code }), value: x.count }));
  return doughnut(parts, (p) => `${marker(p)}${p.name}：${t('dashboard:count', { count: Number(p.value) })}`, countLegend(parts));
}

/** The approvals that ended in the last 30 days, approved against rejected. */
export function resultsOption(section: TaskSection, t: TFunction): ChartOption {
  const parts = [
    { name: t('dashboard:series.approved'), value: section.ended30d.approved, itemStyle: { color: PALETTE[2] } },
    { name: t('dashboard:series.rejected'), value: section.ended30d.rejected, itemStyle: { color: PALETTE[5] } },
  ];
  return doughnut(parts, (p) => `${marker(p)}${p.name}：${t('dashboard:count', { count: Number(p.value) })}`, countLegend(parts));
}

/** Vertical bars of counts by category, one colour each. */
export function admissionOption(section: CorporationSection, t: TFunction): ChartOption {
  const rows = section.coreAdmission;
  return {
    backgroundColor: 'transparent',
    tooltip: {
      ...tooltip,
      trigger: 'item',
      formatter: (param: unknown) => `${(param as TooltipParam).name}：${t('dashboard:count', { count: Number((param as TooltipParam).value) })}`,
    },
    grid: { left: 8, right: 8, top: 16, bottom: 4, containLabel: true },
    xAxis: {
      type: 'category',
      data: rows.map((r) => t(`dict:corp_admission_status.${r.code}`, { defaultValue: r.code })),
      axisLabel: bandLabel(72),
      axisTick: { show: false },
      axisLine: { lineStyle: { color: SPLIT_LINE } },
    },
    yAxis: { type: 'value', minInterval: 1, axisLabel: baseText, splitLine: { lineStyle: { color: SPLIT_LINE } } },
    series: [
      {
        type: 'bar',
        barMaxWidth: 28,
        label: { show: true, position: 'top', color: '#dce7fb', fontSize: FONT },
        data: rows.map((r, i) => ({ value: r.count, itemStyle: { color: PALETTE[(i + 1) % PALETTE.length] } })),
      },
    ],
  };
}

/** Open tasks by process, stacked by who must act next. */
export function pendingOption(section: TaskSection, t: TFunction): ChartOption {
  const rows = section.byProcess;
  const names = { handler: t('dashboard:series.handler'), director: t('dashboard:series.director') };
  const series = (key: keyof typeof names, color: string) => ({
    name: names[key],
    type: 'bar' as const,
    stack: 'pending',
    barMaxWidth: 16,
    itemStyle: { color },
    data: rows.map((row) => row[key]),
  });
  const base: ChartOption = {
    backgroundColor: 'transparent',
    legend: legend(Object.values(names)),
    grid: { left: 8, right: 16, top: 28, bottom: 4, containLabel: true },
    tooltip: { ...tooltip, trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', minInterval: 1, axisLabel: { ...baseText, hideOverlap: true }, splitLine: { lineStyle: { color: SPLIT_LINE } } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: rows.map((row) => t(`workflow:process.${row.processKey}`, { defaultValue: row.processKey })),
      axisLabel: { ...baseText, fontSize: FONT - 1, lineHeight: 12, formatter: (name: string) => twoLines(name) },
      axisTick: { show: false },
      axisLine: { lineStyle: { color: SPLIT_LINE } },
    },
    series: [series('handler', PALETTE[1]), series('director', PALETTE[4])],
  };
  // The panel is the narrowest column: where the legend wraps to a second line (English at 1366 px), the bars start below it
  // instead of under it. ECharts re-applies the query whenever the chart resizes.
  return { baseOption: base, media: [{ query: { maxWidth: legendLineWidth(Object.values(names)) }, option: { grid: { top: 46 } } }] };
}

interface CountAmountDatum extends AmountDatum {
  count: number;
}

/** "1,234.57 万元 · 3 张": a tooltip line of a count and its exact amount. */
const countAmountText = (t: TFunction, money: DashboardAmounts, datum: CountAmountDatum | undefined, unit: 'notesCount' | 'movementsCount' = 'notesCount') =>
  `${money.text(datum?.amount ?? '0')} · ${t(`dashboard:${unit}`, { count: datum?.count ?? 0 })}`;

/** Notes issued (root notes by issue date) and quota recycled by redemption, month by month. */
export function monthlyOption(section: NoteSection, t: TFunction): ChartOption {
  const money = dashboardAmounts(t);
  const rows = section.byMonth;
  const names = { issued: t('dashboard:series.issued'), redeemed: t('dashboard:series.redeemed') };
  const series = (key: keyof typeof names, color: string) => ({
    name: names[key],
    type: 'bar' as const,
    barMaxWidth: 14,
    barGap: '20%',
    itemStyle: { color, borderRadius: [3, 3, 0, 0] },
    data: rows.map((row): CountAmountDatum => ({ value: money.number(row[key].amount), amount: row[key].amount, count: row[key].count })),
  });
  return {
    backgroundColor: 'transparent',
    legend: legend(Object.values(names)),
    grid: { left: 8, right: 12, top: 28, bottom: 4, containLabel: true },
    tooltip: {
      ...tooltip,
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: unknown) => {
        const list = params as TooltipParam[];
        const month = rows[list[0]?.dataIndex ?? -1]?.month ?? '';
        return [
          month,
          ...list.map(
            (p) =>
              `${marker(p)}${p.seriesName}：${countAmountText(t, money, p.data as CountAmountDatum, p.seriesName === names.redeemed ? 'movementsCount' : 'notesCount')}`,
          ),
        ].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: rows.map((row) => row.month.slice(2).replace('-', '/')),
      axisLabel: { ...baseText, interval: 'auto', hideOverlap: true },
      axisTick: { show: false },
      axisLine: { lineStyle: { color: SPLIT_LINE } },
    },
    yAxis: {
      type: 'value',
      name: money.axisName,
      nameTextStyle: baseText,
      axisLabel: { ...baseText, hideOverlap: true },
      splitLine: { lineStyle: { color: SPLIT_LINE } },
    },
    series: [series('issued', PALETTE[0]), series('redeemed', PALETTE[2])],
  };
}

/** Outstanding notes by how far off their due date is: overdue, then the next 7, 15 and 30 days. */
export function maturityOption(section: NoteSection, t: TFunction): ChartOption {
  const money = dashboardAmounts(t);
  const colors = { overdue: PALETTE[5], d7: PALETTE[6], d15: PALETTE[3], d30: PALETTE[1] };
  return {
    backgroundColor: 'transparent',
    tooltip: {
      ...tooltip,
      trigger: 'item',
      formatter: (param: unknown) => `${(param as TooltipParam).name}<br/>${countAmountText(t, money, (param as TooltipParam).data as CountAmountDatum)}`,
    },
    grid: { left: 8, right: 8, top: 20, bottom: 4, containLabel: true },
    xAxis: {
      type: 'category',
      data: MATURITY_BUCKETS.map((b) => t(`dashboard:series.${b}`)),
      axisLabel: bandLabel(52),
      axisTick: { show: false },
      axisLine: { lineStyle: { color: SPLIT_LINE } },
    },
    yAxis: {
      type: 'value',
      name: money.axisName,
      nameTextStyle: baseText,
      axisLabel: { ...baseText, hideOverlap: true },
      splitLine: { lineStyle: { color: SPLIT_LINE } },
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: 26,
        label: {
          show: true,
          position: 'top',
          color: '#dce7fb',
          fontSize: FONT,
          formatter: (param: unknown) => t('dashboard:barCount', { count: ((param as TooltipParam).data as CountAmountDatum).count }),
        },
        data: MATURITY_BUCKETS.map((b): CountAmountDatum & { itemStyle: { color: string } } => ({
          value: money.number(section.maturity[b].amount),
          amount: section.maturity[b].amount,
          count: section.maturity[b].count,
          itemStyle: { color: colors[b] },
        })),
      },
    ],
  };
}

/** The outstanding amount, financed against not financed (the difference in whole fen, src/lib/money). */
export function financingOption(section: NoteSection, t: TFunction): ChartOption {
  const money = dashboardAmounts(t);
  const unfinanced = fenToYuan((toFen(section.outstanding.amount) ?? 0n) - (toFen(section.financed.amount) ?? 0n));
  const parts = [
    { name: t('dashboard:series.financed'), value: money.number(section.financed.amount), amount: section.financed.amount, itemStyle: { color: PALETTE[4] } },
    { name: t('dashboard:series.unfinanced'), value: money.number(unfinanced), amount: unfinanced, itemStyle: { color: PALETTE[0] } },
  ];
  const amountByName = new Map(parts.map((p) => [p.name, p.amount]));
  return doughnut(
    parts,
    (p) => `${marker(p)}${p.name}<br/>${money.text(amountOf(p))}（${p.percent ?? 0}%）`,
    (name) => `${name} ${money.text(amountByName.get(name))}`,
    true,
  );
}

/** The holders (suppliers) with the most outstanding, largest at the top. */
export function holdersOption(section: NoteSection, t: TFunction): ChartOption {
  const money = dashboardAmounts(t);
  const rows = section.topHolders;
  return {
    backgroundColor: 'transparent',
    tooltip: {
      ...tooltip,
      trigger: 'item',
      formatter: (param: unknown) =>
        `${rows[(param as TooltipParam).dataIndex ?? -1]?.name ?? ''}<br/>${countAmountText(t, money, (param as TooltipParam).data as CountAmountDatum)}`,
    },
    grid: { left: 8, right: 84, top: 4, bottom: 4, containLabel: true },
    xAxis: { type: 'value', show: false },
    yAxis: {
      type: 'category',
      inverse: true,
      data: rows.map((row) => row.name),
      axisLabel: { ...baseText, width: 150, overflow: 'truncate' },
      axisTick: { show: false },
      axisLine: { lineStyle: { color: SPLIT_LINE } },
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: 12,
        itemStyle: { color: PALETTE[1], borderRadius: [0, 3, 3, 0] },
        label: {
          show: true,
          position: 'right',
          color: '#dce7fb',
          fontSize: FONT - 1,
          formatter: (param: unknown) => money.text(((param as TooltipParam).data as CountAmountDatum).amount),
        },
        data: rows.map((row): CountAmountDatum => ({ value: money.number(row.amount), amount: row.amount, count: row.count })),
      },
    ],
  };
}
