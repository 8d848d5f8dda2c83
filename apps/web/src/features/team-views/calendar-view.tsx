import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { can } from '@wattle/domain/auth/permissions';
import type { WorkItem } from '@wattle/domain/cards/schemas';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/ui/popover';
import { toast } from '@/ui/toast';
import { useViewport } from '@/ui/use-viewport';
import { CalendarChip, CalendarChipPreview } from './calendar-chip';
import { type DateOnly, formatDay } from './calendar-dates';
import {
  isInMonth,
  itemsByDueDay,
  type MonthKey,
  monthGrid,
  monthOfDay,
  monthTitle,
  rescheduleChanges,
  shiftMonth,
} from './calendar-month';
import { RescheduleDialog } from './calendar-reschedule-dialog';
import { useTenantToday } from './calendar-today';
import type { TeamViewProps, WorkItemChanges } from './team-view-types';

const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Cards a day shows before '+N more' (fewer on a phone, where a day is a narrow box). */
const visiblePerDay = { desktop: 3, tablet: 2, mobile: 0 } as const;

/** What a reschedule says: the new due date, and the start date when it had to move too. */
function rescheduledMessage(item: WorkItem, changes: WorkItemChanges): string {
  const due = changes.dueDate ? `now due ${formatDay(changes.dueDate)}` : 'no longer has a due date';
  const start = changes.startDate ? `; its start date moved to ${formatDay(changes.startDate)}` : '';
  return `${item.workItemId} ${due}${start}.`;
}

/**
 * The calendar view (issue 5 item 1): a month grid of at most 6 weeks, Monday first, each day
 * listing the cards due that day. A card dragged to another day, or given a date with its
 * Reschedule button, gets that due date (and an earlier start date when it would otherwise start
 * after it is due, calendar-month.ts). Cards without a due date are listed under the grid.
 */
