import type {
  AnalyticsChart,
  BehaviourAnalytics,
  CountRow,
  PracticeKindRow,
} from '@wattle/domain/behaviour-analytics/schemas';
import { DownloadIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The charts of Behaviour Analytics (Recharts, loaded only by this page). Each chart is a card with
 * what it shows, the chart itself (a picture: its numbers are in the table under it, behind
 * "Show table", for screen readers and anyone wanting the figures), a "Download CSV" of its rows,
 * and, when the period has nothing for it, what to record to see it.
 */

const colours = { incidents: '#1d4ed8', practiceUses: '#b45309', unauthorised: '#b91c1c' };
const seriesNames = { incidents: 'Incidents', practiceUses: 'Restrictive-practice uses' };
const axisTick = { fontSize: 12, fill: '#55627a' };

export function AnalyticsCharts({
  analytics,
  csvUrl,
}: {
  analytics: BehaviourAnalytics;
  csvUrl: (chart: AnalyticsChart) => string;
}) {
  const { bucket } = analytics.period;
  const step = bucket === 'day' ? 'day' : bucket === 'week' ? 'week' : 'month';
  const overTime = analytics.overTime.map((row) => ({
    ...row,
    tick: bucket === 'month' ? row.label : row.key.split('-').reverse().slice(0, 2).join('/'),
  }));
  const { totals } = analytics;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard
        chart="over-time"
        title="Over time"
        description={`Incidents and restrictive-practice uses each ${step}${bucket === 'week' ? ' (weeks start on Monday)' : ''}.`}
        csvUrl={csvUrl}
        wide
        empty={
          isEmpty(analytics.overTime)
            ? 'No incidents or restrictive-practice uses recorded in this period. Record incidents with Quick Add’s New Incident, and log each use of a restrictive practice on the participant’s Restrictive Practices page, to see them here.'
            : null
        }
        table={<CountTable firstColumn={stepHeading(bucket)} rows={analytics.overTime} />}
      >
        <CountBars data={overTime} xKey="tick" />
      </ChartCard>

      <ChartCard
        chart="by-behaviour"
        title="By behaviour"
        description="The behaviours of concern recorded on incidents and restrictive-practice uses, most frequent first."
        csvUrl={csvUrl}
        note={withoutNote(totals.incidentsWithoutBehaviour, 'a behaviour')}
        empty={
          analytics.byBehaviour.length === 0
            ? 'No behaviours recorded in this period. Record incidents with a behaviour and antecedent (open an incident on the Incidents page) to see them here.'
            : null
        }
        table={<CountTable firstColumn="Behaviour" rows={analytics.byBehaviour} />}
      >
        <CountBars data={analytics.byBehaviour} xKey="label" horizontal />
      </ChartCard>

      <ChartCard
        chart="by-antecedent"
        title="By antecedent"
        description="What happened just before, as recorded, most frequent first."
        csvUrl={csvUrl}
        note={withoutNote(totals.incidentsWithoutAntecedent, 'an antecedent')}
        empty={
          analytics.byAntecedent.length === 0
            ? 'No antecedents recorded in this period. Record incidents with a behaviour and antecedent (open an incident on the Incidents page) to see them here.'
            : null
        }
        table={<CountTable firstColumn="Antecedent" rows={analytics.byAntecedent} />}
      >
        <CountBars data={analytics.byAntecedent} xKey="label" horizontal />
      </ChartCard>

      <ChartCard
        chart="by-hour"
        title="By time of day"
        description={`The hour each one began, in ${analytics.period.timeZone.replace('_', ' ')} time.`}
        csvUrl={csvUrl}
        empty={
          isEmpty(analytics.byHour)
            ? 'No incidents recorded in this period. Record incidents with the time they happened to see when they occur.'
            : null
        }
        table={<CountTable firstColumn="Hour" rows={analytics.byHour} />}
      >
        <CountBars data={analytics.byHour} xKey="label" />
      </ChartCard>

      <ChartCard
        chart="by-day-of-week"
        title="By day of the week"
        description="The day each one happened."
        csvUrl={csvUrl}
        empty={
          isEmpty(analytics.byDayOfWeek)
            ? 'No incidents recorded in this period. Record incidents with the day they happened to see which days they occur on.'
            : null
        }
        table={<CountTable firstColumn="Day" rows={analytics.byDayOfWeek} />}
      >
        <CountBars
          data={analytics.byDayOfWeek.map((row) => ({ ...row, tick: row.label.slice(0, 3) }))}
          xKey="tick"
        />
      </ChartCard>

      <ChartCard
        chart="by-practice-kind"
        title="By restrictive practice"
        description="Uses of each regulated restrictive practice, and how many were not authorised."
        csvUrl={csvUrl}
        empty={
          totals.practiceUses === 0
            ? 'No restrictive-practice uses logged in this period. Log each use on the participant’s Restrictive Practices page to see them here.'
            : null
        }
        table={<PracticeTable rows={analytics.byPracticeKind} />}
      >
        <ResponsiveContainer width="100%" height={260}>
          <BarChart
            data={analytics.byPracticeKind}
            layout="vertical"
            accessibilityLayer={false}
            margin={{ left: 8, right: 16 }}
          >
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={axisTick} />
            <YAxis type="category" dataKey="label" width={130} tick={axisTick} interval={0} />
            <Tooltip />
            <Legend />
            <Bar dataKey="uses" name="Uses" fill={colours.practiceUses} isAnimationActive={false} />
            <Bar
              dataKey="unauthorised"
              name="Unauthorised"
              fill={colours.unauthorised}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  );
}

