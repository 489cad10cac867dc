// The three charts of the home page (issue #20) with @fluentui/react-charts (Fluent UI v9's
// charting, d3 inside). Loaded lazily by home-summary.tsx: the shell's first screen and the
// figures never wait for it. Brand palette, es-MX amounts; each chart also has a table.
import { GroupedVerticalBarChart, HorizontalBarChartWithAxis } from '@fluentui/react-charts';
import { almacenBrand, type StockSummary } from '@almacen/shared';
import { formatCurrency } from '@almacen/shared/domain';
import { CHART_TITLES, monthLabel, SERIES } from './chart-data';

const ENTRY_COLOR = almacenBrand[80];
const EXIT_COLOR = '#5c6970';
/** "2026-11" → "nov 26" (the axis); the table says "nov 2026". */
const shortMonth = (month: string) => `${monthLabel(month).split(' ')[0]} ${month.slice(2, 4)}`;
const money = (value: number) => formatCurrency(String(Math.round(value * 100) / 100));
const compact = new Intl.NumberFormat('es-MX', {
  notation: 'compact',
  maximumFractionDigits: 1,
  style: 'currency',
  currency: 'MXN',
  currencyDisplay: 'narrowSymbol',
});

/** Characters of a bar's label that leave the bars at least half of a `width`-pixel chart. */
export const labelChars = (width: number) => Math.max(8, Math.min(28, Math.floor(width / 2 / 7)));

function HorizontalValues({ title, points, width }: { title: string; points: Array<{ label: string; value: string }>; width: number }) {
  return (
    <HorizontalBarChartWithAxis
      chartTitle={title}
      width={width}
      height={Math.max(160, points.length * 34 + 50)}
      hideLegend
      useSingleColor
      colors={[ENTRY_COLOR]}
      // Long names ("2111 Materiales, útiles y equipos menores de oficina") would take the whole
      // width and leave no room for the bars: cut to what the card can hold, full name on hover.
      showYAxisLables
      showYAxisLablesTooltip
      noOfCharsToTruncate={labelChars(width)}
      hideLabels
      xAxisTickCount={3}
      // d3-format's default locale writes amounts as es-MX does: "$12,500".
      tickFormat="$,.0f"
      culture="es-MX"
      // Largest on top.
      data={[...points].reverse().map((p) => ({
        x: Number(p.value),
        y: p.label,
        legend: p.label,
        color: ENTRY_COLOR,
        xAxisCalloutData: money(Number(p.value)),
        yAxisCalloutData: p.label,
      }))}
    />
  );
}

export function CategoryChart({ summary, width }: { summary: StockSummary; width: number }) {
  return (
    <HorizontalValues
      title={CHART_TITLES.byCategory}
      width={width}
      points={summary.valueByCategory.map((c) => ({ label: c.category, value: c.value }))}
    />
  );
}

export function TopProductsChart({ summary, width }: { summary: StockSummary; width: number }) {
  return (
    <HorizontalValues
      title={CHART_TITLES.topProducts}
      width={width}
      points={summary.topProducts.map((p) => ({ label: p.name, value: p.value }))}
    />
  );
}

export function MonthlyChart({ summary, width }: { summary: StockSummary; width: number }) {
  return (
    <GroupedVerticalBarChart
      chartTitle={CHART_TITLES.monthly}
      width={width}
      height={300}
      margins={{ left: 64 }}
      culture="es-MX"
      yAxisTickFormat={(value: number) => compact.format(value)}
      hideTickOverlap
      data={summary.monthly.map((m) => ({
        name: shortMonth(m.month),
        series: [
          {
            key: 'entries',
            data: Number(m.entries),
            legend: SERIES.entries,
            color: ENTRY_COLOR,
            yAxisCalloutData: formatCurrency(m.entries),
          },
          { key: 'exits', data: Number(m.exits), legend: SERIES.exits, color: EXIT_COLOR, yAxisCalloutData: formatCurrency(m.exits) },
        ],
      }))}
    />
  );
}
