/**
 * The statistics charts, loaded when the statistics page first draws one: recharts and its d3 and
 * redux parts are about a third of the renderer's script (1.1 of 3.2 MB), which every app start
 * would otherwise parse for a page most starts never open.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { ReadingDay } from '../../../../shared/contract/stats';

const charts = () => import('./ReadingCharts');

/** A chart that waits for the charts module, holding the chart's height meanwhile so the page does not jump. */
function lazyChart<P extends object>(load: () => Promise<ComponentType<P>>, height: number): ComponentType<P> {
  const Chart = lazy(() => load().then((c) => ({ default: c })));
  return function LazyChart(props: P) {
    return (
      <Suspense fallback={<div className="stats-chart" style={{ height }} aria-busy="true" />}>
        <Chart {...props} />
      </Suspense>
    );
  };
}

export const CharsPerDay = lazyChart<{ days: ReadingDay[]; goal: number }>(() => charts().then((m) => m.CharsPerDay), 220);
export const LearntPerDay = lazyChart<{ days: ReadingDay[] }>(() => charts().then((m) => m.LearntPerDay), 180);
export const ReadingHeatmap = lazyChart<{ days: ReadingDay[]; goal: number }>(() => charts().then((m) => m.ReadingHeatmap), 150);
