/**
 * ECharts through `echarts/core` with only what the securitisation screens draw (a bar chart of the
 * pool's concentration, on canvas): the page's chunk carries those parts and nothing else, and only
 * these lazily loaded pages import it, so no first screen loads it.
 */
import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  MarkLineComponent,
  TooltipComponent,
  type GridComponentOption,
  type MarkLineComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { init, use as registerChartParts, type ComposeOption, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

registerChartParts([BarChart, GridComponent, MarkLineComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<BarSeriesOption | GridComponentOption | MarkLineComponentOption | TooltipComponentOption>;
export type { ECharts };
export const initChart = (element: HTMLElement): ECharts => init(element, undefined, { renderer: 'canvas' });
