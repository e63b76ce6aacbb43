import { useEffect, useRef } from 'react';
import { initChart, type ChartOption, type ECharts } from './echarts';

/**
 * One chart filling its box: created once, given each new option whole (notMerge, so a series that
 * disappears goes), and resized with its box, so a panel that grows or shrinks redraws to fit.
 */
export function EChart({ option, label }: { option: ChartOption; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

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

  return <div ref={box} className="dashboard-chart" role="img" aria-label={label} />;
}
