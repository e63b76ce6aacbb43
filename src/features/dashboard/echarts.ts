/**
 * ECharts through `echarts/core` with only what the dashboard draws (bars, pies, their grid, tooltip
 * and legend, on canvas), so the page's chunk carries those and not the whole library. Only the
 * dashboard imports this module, and the dashboard is a lazily loaded page: the first screens never load it.
 */
import { BarChart, PieChart, type BarSeriesOption, type PieSeriesOption } from 'echarts/charts';
import {
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type DataZoomComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { init, use as registerChartParts, type ComposeOption, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// The data zoom scrolls a long list of units (a large group has thousands) instead of squeezing every name into the panel.
registerChartParts([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, DataZoomInsideComponent, DataZoomSliderComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<
  BarSeriesOption | PieSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption | DataZoomComponentOption
>;
export type { ECharts };

/** A chart on the dashboard's dark surface: ECharts' dark theme, on the panel's own background. */
export const initChart = (element: HTMLElement): ECharts => init(element, 'dark', { renderer: 'canvas' });
