// The revenue-per-day chart (uPlot, a canvas chart of ~20 kB gzip): loaded lazily by
// RevenueSection, so only the dashboard ever fetches the library.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatPrice } from '../../../domain/pricing';
import type { ShopStats } from '../../../domain/backOffice';
import { CHART_HEIGHT } from './chartFormat';

interface RevenueChartProps {
  revenueByDay: ShopStats['revenueByDay'];
  /** The chart in words: its accessible name (the canvas itself says nothing to a screen reader). */
  label: string;
}

const BRAND = '#4f46e5'; // brand-600
const AXIS = { stroke: '#374151', grid: { stroke: '#e5e7eb', width: 1 }, ticks: { stroke: '#d1d5db', width: 1 }, font: '12px system-ui, sans-serif' };

function options(width: number): uPlot.Options {
  return {
    width,
    height: CHART_HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    // The days are UTC calendar days: label them as such, whatever the admin's time zone.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
    series: [{}, { label: 'Revenue', stroke: BRAND, width: 2, fill: 'rgba(79, 70, 229, 0.12)' }],
    axes: [AXIS, { ...AXIS, size: 64, values: (_u, ticks) => ticks.map((tick) => formatPrice(tick)) }],
  };
}

/** Revenue per day as an area chart, as wide as its box. */
export default function RevenueChart({ revenueByDay, label }: RevenueChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [
      revenueByDay.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000),
      revenueByDay.map((day) => day.revenue),
    ];
    const plot = new uPlot(options(element.clientWidth || 600), data, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: CHART_HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [revenueByDay]);

  return <div ref={box} role="img" aria-label={label} className="w-full overflow-hidden" />;
}
