import { useDraggable } from '@dnd-kit/core';
import { Link } from '@tanstack/react-router';
import { priorityLabels } from '@wattle/domain/cards/constants';
import type { WorkItem } from '@wattle/domain/cards/schemas';
import { CalendarClockIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { priorityEdgeTone } from './list-priority';

interface CalendarChipProps {
  item: WorkItem;
  /** Opens the date picker: the keyboard (and touch) way to move the due date. */
  onReschedule: (item: WorkItem) => void;
  /** False where the caller may not change the card: no drag, no Reschedule. */
  canReschedule: boolean;
  /** False for the copies in a day's '+N more' list: one card is one drag source (its id). */
  isDraggable?: boolean;
  className?: string;
}

/**
 * One card on the calendar: its work item id and title (a link to the card), the priority as the
 * colour of its left edge (and in words for screen readers), and a Reschedule button. The chip is
 * dragged by the pointer (dnd-kit, after 5 px so a click still opens the link).
 */
export function CalendarChip({
  item,
  onReschedule,
  canReschedule,
  isDraggable = true,
  className,
}: CalendarChipProps) {
  const draggable = canReschedule && isDraggable;
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: draggable ? item.id : `copy:${item.id}`,
    data: { item },
    disabled: !draggable,
  });
  return (
    <div
      ref={setNodeRef}
      {...listeners}
      data-testid="calendar-card"
      data-work-item-id={item.workItemId}
      className={cn(
        'group flex min-w-0 items-center gap-1 rounded border border-l-4 bg-background py-0.5 pr-0.5 pl-1.5 text-xs shadow-xs',
        priorityEdgeTone[item.priority],
        draggable && 'cursor-grab touch-none active:cursor-grabbing',
        isDragging && 'opacity-40',
        className,
      )}
    >
      <Link
        to="/card/$cardId"
        params={{ cardId: item.id }}
        className="min-w-0 flex-1 truncate underline-offset-2 hover:underline focus-visible:underline"
        title={`${item.workItemId} ${item.title}`}
      >
        <span className="font-mono text-muted-foreground">{item.workItemId}</span> {item.title || 'Untitled'}
        <span className="sr-only">, {priorityLabels[item.priority]} priority</span>
      </Link>
      {canReschedule ? (
        <button
          type="button"
          onClick={() => onReschedule(item)}
          className="shrink-0 rounded p-0.5 text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={`Reschedule ${item.workItemId}`}
          title="Reschedule"
        >
          <CalendarClockIcon aria-hidden="true" className="size-3.5" />
        </button>
      ) : null}
    </div>
  );
}

/** The copy that follows the pointer while a chip is dragged. */
export function CalendarChipPreview({ item }: { item: WorkItem }) {
  return (
    <div
      className={cn(
        'w-48 truncate rounded border border-l-4 bg-background px-1.5 py-0.5 text-xs shadow-lg',
        priorityEdgeTone[item.priority],
      )}
    >
      <span className="font-mono text-muted-foreground">{item.workItemId}</span> {item.title}
    </div>
  );
}
