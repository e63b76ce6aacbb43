/**
 * The pool's concentration by debtor as a horizontal bar chart: each debtor's share of the pool, with
 * the programme's limit drawn as a line, so a clerk sees at a glance how close the pool is to it.
 */
import { useEffect, useMemo, useRef } from 'react';
import { initChart, type ChartOption, type ECharts } from './echarts';

interface Props {
  rows: ReadonlyArray<{ debtorName: string; share: string; amount: string }>;
  limit: string;
  label: string;
}

export function ConcentrationChart({ rows, limit, label }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const option = useMemo<ChartOption>(() => {
    const ordered = [...rows].reverse();
    // Shares are exact four-place decimals from the server; the chart only needs them as percentages to draw.
    const percent = (share: string) => Number(share) * 100;
    const max = Math.max(percent(limit), ...rows.map((r) => percent(r.share)));
    return {
      animation: false,
      grid: { left: 8, right: 56, top: 24, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v) => `${Number(v).toFixed(2)}%` },
      xAxis: { type: 'value', max: Math.min(100, Math.ceil(max / 10) * 10), axisLabel: { formatter: '{value}%' } },
      yAxis: { type: 'category', data: ordered.map((r) => r.debtorName), axisLabel: { width: 160, overflow: 'truncate' } },
      series: [
        {
          type: 'bar',
          data: ordered.map((r) => ({ value: percent(r.share), itemStyle: { color: Number(r.share) > Number(limit) ? '#ff4d4f' : '#1677ff' } })),
          barMaxWidth: 22,
          label: { show: true, position: 'right', formatter: ({ value }) => `${Number(value).toFixed(2)}%` },
          markLine: {
            symbol: 'none',
            silent: true,
            lineStyle: { color: '#faad14', type: 'dashed' },
            label: { formatter: `${(Number(limit) * 100).toFixed(0)}%` },
            data: [{ xAxis: percent(limit) }],
          },
        },
      ],
    };
  }, [rows, limit]);

  useEffect(() => {
    const element = box.current!;
    const instance = initChart(element);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={box}
      data-testid="abs-concentration-chart"
      role="img"
      aria-label={label}
      style={{ width: '100%', height: Math.max(120, rows.length * 36 + 24) }}
    />
  );
}
