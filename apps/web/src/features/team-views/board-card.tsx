import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Link } from '@tanstack/react-router';
import { priorityLabels } from '@wattle/domain/cards/constants';
import type { WorkItem } from '@wattle/domain/cards/schemas';
import { cardStatusLabels } from '@wattle/domain/cards/workflow';
import {
  AlertTriangleIcon,
  ArrowUpDownIcon,
  CalendarIcon,
  CheckCircle2Icon,
  GripVerticalIcon,
} from 'lucide-react';
import { type CSSProperties, memo, useCallback } from 'react';
import { cn } from '@/lib/cn';
import { formatCalendarDate } from '../cards/card-list-format';

export const priorityTone: Record<WorkItem['priority'], string> = {
  low: 'bg-slate-100 text-slate-800',
  medium: 'bg-amber-50 text-amber-900',
  high: 'bg-red-50 text-red-800',
};

/**
 * What a card shows, shared by the card in its column and the copy that follows the pointer.
 * Memoised apart from the card: dnd-kit's context changes whenever a card in sight mounts or
 * unmounts (each registers itself), which re-renders every drawn card's `useSortable`; the body
 * (its link, badges and date) is then not drawn again (issue 19: scrolling a column of 5,000 cards).
 */
const BoardCardBody = memo(function BoardCardBody({
  item,
  isOverdue,
}: {
  item: WorkItem;
  isOverdue: boolean;
}) {
  return (
    <>
      <p className="font-mono text-muted-foreground text-xs">{item.workItemId}</p>
      <p className="font-medium text-sm leading-snug">
        <Link
          to="/card/$cardId"
          params={{ cardId: item.id }}
          className="underline-offset-4 after:absolute after:inset-0 hover:underline focus-visible:underline"
        >
          {item.title || 'Untitled'}
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
        <span className={cn('rounded px-1.5 py-0.5 font-medium', priorityTone[item.priority])}>
          {priorityLabels[item.priority]}
        </span>
        {/* The card's one status (decision 0037): its column stands for it, this names it. */}
        <span className="rounded border px-1.5 py-0.5" data-testid="board-card-status">
          {cardStatusLabels[item.status]}
        </span>
        {item.dueDate ? (
          <span
            className={cn(
              'inline-flex items-center gap-1',
              isOverdue ? 'font-medium text-red-700' : 'text-muted-foreground',
            )}
          >
            <CalendarIcon className="size-3" aria-hidden="true" />
            <span className="sr-only">Due</span>
            <time dateTime={item.dueDate}>{formatCalendarDate(item.dueDate)}</time>
            {isOverdue ? <span>(Overdue)</span> : null}
          </span>
        ) : null}
        {item.isCompliant ? (
          <span className="inline-flex items-center gap-1 text-emerald-800">
            <CheckCircle2Icon className="size-3" aria-hidden="true" />
            Compliant
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 text-amber-900">
            <AlertTriangleIcon className="size-3" aria-hidden="true" />
            {item.completion}% complete
          </span>
        )}
      </div>
      <p className="text-muted-foreground text-xs">{item.assigneeName ?? 'Unassigned'}</p>
    </>
  );
});

/**
 * One card in a column: a drag handle (pointer or keyboard, through dnd-kit), the title linking to the
 * card, and a Move button for the keyboard alternative. Memoised: a drag re-renders only the cards
 * whose place changes, which keeps a board of thousands of cards responsive. The column draws only
 * the cards in sight (board-view.tsx): `index` and `measureRef` let its virtualiser measure this one.
 */
export const BoardCard = memo(function BoardCard({
  item,
  columnId,
  index,
  isOverdue,
  canMove,
  onMove,
  measureRef,
  placement,
}: {
  item: WorkItem;
  columnId: string;
  /** The card's index in its column (data-index, read by the virtualiser's measurement). */
  index: number;
  isOverdue: boolean;
  canMove: boolean;
  /** Opens the Move dialog for this card. Stable across renders (the board memoises it). */
  onMove: (item: WorkItem) => void;
  /** The column virtualiser's measureElement. Stable across renders. */
  measureRef?: (node: Element | null) => void;
  /** Where the card sits when it is drawn out of the column's flow (a dragged card scrolled away). */
  placement?: CSSProperties;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id, data: { columnId }, disabled: !canMove });
  const ref = useCallback(
    (node: HTMLLIElement | null) => {
      setNodeRef(node);
      measureRef?.(node);
    },
    [setNodeRef, measureRef],
  );
  const title = item.title || 'Untitled';
  return (
    <li
      ref={ref}
      data-index={index}
      style={{ ...placement, transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'relative flex gap-1 rounded-lg border bg-card p-2 shadow-xs hover:border-primary/40',
        isDragging && 'opacity-40',
      )}
      data-testid="board-card"
      data-card-id={item.id}
    >
      {canMove ? (
        <button
          ref={setActivatorNodeRef}
          type="button"
          className="relative z-10 -my-1 -ml-1 flex w-6 shrink-0 cursor-grab touch-none items-center justify-center rounded text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing"
          {...attributes}
          {...listeners}
          aria-label={`Drag ${title}`}
        >
          <GripVerticalIcon className="size-4" aria-hidden="true" />
        </button>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <BoardCardBody item={item} isOverdue={isOverdue} />
      </div>
      {canMove ? (
        <button
          type="button"
          className="relative z-10 flex size-7 shrink-0 items-center justify-center self-start rounded text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() => onMove(item)}
          aria-label={`Move ${title}`}
          data-move-for={item.id}
        >
          <ArrowUpDownIcon className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </li>
  );
});

/** The copy of a card that follows the pointer while it is dragged (dnd-kit DragOverlay). */
export function BoardCardPreview({ item, isOverdue }: { item: WorkItem; isOverdue: boolean }) {
  return (
    // Inert: a picture of the card, not a second copy of its link for keyboards and screen readers.
    <div
      inert
      className="relative flex w-72 cursor-grabbing flex-col gap-1 rounded-lg border bg-card p-2 pl-7 shadow-lg"
    >
      <BoardCardBody item={item} isOverdue={isOverdue} />
    </div>
  );
}
