import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { SalesDashboard } from '../../../../shared/api/dashboard.schemas';
import { formatDollars } from '../../../../shared/money';

const HEIGHT = 220;
const BAR = '#0d3b66';

/**
 * Revenue per day as bars (uPlot: about 50 KB, drawn on a canvas, loaded with the admin's dashboard
 * only). The canvas is a picture for screen readers; the same figures are in a table beside it.
 */
export function RevenueChart({ days, label }: { days: SalesDashboard['revenueByDay']; label: string }) {
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const times = days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000);
    const revenue = days.map((day) => day.revenue);
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.1] } },
        axes: [
          { stroke: '#495057', grid: { show: false } },
          {
            stroke: '#495057',
            size: 70,
            values: (_u, ticks) => ticks.map((tick) => formatDollars(tick).replace(/\.00$/, '')),
          },
        ],
        series: [
          {},
          {
            label: 'Revenue',
            stroke: BAR,
            fill: BAR,
            // Bars only: a day without sales draws nothing.
            width: 0,
            paths: uPlot.paths.bars?.({ size: [0.7, 40] }),
            points: { show: false },
          },
        ],
      },
      [times, revenue],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days]);

  return <div ref={holder} role="img" aria-label={label} className="revenue-chart" />;
}
