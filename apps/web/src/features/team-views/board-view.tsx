import {
  type Announcements,
  closestCorners,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { defaultRangeExtractor, useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { can } from '@wattle/domain/auth/permissions';
import type { WorkItem } from '@wattle/domain/cards/schemas';
import type { WorkflowState } from '@wattle/domain/teams/workflow';
import { type CSSProperties, memo, useCallback, useMemo, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { useDrawnAsOnServer } from '@/ui/use-drawn-as-on-server';
import { BoardCard, BoardCardPreview } from './board-card';
import { groupIntoColumns, isOverdue, locate, planMove } from './board-columns';
import { useTenantToday } from './calendar-today';
import { MoveCardDialog } from './move-card-dialog';
import type { TeamViewProps } from './team-view-types';

/**
 * A card's height before it is measured (a two-line title, and its priority, status, due date and
 * compliance wrapping onto two lines in the column's width: 162 px drawn), and the gap between cards
 * (Tailwind gap-2). The virtualiser measures each drawn card; the guess only places the ones not
 * drawn yet. A guess near the usual card matters while scrolling: each card measured at another
 * height moves every card below it and the column's length (issue 19 item 3: at 116 px, scrolling a
 * column of 5,000 recomputed their places for every card drawn).
 */
const estimatedCardHeight = 160;
const cardGap = 8;

/** A column's cards scroll within 20rem, or the window less the page above and below them (19rem). */
const columnMinHeightRem = 20;
const columnSurroundsRem = 19;
const columnMaxHeight = `max(${columnMinHeightRem}rem, calc(100dvh - ${columnSurroundsRem}rem))`;

/**
 * A column's scrolling size before it has been measured: its max-height, in pixels. Without it the
 * virtualiser's first drawing sees a column of no height, draws only its overscan, and draws the
 * column again once it has measured it, in the commit of the board's first drawing (issue 19: the
 * board's blocking time). Only the height counts for a column scrolling up and down.
 */
function initialColumnRect(drawnAsOnServer: boolean): { width: number; height: number } {
  // The server's first paint of the board (entry-server.tsx) has no window: it draws the cards a
  // laptop's screen would show, and so does the browser as it hydrates that drawing; the virtualiser
  // then measures the real column.
  if (drawnAsOnServer || typeof window === 'undefined') {
    return { width: 0, height: firstPaintViewportHeightPx - columnSurroundsRem * 16 };
  }
  const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return {
    width: 0,
    height: Math.max(columnMinHeightRem * rem, window.innerHeight - columnSurroundsRem * rem),
  };
}

/** The screen height a first paint drawn on the server assumes. */
const firstPaintViewportHeightPx = 800;

const columnPrefix = 'column:';

const screenReaderInstructions = {
  draggable:
    'To pick up a card, press Space or Enter. Use the arrow keys to move it within and between columns. ' +
    'Press Space or Enter again to drop it, or Escape to cancel. Each card also has a Move button.',
};

const BoardColumnView = memo(function BoardColumnView({
  state,
  items,
  today,
  canMove,
  onMove,
  activeIndex,
}: {
  state: WorkflowState;
  /** All the column's cards, in board order. Only those in sight are drawn. */
  items: WorkItem[];
  today: string;
  canMove: boolean;
  onMove: (item: WorkItem) => void;
  /** The index of the card being dragged when it is this column's: kept drawn while it is. */
  activeIndex: number | null;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `${columnPrefix}${state.id}` });
  // Every card's id, drawn or not: dnd-kit's sortable order is the column's whole order.
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  const headingId = `board-column-${state.id}`;
  const count = items.length;
  const scrollRef = useRef<HTMLDivElement>(null);
  const activeRef = useRef(activeIndex);
  activeRef.current = activeIndex;
  const drawnAsOnServer = useDrawnAsOnServer();
  const [initialRect] = useState(() => initialColumnRect(drawnAsOnServer));
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedCardHeight,
    gap: cardGap,
    overscan: 4,
    initialRect,
    getItemKey: (index) => items[index]?.id ?? index,
    // The dragged card stays drawn when its column scrolls away from it: dnd-kit keeps the node of
    // the card it moves (the pointer's copy is the DragOverlay).
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      const active = activeRef.current;
      return active === null || indexes.includes(active) ? indexes : [...indexes, active];
    },
  });
  const measureRef = virtualizer.measureElement;
  const virtualItems = virtualizer.getVirtualItems();
  // The drawn cards sit in the list's flow between two paddings that stand for the cards not drawn,
  // so dnd-kit's transforms move them as in any list; a dragged card far from sight is placed apart.
  const inFlow = virtualItems.filter(
    (virtual, position) => position === 0 || virtual.index === (virtualItems[position - 1]?.index ?? 0) + 1,
  );
  const apart = virtualItems.filter((virtual) => !inFlow.includes(virtual));
  const first = inFlow[0];
  const last = inFlow[inFlow.length - 1];
  const paddingTop = first?.start ?? 0;
  const paddingBottom = last ? Math.max(0, virtualizer.getTotalSize() - last.end) : 0;
  const drawCard = (virtual: VirtualItem, placement?: CSSProperties) => {
    const item = items[virtual.index];
    if (!item) return null;
    return (
      <BoardCard
        key={item.id}
        item={item}
        columnId={state.id}
        index={virtual.index}
        isOverdue={isOverdue(item, today, state)}
        canMove={canMove}
        onMove={onMove}
        measureRef={measureRef}
        placement={placement}
      />
    );
  };
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'relative flex w-72 shrink-0 flex-col gap-2 rounded-xl border bg-muted/40 p-2',
        isOver && 'ring-2 ring-primary/50',
      )}
      data-testid="board-column"
      data-state-id={state.id}
    >
      <h2 id={headingId} className="flex items-center gap-2 px-1 font-semibold text-sm">
        <span
          className="size-2.5 shrink-0 rounded-full"
          style={{ backgroundColor: state.color }}
          aria-hidden="true"
        />
        <span className="min-w-0 truncate">{state.name}</span>
        <span className="ml-auto rounded-full bg-background px-2 py-0.5 font-medium text-muted-foreground text-xs tabular-nums">
          {count}
          <span className="sr-only"> {count === 1 ? 'card' : 'cards'}</span>
        </span>
      </h2>
      {/* Each column scrolls by itself, within the window's height, and draws only the cards in
          sight (TanStack Virtual): a column of 5,000 cards costs what one of 10 does. */}
      <div
        ref={scrollRef}
        className="-mx-1 overflow-y-auto px-1"
        style={{ maxHeight: columnMaxHeight }}
        data-testid="board-column-scroll"
      >
        <SortableContext id={state.id} items={ids} strategy={verticalListSortingStrategy}>
          <ol
            ref={setNodeRef}
            className="relative flex min-h-16 flex-col gap-2"
            style={{ paddingTop, paddingBottom }}
            aria-labelledby={headingId}
          >
            {inFlow.map((virtual) => drawCard(virtual))}
            {apart.map((virtual) =>
              drawCard(virtual, { position: 'absolute', top: virtual.start, left: 0, right: 0 }),
            )}
          </ol>
        </SortableContext>
      </div>
      {count === 0 ? <p className="px-1 pb-1 text-muted-foreground text-xs">No cards</p> : null}
    </section>
  );
});