export function CalendarView({ team, items, patchItem }: TeamViewProps) {
  const today = useTenantToday();
  const viewport = useViewport();
  const titleId = useId();
  const [month, setMonth] = useState<MonthKey>(() => monthOfDay(today));
  const [dragged, setDragged] = useState<WorkItem | null>(null);
  const [rescheduling, setRescheduling] = useState<WorkItem | null>(null);
  const canReschedule = team.status === 'active' && can(team.myRole, 'write:cards');

  const weeks = useMemo(() => monthGrid(month), [month]);
  const { byDay, undated } = useMemo(() => itemsByDueDay(items), [items]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const perDay = visiblePerDay[viewport];

  const [announcement, setAnnouncement] = useState('');

  // The card moves on screen at once (patchItem is optimistic) and patchItem itself reports a
  // failure with a toast, which replaces the notice below, so nothing waits for the answer here.
  // A moved start date is worth a visible notice: the user only moved the due date.
  function reschedule(item: WorkItem, day: DateOnly | null) {
    const changes: WorkItemChanges | null = day === null ? { dueDate: null } : rescheduleChanges(item, day);
    if (!changes) return;
    const message = rescheduledMessage(item, changes);
    setAnnouncement(message);
    if (changes.startDate !== undefined) toast.info('Start date moved', { description: message });
    void patchItem(item, changes);
  }

  function onDragStart(event: DragStartEvent) {
    setDragged((event.active.data.current?.item as WorkItem | undefined) ?? null);
  }

  function onDragEnd(event: DragEndEvent) {
    setDragged(null);
    const item = event.active.data.current?.item as WorkItem | undefined;
    const day = event.over?.data.current?.day as DateOnly | undefined;
    if (item && day) reschedule(item, day);
  }

  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3" data-testid="calendar-view">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="font-semibold text-lg" aria-live="polite">
          {monthTitle(month)}
        </h2>
        <div className="flex items-center gap-1">
          <Button variant="outline" size="icon" onClick={() => setMonth((m) => shiftMonth(m, -1))}>
            <ChevronLeftIcon aria-hidden="true" />
            <span className="sr-only">Previous month</span>
          </Button>
          <Button variant="outline" onClick={() => setMonth(monthOfDay(today))}>
            Today
          </Button>
          <Button variant="outline" size="icon" onClick={() => setMonth((m) => shiftMonth(m, 1))}>
            <ChevronRightIcon aria-hidden="true" />
            <span className="sr-only">Next month</span>
          </Button>
        </div>
      </div>

      {/* The day under the pointer takes the card, however wide the dragged copy is. */}
      <DndContext
        // A stable id for the ids dnd-kit gives its screen-reader text: its own count differs between
        // the server's first paint and the browser, which hydrates that drawing (decision 0041).
        id="calendar-drag-and-drop"
        sensors={sensors}
        collisionDetection={pointerWithin}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
      >
        <div className="min-w-0 overflow-hidden rounded-lg border" data-testid="calendar-grid">
          <div
            className="grid grid-cols-7 border-b bg-muted text-center text-muted-foreground text-xs"
            aria-hidden="true"
          >
            {weekdayNames.map((name) => (
              <div key={name} className="py-1.5 font-medium">
                <span className="sm:hidden">{name.slice(0, 1)}</span>
                <span className="hidden sm:inline">{name.slice(0, 3)}</span>
              </div>
            ))}
          </div>
          <ol className="grid grid-cols-7" aria-label={`Days of ${monthTitle(month)}`}>
            {weeks.flat().map((day) => (
              <CalendarDay
                key={day}
                day={day}
                isOutside={!isInMonth(day, month)}
                isToday={day === today}
                items={byDay.get(day) ?? []}
                perDay={perDay}
                canReschedule={canReschedule}
                onReschedule={setRescheduling}
              />
            ))}
          </ol>
        </div>

        <section
          aria-label="Cards without a due date"
          className="flex flex-col gap-2"
          data-testid="calendar-undated"
        >
          <h3 className="font-medium text-sm">No due date ({undated.length})</h3>
          {undated.length > 0 ? (
            <ul className="grid grid-cols-1 gap-1.5 sm:grid-cols-2 lg:grid-cols-3">
              {undated.map((item) => (
                <li key={item.id} className="min-w-0">
                  <CalendarChip item={item} canReschedule={canReschedule} onReschedule={setRescheduling} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        <DragOverlay dropAnimation={null}>
          {dragged ? <CalendarChipPreview item={dragged} /> : null}
        </DragOverlay>
      </DndContext>

      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      <RescheduleDialog
        item={rescheduling}
        today={today}
        onClose={() => setRescheduling(null)}
        onPick={(item, day) => {
          setRescheduling(null);
          reschedule(item, day);
        }}
      />
    </section>
  );
}

interface CalendarDayProps {
  day: DateOnly;
  isOutside: boolean;
  isToday: boolean;
  items: WorkItem[];
  perDay: number;
  canReschedule: boolean;
  onReschedule: (item: WorkItem) => void;
}

/** One day of the grid: a drop target for dragged cards, its first few cards and '+N more'. */
function CalendarDay({
  day,
  isOutside,
  isToday,
  items,
  perDay,
  canReschedule,
  onReschedule,
}: CalendarDayProps) {
  const { setNodeRef, isOver } = useDroppable({ id: `day:${day}`, data: { day } });
  const shown = items.slice(0, perDay);
  const hidden = items.length - shown.length;
  const label = `${formatDay(day, 'EEEE d MMMM yyyy')}${isToday ? ', today' : ''}: ${
    items.length === 0 ? 'no cards due' : `${items.length} ${items.length === 1 ? 'card' : 'cards'} due`
  }`;
  return (
    <li
      ref={setNodeRef}
      aria-label={label}
      aria-current={isToday ? 'date' : undefined}
      data-day={day}
      data-testid="calendar-day"
      className={cn(
        'flex min-h-16 min-w-0 flex-col gap-1 border-r border-b p-1 sm:min-h-28 [&:nth-child(7n)]:border-r-0',
        isOutside ? 'bg-muted/60 text-muted-foreground' : 'bg-background',
        isOver && 'bg-accent ring-2 ring-ring ring-inset',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'flex size-6 items-center justify-center self-end rounded-full text-xs tabular-nums sm:self-start',
          isToday && 'bg-primary font-semibold text-primary-foreground',
        )}
      >
        {Number(day.slice(8))}
      </span>
      {shown.map((item) => (
        <CalendarChip key={item.id} item={item} canReschedule={canReschedule} onReschedule={onReschedule} />
      ))}
      {hidden > 0 ? (
        <Popover>
          <PopoverTrigger asChild>
            <button
              type="button"
              className="w-full truncate rounded px-1 text-left font-medium text-primary text-xs hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={`${perDay === 0 ? '' : `${hidden} more, `}all ${items.length} cards due ${formatDay(day)}`}
            >
              {perDay === 0 ? items.length : `+${hidden} more`}
            </button>
          </PopoverTrigger>
          <PopoverContent className="flex w-72 flex-col gap-1.5 p-2" align="start">
            <p className="px-1 font-medium text-sm">Due {formatDay(day, 'EEEE d MMMM')}</p>
            <ul className="flex max-h-80 flex-col gap-1 overflow-y-auto">
              {items.map((item) => (
                <li key={item.id}>
                  <CalendarChip
                    item={item}
                    canReschedule={canReschedule}
                    onReschedule={onReschedule}
                    isDraggable={false}
                  />
                </li>
              ))}
            </ul>
          </PopoverContent>
        </Popover>
      ) : null}
    </li>
  );
}
