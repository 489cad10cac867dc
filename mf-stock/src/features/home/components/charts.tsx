// The three charts of the home page, drawn as plain SVG: bars, a value axis and the
// names, in the brand's colours and es-MX amounts; each chart also has its table ("Ver tabla").
// Plain SVG rather than a charting library: @fluentui/react-charts brought d3 and
// ≈ 49 KB of compressed JavaScript to every visit of the home page for three bar charts.
// Hovering a bar shows its name and exact amount (the SVG <title>); the table is the text
// alternative for a screen reader, so the drawing itself is one labelled image.
import { almacenBrand, type StockSummary } from '@almacen/shared';
import { formatCurrency } from '@almacen/shared/domain';
import { makeStyles, tokens } from '@almacen/shared/fluent';
import { CHART_TITLES, monthLabel, SERIES } from './chart-data';

export const ENTRY_COLOR = almacenBrand[80];
export const EXIT_COLOR = '#5c6970';
const GRID = tokens.colorNeutralStroke2;
const FONT_SIZE = 12;
/** Average width of a character of the charts' 12 px text, to fit names and axis labels. */
const CHAR_WIDTH = 6.6;

const useStyles = makeStyles({
  svg: { display: 'block', overflow: 'visible', fontFamily: tokens.fontFamilyBase, fontSize: `${FONT_SIZE}px` },
  label: { fill: tokens.colorNeutralForeground1 },
  axis: { fill: tokens.colorNeutralForeground3, fontVariantNumeric: 'tabular-nums' },
  value: { fill: tokens.colorNeutralForeground2, fontVariantNumeric: 'tabular-nums' },
  legend: { display: 'flex', gap: tokens.spacingHorizontalL, justifyContent: 'center', marginTop: tokens.spacingVerticalS },
  key: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  swatch: { width: '12px', height: '12px', display: 'inline-block' },
});

const compact = new Intl.NumberFormat('es-MX', {
  notation: 'compact',
  maximumFractionDigits: 1,
  style: 'currency',
  currency: 'MXN',
  currencyDisplay: 'narrowSymbol',
});
/** "$12.5 k": an amount short enough for an axis or a bar's end. */
export const shortMoney = (value: number) => compact.format(value).replace(/\s/g, ' ');

/**
 * `text` cut to at most `chars` characters with "…", at the end of a word when one ends near the
 * cut (the whole text stays in the bar's hover title).
 */