/**
 * The work board (issue 5 item 1): a column per workflow state of the team, cards ordered by their
 * board position. Cards move by dragging (pointer or keyboard, dnd-kit) or with their Move button;
 * each move writes one card (its state and a position between its new neighbours).
 */
export function BoardView({ team, items, patchItem }: TeamViewProps) {
  const today = useTenantToday();
  const canMove = team.status === 'active' && can(team.myRole, 'write:cards');
  const columns = useMemo(() => groupIntoColumns(team.workflowStates, items), [team.workflowStates, items]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [movingId, setMovingId] = useState<string | null>(null);

  // The latest columns for the stable callbacks below, so cards need not re-render when they change.
  const columnsRef = useRef(columns);
  columnsRef.current = columns;

  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const move = useCallback(
    (item: WorkItem, toColumn: number, toIndex: number) => {
      const plan = planMove(columnsRef.current, item.id, toColumn, toIndex);
      if (plan) void patchItem(plan.item, plan.changes, { boardPlace: plan.place });
    },
    [patchItem],
  );

  const openMove = useCallback((item: WorkItem) => setMovingId(item.id), []);

  const itemById = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);
  const describe = useCallback((id: UniqueIdentifier | undefined): string => {
    if (id === undefined) return 'nothing';
    const key = String(id);
    if (key.startsWith(columnPrefix)) {
      const column = columnsRef.current.find(
        (candidate) => candidate.state.id === key.slice(columnPrefix.length),
      );
      return column ? `the ${column.state.name} column` : 'a column';
    }
    const place = locate(columnsRef.current, key);
    const column = place ? columnsRef.current[place.column] : undefined;
    return place && column
      ? `position ${place.index + 1} of ${column.items.length} in ${column.state.name}`
      : 'a card';
  }, []);
  const titleOf = useCallback(
    (id: UniqueIdentifier) => itemById.get(String(id))?.title || 'Untitled',
    [itemById],
  );
  const announcements: Announcements = useMemo(
    () => ({
      onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, at ${describe(active.id)}.`,
      // Over itself (the moment it is picked up): nothing new to say after 'Picked up'.
      onDragOver: ({ active, over }) =>
        over?.id === active.id ? undefined : `${titleOf(active.id)} is over ${describe(over?.id)}.`,
      onDragEnd: ({ active, over }) =>
        over
          ? `${titleOf(active.id)} was dropped at ${describe(over.id)}.`
          : `${titleOf(active.id)} was dropped.`,
      onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
    }),
    [describe, titleOf],
  );

  const onDragStart = useCallback((event: DragStartEvent) => setActiveId(String(event.active.id)), []);
  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      setActiveId(null);
      if (!over) return;
      const current = columnsRef.current;
      const item = itemById.get(String(active.id));
      const from = locate(current, String(active.id));
      if (!item || !from) return;
      const overKey = String(over.id);
      if (overKey.startsWith(columnPrefix)) {
        // Dropped on the column itself (below its cards, or an empty one): after its last card.
        const toColumn = current.findIndex(
          (column) => column.state.id === overKey.slice(columnPrefix.length),
        );
        if (toColumn < 0) return;
        const others = current[toColumn]?.items.filter((card) => card.id !== item.id).length ?? 0;
        move(item, toColumn, others);
        return;
      }
      const target = locate(current, overKey);
      if (!target) return;
      if (target.column === from.column) {
        // Within a column the card takes the place of the one it is over (dnd-kit's arrayMove).
        move(item, target.column, target.index);
        return;
      }
      // Into another column: before the card it is over, or after it when dropped on its lower half.
      const dragged = active.rect.current.translated;
      const isBelow = dragged
        ? dragged.top + dragged.height / 2 > over.rect.top + over.rect.height / 2
        : false;
      move(item, target.column, target.index + (isBelow ? 1 : 0));
    },
    [itemById, move],
  );

  const activeItem = activeId ? itemById.get(activeId) : undefined;
  const activePlace = activeItem ? locate(columns, activeItem.id) : null;
  const activeColumn = activeItem ? columns[activePlace?.column ?? 0]?.state : undefined;
  const movingItem = movingId ? (itemById.get(movingId) ?? null) : null;

  return (
    <>
      <DndContext
        // A stable id for the ids dnd-kit gives its screen-reader text: its own count differs between
        // the server's first paint and the browser, which hydrates that drawing (decision 0041).
        id="board-drag-and-drop"
        sensors={sensors}
        collisionDetection={closestCorners}
        accessibility={{ announcements, screenReaderInstructions }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActiveId(null)}
      >
        {/* The board scrolls sideways inside itself; the page never does (narrow screens too). It is
            positioned so that absolutely placed screen-reader texts in it are clipped here as well. */}
        <div
          className="relative -mx-4 min-w-0 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0"
          data-testid="work-board"
        >
          <div className="flex w-max items-start gap-3">
            {columns.map((column, index) => (
              <BoardColumnView
                key={column.state.id}
                state={column.state}
                items={column.items}
                today={today}
                canMove={canMove}
                onMove={openMove}
                activeIndex={activePlace?.column === index ? activePlace.index : null}
              />
            ))}
          </div>
        </div>
        <DragOverlay>
          {activeItem && activeColumn ? (
            <BoardCardPreview item={activeItem} isOverdue={isOverdue(activeItem, today, activeColumn)} />
          ) : null}
        </DragOverlay>
      </DndContext>
      <MoveCardDialog
        item={movingItem}
        team={team}
        columns={columns}
        onMove={move}
        onClose={() => setMovingId(null)}
      />
    </>
  );
}
