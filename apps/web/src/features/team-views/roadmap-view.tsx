import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { priorityLabels } from '@wattle/domain/cards/constants';
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { useViewport } from '@/ui/use-viewport';
import { type DateOnly, daysFrom, formatDay } from './calendar-dates';
import { useTenantToday } from './calendar-today';
import { priorityFillTone } from './list-priority';
import {
  axisTicks,
  dayOffset,
  dayWidth,
  initialScroll,
  type RoadmapRow,
  type RoadmapZoom,
  rangeDays,
  roadmapRange,
  roadmapRows,
} from './roadmap-geometry';
import type { TeamViewProps } from './team-view-types';

const rowHeight = 36;
// Tall enough for a tick's label above and the Today marker below it, so the two never overlap.
const axisHeight = 40;
const zooms: { value: RoadmapZoom; label: string }[] = [
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

/**
 * The roadmap view (issue 5 item 1): a timeline by week or by month, one line per card grouped by
 * workflow state, a bar from its start to its due date (a marker on its one date when it has only
 * one) and a line on today. The card names stay at the left while the time axis scrolls; only the
 * lines in sight are in the page (TanStack Virtual). Each bar is a link to its card whose name says
 * the dates ('SUN-00012 Plan review: 3 Dec 2026 to 17 Dec 2026'). Cards with no dates at all are
 * listed under it as 'Not scheduled'.
 */
export function RoadmapView({ team, items }: TeamViewProps) {
  const today = useTenantToday();
  const viewport = useViewport();
  const titleId = useId();
  const [zoom, setZoom] = useState<RoadmapZoom>('week');

  const range = useMemo(() => roadmapRange(items, today, zoom), [items, today, zoom]);
  const ticks = useMemo(() => axisTicks(range, zoom), [range, zoom]);
  const { rows, unscheduled } = useMemo(
    () => roadmapRows(items, team.workflowStates, range, zoom),
    [items, team.workflowStates, range, zoom],
  );
  const labelWidth = viewport === 'mobile' ? 128 : 240;
  const timelineWidth = rangeDays(range) * dayWidth[zoom];
  const todayLeft = labelWidth + dayOffset(range, today, zoom);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });

  // Open (and re-open after a zoom change) with today in sight. After that the scroll is the
  // user's: a card changing (here or live, from someone else) keeps it, and when the axis grows or
  // shrinks at its start the scroll moves with it, so the same days stay in sight.
  const placed = useRef<{ element: HTMLDivElement; zoom: RoadmapZoom; from: DateOnly } | null>(null);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) {
      placed.current = null;
      return;
    }
    const last = placed.current;
    if (!last || last.element !== element || last.zoom !== zoom) {
      element.scrollLeft = initialScroll(range, today, zoom, element.clientWidth - labelWidth);
    } else if (last.from !== range.from) {
      element.scrollLeft += daysFrom(range.from, last.from) * dayWidth[zoom];
    }
    placed.current = { element, zoom, from: range.from };
  }, [range, today, zoom, labelWidth]);

  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3" data-testid="roadmap-view">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="font-semibold text-lg">
          Roadmap
        </h2>
        <fieldset className="inline-flex rounded-md border p-0.5" aria-label="Zoom">
          {zooms.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={zoom === option.value}
              onClick={() => setZoom(option.value)}
              className={cn(
                'rounded px-3 py-1 font-medium text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                zoom === option.value ? 'bg-primary text-primary-foreground' : 'hover:bg-accent',
              )}
            >
              {option.label}
            </button>
          ))}
        </fieldset>
      </div>

      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
          No card has a start or due date yet.
        </p>
      ) : (
        <div
          ref={scrollRef}
          className="relative max-h-[min(70vh,40rem)] min-w-0 overflow-auto rounded-lg border"
          data-testid="roadmap-scroll"
        >
          <div className="relative" style={{ width: labelWidth + timelineWidth }}>
            <div
              className="sticky top-0 z-20 flex border-b bg-muted text-muted-foreground text-xs"
              style={{ height: axisHeight }}
            >
              <div
                className="sticky left-0 z-20 flex shrink-0 items-center border-r bg-muted px-3 font-medium"
                style={{ width: labelWidth }}
              >
                Card
              </div>
              <ol
                className="relative"
                style={{ width: timelineWidth }}
                aria-label={zoom === 'week' ? 'Weeks' : 'Months'}
              >
                {ticks.map((tick) => (
                  <li
                    key={tick.day}
                    title={tick.title}
                    className="absolute top-0 flex h-full items-start truncate border-l px-1.5 pt-0.5"
                    style={{ left: tick.left, width: tick.width }}
                  >
                    <span aria-hidden="true">{tick.label}</span>
                    <span className="sr-only">{tick.title}</span>
                  </li>
                ))}
                <li
                  aria-hidden="true"
                  className="absolute bottom-1 z-10 -translate-x-1/2 rounded bg-red-600 px-1 text-[10px] text-white leading-4"
                  style={{ left: todayLeft - labelWidth }}
                >
                  Today
                </li>
              </ol>
            </div>

            <ul
              aria-label={`Cards of ${team.name} on the roadmap`}
              className="relative"
              style={{ height: virtualizer.getTotalSize() }}
            >
              {virtualizer.getVirtualItems().map((virtualRow) => {
                const row = rows[virtualRow.index];
                if (!row) return null;
                return (
                  <RoadmapLine
                    key={row.key}
                    row={row}
                    top={virtualRow.start}
                    labelWidth={labelWidth}
                    timelineWidth={timelineWidth}
                    setSize={rows.length}
                    position={virtualRow.index + 1}
                  />
                );
              })}
            </ul>

            <div
              aria-hidden="true"
              data-testid="roadmap-today"
              className="pointer-events-none absolute top-0 bottom-0 z-10 w-0.5 bg-red-600"
              style={{ left: todayLeft }}
              title={`Today, ${formatDay(today)}`}
            >
              <span className="absolute top-1 left-1 rounded bg-red-600 px-1 text-[10px] text-white">
                Today
              </span>
            </div>
          </div>
        </div>
      )}

      <section
        aria-label="Cards not scheduled"
        className="flex flex-col gap-2"
        data-testid="roadmap-unscheduled"
      >
        <h3 className="font-medium text-sm">Not scheduled ({unscheduled.length})</h3>
        {unscheduled.length > 0 ? (
          <ul className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
            {unscheduled.map((item) => (
              <li key={item.id} className="min-w-0 truncate">
                <Link
                  to="/card/$cardId"
                  params={{ cardId: item.id }}
                  className="underline-offset-2 hover:underline focus-visible:underline"
                >
                  <span className="font-mono text-muted-foreground text-xs">{item.workItemId}</span>{' '}
                  {item.title}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </section>
  );
}

interface RoadmapLineProps {
  row: RoadmapRow;
  top: number;
  labelWidth: number;
  timelineWidth: number;
  setSize: number;
  position: number;
}

/** One line: a state's heading across the timeline, or a card's name and its bar. */
function RoadmapLine({ row, top, labelWidth, timelineWidth, setSize, position }: RoadmapLineProps) {
  const style = { top, height: rowHeight, width: labelWidth + timelineWidth };
  if (row.kind === 'group') {
    return (
      <li
        aria-setsize={setSize}
        aria-posinset={position}
        className="absolute left-0 flex items-center border-b bg-muted/60"
        style={style}
      >
        <span
          className="sticky left-0 z-10 flex h-full items-center gap-1.5 bg-muted px-3 font-semibold text-xs"
          style={{ width: labelWidth }}
        >
          {row.color ? (
            <span
              aria-hidden="true"
              className="size-2 shrink-0 rounded-full"
              style={{ backgroundColor: row.color }}
            />
          ) : null}
          <span className="truncate">
            {row.name} ({row.count})
          </span>
        </span>
      </li>
    );
  }
  const { item, mark } = row;
  const dates =
    mark.kind === 'bar' ? `${formatDay(mark.from)} to ${formatDay(mark.to)}` : `${formatDay(mark.day)}`;
  return (
    <li
      aria-setsize={setSize}
      aria-posinset={position}
      className="absolute left-0 flex items-center border-b hover:bg-muted/30"
      style={style}
    >
      <span
        className="sticky left-0 z-10 flex h-full shrink-0 items-center gap-1 truncate border-r bg-background px-3 text-xs"
        style={{ width: labelWidth }}
        aria-hidden="true"
      >
        <span className="font-mono text-muted-foreground">{item.workItemId}</span>
        <span className="truncate">{item.title}</span>
      </span>
      <Link
        to="/card/$cardId"
        params={{ cardId: item.id }}
        aria-label={`${mark.label}, ${priorityLabels[item.priority]} priority`}
        title={mark.label}
        data-testid="roadmap-bar"
        data-kind={mark.kind}
        className={cn(
          'absolute flex h-6 items-center overflow-hidden border text-[11px] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          priorityFillTone[item.priority],
          mark.kind === 'bar' ? 'rounded border-l-4 px-1.5' : 'justify-center rounded-full',
        )}
        style={{
          left: labelWidth + mark.left,
          width: mark.kind === 'bar' ? Math.max(mark.width, 8) : Math.max(mark.width, 12),
        }}
      >
        {mark.kind === 'bar' ? <span className="truncate">{dates}</span> : <span aria-hidden="true">◆</span>}
      </Link>
    </li>
  );
}