function isEmpty(rows: readonly CountRow[]): boolean {
  return rows.every((row) => row.incidents === 0 && row.practiceUses === 0);
}

function withoutNote(count: number, what: string): string | null {
  if (count === 0) return null;
  return count === 1
    ? `1 incident in this period has no ${what.replace(/^an? /, '')} recorded.`
    : `${count.toLocaleString('en-AU')} incidents in this period have no ${what.replace(/^an? /, '')} recorded.`;
}

function stepHeading(bucket: BehaviourAnalytics['period']['bucket']): string {
  return bucket === 'day' ? 'Day' : bucket === 'week' ? 'Week' : 'Month';
}

function ChartCard({
  chart,
  title,
  description,
  note,
  empty,
  wide,
  csvUrl,
  table,
  children,
}: {
  chart: AnalyticsChart;
  title: string;
  description: string;
  note?: string | null;
  empty: string | null;
  wide?: boolean;
  csvUrl: (chart: AnalyticsChart) => string;
  table: ReactNode;
  children: ReactNode;
}) {
  const headingId = `chart-${chart}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={`flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 ${wide ? 'lg:col-span-2' : ''}`}
      data-testid={`chart-${chart}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold text-base">
            {title}
          </h2>
          <p className="text-muted-foreground text-sm">{description}</p>
        </div>
        <a
          href={csvUrl(chart)}
          download
          className="inline-flex items-center gap-1 text-sm underline underline-offset-4"
          aria-label={`Download CSV: ${title}`}
          data-testid="chart-csv"
        >
          <DownloadIcon className="size-4" aria-hidden="true" />
          Download CSV
        </a>
      </div>
      {empty ? (
        <p
          className="rounded-lg border border-dashed px-4 py-8 text-center text-muted-foreground text-sm"
          data-testid="chart-empty"
        >
          {empty}
        </p>
      ) : (
        <>
          <div role="img" aria-label={`Bar chart: ${title}. Its numbers are in the table below.`}>
            {children}
          </div>
          {note ? <p className="text-muted-foreground text-xs">{note}</p> : null}
          <details className="text-sm" data-testid="chart-table">
            <summary className="cursor-pointer font-medium underline underline-offset-4">Show table</summary>
            <div className="mt-2 max-h-80 overflow-auto rounded-md border">{table}</div>
          </details>
        </>
      )}
    </section>
  );
}

function CountBars({
  data,
  xKey,
  horizontal,
}: {
  data: readonly (CountRow & { tick?: string })[];
  xKey: 'label' | 'tick';
  horizontal?: boolean;
}) {
  const showUses = data.some((row) => row.practiceUses > 0);
  if (horizontal) {
    return (
      <ResponsiveContainer width="100%" height={Math.max(160, data.length * 36 + 60)}>
        <BarChart
          data={[...data]}
          layout="vertical"
          accessibilityLayer={false}
          margin={{ left: 8, right: 16 }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={axisTick} />
          <YAxis type="category" dataKey={xKey} width={130} tick={axisTick} interval={0} />
          <Tooltip />
          <Legend />
          <Bar
            dataKey="incidents"
            name={seriesNames.incidents}
            fill={colours.incidents}
            isAnimationActive={false}
          />
          {showUses ? (
            <Bar
              dataKey="practiceUses"
              name={seriesNames.practiceUses}
              fill={colours.practiceUses}
              isAnimationActive={false}
            />
          ) : null}
        </BarChart>
      </ResponsiveContainer>
    );
  }
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={[...data]} accessibilityLayer={false} margin={{ left: -16, right: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={xKey} tick={axisTick} minTickGap={8} />
        <YAxis allowDecimals={false} tick={axisTick} />
        <Tooltip labelFormatter={(_, payload) => payload?.[0]?.payload?.label ?? ''} />
        <Legend />
        <Bar
          dataKey="incidents"
          name={seriesNames.incidents}
          fill={colours.incidents}
          isAnimationActive={false}
        />
        {showUses ? (
          <Bar
            dataKey="practiceUses"
            name={seriesNames.practiceUses}
            fill={colours.practiceUses}
            isAnimationActive={false}
          />
        ) : null}
      </BarChart>
    </ResponsiveContainer>
  );
}

function CountTable({ firstColumn, rows }: { firstColumn: string; rows: readonly CountRow[] }) {
  return (
    <table className="w-full text-sm">
      <thead className="bg-muted text-left text-muted-foreground text-xs">
        <tr>
          <th scope="col" className="px-3 py-2">
            {firstColumn}
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            {seriesNames.incidents}
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            {seriesNames.practiceUses}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key || row.label} className="border-t">
            <th scope="row" className="px-3 py-1.5 text-left font-normal">
              {row.label}
            </th>
            <td className="px-3 py-1.5 text-right tabular-nums">{row.incidents}</td>
            <td className="px-3 py-1.5 text-right tabular-nums">{row.practiceUses}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PracticeTable({ rows }: { rows: readonly PracticeKindRow[] }) {
  return (
    <table className="w-full text-sm">
      <thead className="bg-muted text-left text-muted-foreground text-xs">
        <tr>
          <th scope="col" className="px-3 py-2">
            Practice
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Uses
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Minutes
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Unauthorised
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.kind} className="border-t">
            <th scope="row" className="px-3 py-1.5 text-left font-normal">
              {row.label}
            </th>
            <td className="px-3 py-1.5 text-right tabular-nums">{row.uses}</td>
            <td className="px-3 py-1.5 text-right tabular-nums">{row.minutes}</td>
            <td className="px-3 py-1.5 text-right tabular-nums">{row.unauthorised}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
