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
import { can } from '@wattle/domain/auth/permissions';
import type { WorkItem } from '@wattle/domain/cards/schemas';
import type { WorkflowState } from '@wattle/domain/teams/workflow';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { BoardCard, BoardCardPreview } from './board-card';
import { groupIntoColumns, isOverdue, locate, planMove } from './board-columns';
import { useTenantToday } from './calendar-today';
import { MoveCardDialog } from './move-card-dialog';
import type { TeamViewProps } from './team-view-types';

/**
 * How many cards a column draws at first, and how many more each 'Show more' adds. A column of a
 * thousand cards drawn at once costs seconds on a phone; 50 fill a screen several times over.
 */
export const boardColumnPageSize = 50;

const columnPrefix = 'column:';

const screenReaderInstructions = {
  draggable:
    'To pick up a card, press Space or Enter. Use the arrow keys to move it within and between columns. ' +
    'Press Space or Enter again to drop it, or Escape to cancel. Each card also has a Move button.',
};

const BoardColumnView = memo(function BoardColumnView({
  state,
  items,
  count,
  today,
  canMove,
  onMove,
  onShowMore,
}: {
  state: WorkflowState;
  /** The cards drawn (the first ones of the column). */
  items: WorkItem[];
  /** All the column's cards. */
  count: number;
  today: string;
  canMove: boolean;
  onMove: (item: WorkItem) => void;
  onShowMore: (stateId: string) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `${columnPrefix}${state.id}` });
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  const headingId = `board-column-${state.id}`;
  const hidden = count - items.length;
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
      <SortableContext id={state.id} items={ids} strategy={verticalListSortingStrategy}>
        <ol ref={setNodeRef} className="flex min-h-16 flex-col gap-2" aria-labelledby={headingId}>
          {items.map((item) => (
            <BoardCard
              key={item.id}
              item={item}
              columnId={state.id}
              isOverdue={isOverdue(item, today, state)}
              canMove={canMove}
              onMove={onMove}
            />
          ))}
        </ol>
      </SortableContext>
      {count === 0 ? <p className="px-1 pb-1 text-muted-foreground text-xs">No cards</p> : null}
      {hidden > 0 ? (
        <Button variant="ghost" size="sm" onClick={() => onShowMore(state.id)}>
          Show {Math.min(hidden, boardColumnPageSize)} more ({hidden} not shown)
        </Button>
      ) : null}
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
  const [shown, setShown] = useState<Record<string, number>>({});
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

  const visible = useMemo(
    () =>
      columns.map((column) => ({
        ...column,
        shownItems: column.items.slice(0, shown[column.state.id] ?? boardColumnPageSize),
      })),
    [columns, shown],
  );

  const move = useCallback(
    (item: WorkItem, toColumn: number, toIndex: number) => {
      const plan = planMove(columnsRef.current, item.id, toColumn, toIndex);
      if (plan) void patchItem(plan.item, plan.changes, { boardPlace: plan.place });
    },
    [patchItem],
  );

  const openMove = useCallback((item: WorkItem) => setMovingId(item.id), []);
  const showMore = useCallback(
    (stateId: string) =>
      setShown((current) => ({
        ...current,
        [stateId]: (current[stateId] ?? boardColumnPageSize) + boardColumnPageSize,
      })),
    [],
  );

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
        // Dropped on the column itself (below its cards, or an empty one): after its last card shown.
        const toColumn = current.findIndex(
          (column) => column.state.id === overKey.slice(columnPrefix.length),
        );
        if (toColumn < 0) return;
        const shownCount = visible[toColumn]?.shownItems.filter((card) => card.id !== item.id).length ?? 0;
        move(item, toColumn, shownCount);
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
    [itemById, move, visible],
  );

  const activeItem = activeId ? itemById.get(activeId) : undefined;
  const activeColumn = activeItem ? columns[locate(columns, activeItem.id)?.column ?? 0]?.state : undefined;
  const movingItem = movingId ? (itemById.get(movingId) ?? null) : null;

  return (
    <>
      <DndContext
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
            {visible.map((column) => (
              <BoardColumnView
                key={column.state.id}
                state={column.state}
                items={column.shownItems}
                count={column.items.length}
                today={today}
                canMove={canMove}
                onMove={openMove}
                onShowMore={showMore}
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
      <MoveCardDialog item={movingItem} columns={columns} onMove={move} onClose={() => setMovingId(null)} />
    </>
  );
}