export function truncate(text: string, chars: number): string {
  if (text.length <= chars) return text;
  let cut = text.slice(0, Math.max(1, chars - 1));
  const space = cut.lastIndexOf(' ');
  const atWordEnd = text[cut.length] === ' ';
  if (!atWordEnd && space > 0 && space >= cut.length - 10) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,;:.–—-]+$/, '')}…`;
}

/**
 * The top of a value axis of four steps: the smallest number at or above `value` whose quarter
 * is round (1, 1.2, 1.6, 2, 2.4, 3, 4, 5, 6 or 8 × 10ⁿ: steps of 0.25, 0.3, 0.4, 0.5, 0.6, 0.75…).
 */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 1.2, 1.6, 2, 2.4, 3, 4, 5, 6, 8, 10].find((s) => s * power >= value * (1 - 1e-9)) ?? 10;
  return Math.round(step * power * 1e6) / 1e6;
}

interface Point {
  label: string;
  /** Pesos, as the API writes them ("12500.50"); only drawn, never added up. */
  value: string;
}

const ROW = 34;
const BAR = 12;

/** One bar per point, largest first as the API sends them: the name above, the amount after it. */
function HorizontalBars({ title, points, width }: { title: string; points: Point[]; width: number }) {
  const styles = useStyles();
  const values = points.map((p) => Math.max(0, Number(p.value)));
  // The largest bar takes the whole width.
  const top = Math.max(...values, 0) || 1;
  const valueRoom = 64; // "$999.9 k" after the longest bar
  const plot = Math.max(40, width - valueRoom);
  const height = Math.max(ROW, points.length * ROW);
  return (
    <svg className={styles.svg} width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title}>
      {points.map((point, i) => {
        const y = i * ROW;
        const barWidth = Math.max(values[i] > 0 ? 2 : 0, (values[i] / top) * plot);
        return (
          <g key={`${i} ${point.label}`}>
            <title>{`${point.label}: ${formatCurrency(point.value)}`}</title>
            <text className={styles.label} x={0} y={y + FONT_SIZE}>
              {truncate(point.label, Math.floor(width / CHAR_WIDTH))}
            </text>
            <rect x={0} y={y + FONT_SIZE + 5} width={barWidth} height={BAR} rx={2} fill={ENTRY_COLOR} />
            <text className={styles.value} x={barWidth + 6} y={y + FONT_SIZE + 5 + BAR - 2}>
              {shortMoney(values[i])}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export function CategoryChart({ summary, width }: { summary: StockSummary; width: number }) {
  return (
    <HorizontalBars
      title={CHART_TITLES.byCategory}
      width={width}
      points={summary.valueByCategory.map((c) => ({ label: c.category, value: c.value }))}
    />
  );
}

export function TopProductsChart({ summary, width }: { summary: StockSummary; width: number }) {
  return (
    <HorizontalBars
      title={CHART_TITLES.topProducts}
      width={width}
      points={summary.topProducts.map((p) => ({ label: p.name, value: p.value }))}
    />
  );
}

const AXIS = 56;
const PLOT_HEIGHT = 200;
const TICKS = 4;

/** "2026-11" → "nov 26" (the axis); the table and the hover title say "nov 2026". */
const shortMonth = (month: string) => `${monthLabel(month).split(' ')[0]} ${month.slice(2, 4)}`;

/** Entries and exits side by side for each month, on a value axis from $0. */
export function MonthlyChart({ summary, width }: { summary: StockSummary; width: number }) {
  const styles = useStyles();
  const months = summary.monthly;
  const largest = Math.max(0, ...months.flatMap((m) => [Number(m.entries), Number(m.exits)]));
  // Nothing moved: the axis is only its $0 line. Below $4 the top is $4 or $8, steps of whole pesos.
  const ticks = largest > 0 ? TICKS : 0;
  const top = largest > 4 ? niceCeiling(largest) : largest > 0 ? 4 : 1;
  const plot = Math.max(60, width - AXIS - 4);
  const slot = plot / Math.max(1, months.length);
  const bar = Math.max(2, Math.min(14, slot * 0.36));
  // Month names ("nov 26") every `every` slots, each with its width and a gap of two characters
  // to spare, so they never run into each other (fewer of them on a phone).
  const labelRoom = (Math.max(...months.map((m) => shortMonth(m.month).length), 6) + 2) * CHAR_WIDTH;
  const every = Math.max(1, Math.ceil(labelRoom / slot));
  const y = (value: number) => PLOT_HEIGHT - (Math.max(0, value) / top) * PLOT_HEIGHT;
  const height = PLOT_HEIGHT + 24;
  return (
    <div>
      <svg
        className={styles.svg}
        width={width}
        height={height}
        viewBox={`0 -8 ${width} ${height + 8}`}
        role="img"
        aria-label={CHART_TITLES.monthly}
      >
        {Array.from({ length: ticks + 1 }, (_, i) => {
          const value = ticks === 0 ? 0 : (top * i) / ticks;
          return (
            <g key={i}>
              <line x1={AXIS} x2={width} y1={y(value)} y2={y(value)} stroke={GRID} strokeWidth={1} />
              <text className={styles.axis} x={AXIS - 6} y={y(value) + 4} textAnchor="end">
                {shortMoney(value)}
              </text>
            </g>
          );
        })}
        {months.map((m, i) => {
          const center = AXIS + slot * (i + 0.5);
          const series = [
            { name: SERIES.entries, amount: m.entries, color: ENTRY_COLOR, x: center - bar - 1 },
            { name: SERIES.exits, amount: m.exits, color: EXIT_COLOR, x: center + 1 },
          ];
          return (
            <g key={m.month}>
              {series.map((s) => (
                <rect key={s.name} x={s.x} y={y(Number(s.amount))} width={bar} height={PLOT_HEIGHT - y(Number(s.amount))} fill={s.color}>
                  <title>{`${monthLabel(m.month)} · ${s.name}: ${formatCurrency(s.amount)}`}</title>
                </rect>
              ))}
              {(months.length - 1 - i) % every === 0 && (
                <text className={styles.axis} x={center} y={PLOT_HEIGHT + 16} textAnchor="middle">
                  {shortMonth(m.month)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <div className={styles.legend} aria-hidden="true">
        {[
          { name: SERIES.entries, color: ENTRY_COLOR },
          { name: SERIES.exits, color: EXIT_COLOR },
        ].map((s) => (
          <span key={s.name} className={styles.key}>
            <span className={styles.swatch} style={{ background: s.color }} />
            {s.name}
          </span>
        ))}
      </div>
    </div>
  );
}
