import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip, type ChartData, type ChartOptions } from 'chart.js';
import { Bar, Doughnut } from 'react-chartjs-2';
import { useT } from '../../../i18n';
import { dashboardTexts } from '../dashboard.texts';

/** One bar or slice: its label, its count and (slices) its colour. */
export interface ChartPoint {
  label: string;
  count: number;
  color?: string | null;
}

export interface DashboardChartProps {
  /** The chart's title, shown above it and naming it for assistive technology. */
  title: string;
  /** The header of the label column in the data table (e.g. 'Hora'). */
  labelHeader: string;
  points: ChartPoint[];
  /** 'bar' (vertical bars) or 'doughnut' (slices coloured by `color`, or the theme's palette). */
  kind: 'bar' | 'doughnut';
  /** Shown in place of the chart when every count is zero (the table still lists the zeros). */
  emptyText?: string;
  /** The bars' colour token ('--atd-primary' by default). */
  colorToken?: string;
}

/** The theme's colours as chart.js wants them (concrete values, read from the tokens of the kit root). */
interface ChartColors {
  bar: string;
  text: string;
  grid: string;
  surface: string;
  palette: string[];
}

const PALETTE_TOKENS = ['--atd-primary', '--atd-success', '--atd-warning', '--atd-danger', '--atd-info', '--atd-text-muted'];

/**
 * Whether the element has a size, kept in step by a ResizeObserver. chart.js draws on a canvas sized by its box: in a
 * box with no size (a hidden tab, a page without layout) there is nothing to draw, and the data table stands alone.
 */
function useDrawable(ref: RefObject<HTMLElement | null>): boolean {
  const [drawable, setDrawable] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setDrawable(el.clientWidth > 0 && el.clientHeight > 0);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return drawable;
}

/**
 * The theme's colours, read from the tokens around the chart and read again when the kit root's theme (data-theme)
 * or brand (style) changes: a MutationObserver, so it works under any provider or none (stories, partners' pages).
 */
function useChartColors(ref: RefObject<HTMLElement | null>, barToken: string): ChartColors | null {
  const [colors, setColors] = useState<ChartColors | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => {
      const style = getComputedStyle(el);
      const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
      setColors({
        bar: token(barToken, '#1976d2'),
        text: token('--atd-text-muted', '#666666'),
        grid: token('--atd-border', '#dddddd'),
        surface: token('--atd-surface', '#ffffff'),
        palette: PALETTE_TOKENS.map((name) => token(name, '#888888')),
      });
    };
    read();
    const root = el.closest('.atd-root');
    if (!root || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(read);
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme', 'style'] });
    return () => observer.disconnect();
  }, [ref, barToken]);
  return colors;
}

/** chart.js data of a bar chart: one series of counts. */
export function barData(points: ChartPoint[], label: string, color: string): ChartData<'bar'> {
  return {
    labels: points.map((p) => p.label),
    datasets: [{ label, data: points.map((p) => p.count), backgroundColor: color, borderRadius: 3, maxBarThickness: 32 }],
  };
}

/** chart.js data of a doughnut: a slice per point, in the point's colour or else the palette's next. */
export function doughnutData(points: ChartPoint[], label: string, palette: string[], border: string): ChartData<'doughnut'> {
  return {
    labels: points.map((p) => p.label),
    datasets: [
      {
        label,
        data: points.map((p) => p.count),
        backgroundColor: points.map((p, i) => p.color || palette[i % palette.length]),
        borderColor: border,
        borderWidth: 2,
      },
    ],
  };
}

/**
 * A dashboard chart (chart.js through react-chartjs-2, only the bar and doughnut parts registered) with its text
 * alternative: a visually hidden table of every label and count, and a summary naming the canvas.
 */
export function DashboardChart({ title, labelHeader, points, kind, emptyText, colorToken = '--atd-primary' }: DashboardChartProps) {
  const t = useT(dashboardTexts);
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const drawable = useDrawable(box);
  const colors = useChartColors(box, colorToken);
  const total = points.reduce((n, p) => n + p.count, 0);
  const isEmpty = total === 0 && !!emptyText;
  const countHeader = t('dashboard.chart.count');
  const summary = t('dashboard.chart.summary', {
    title,
    summary:
      points
        .filter((p) => p.count > 0)
        .map((p) => `${p.label} ${p.count}`)
        .join(', ') || t('dashboard.chart.total', { count: 0 }),
  });

  return (
    <figure className="atd-DashboardChart" data-kind={kind} aria-labelledby={titleId}>
      <figcaption className="atd-DashboardChart-caption">
        <span id={titleId} className="atd-DashboardChart-title">
          {title}
        </span>
        <span className="atd-DashboardChart-total">{t('dashboard.chart.total', { count: total })}</span>
      </figcaption>
      <div ref={box} className="atd-DashboardChart-canvas">
        {isEmpty ? (
          <p className="atd-DashboardChart-empty">{emptyText}</p>
        ) : (
          drawable && colors && <ChartCanvas kind={kind} points={points} label={countHeader} colors={colors} summary={summary} />
        )}
      </div>
      <table className="atd-visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{countHeader}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p, i) => (
            <tr key={`${i}-${p.label}`}>
              <th scope="row">{p.label}</th>
              <td>{p.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function ChartCanvas({
  kind,
  points,
  label,
  colors,
  summary,
}: {
  kind: 'bar' | 'doughnut';
  points: ChartPoint[];
  label: string;
  colors: ChartColors;
  summary: string;
}) {
  // Idempotent: the parts this page draws with, and nothing else of chart.js.
  ChartJS.register(BarElement, CategoryScale, LinearScale, ArcElement, Tooltip, Legend);
  const canvasProps = { role: 'img', 'aria-label': summary };
  if (kind === 'doughnut') {
    const options: ChartOptions<'doughnut'> = {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { position: 'bottom', labels: { color: colors.text, boxWidth: 12 } } },
    };
    return <Doughnut {...canvasProps} data={doughnutData(points, label, colors.palette, colors.surface)} options={options} />;
  }
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: { legend: { display: false } },
    scales: {
      x: { ticks: { color: colors.text, autoSkip: true, maxRotation: 0 }, grid: { display: false } },
      y: { beginAtZero: true, ticks: { color: colors.text, precision: 0 }, grid: { color: colors.grid } },
    },
  };
  return <Bar {...canvasProps} data={barData(points, label, colors.bar)} options={options} />;
}
