import { useQuery } from '@tanstack/react-query';
import type { WorkItem } from '@wattle/domain/cards/schemas';
import { columnMoveError, isClinicianOnTeam } from '@wattle/domain/cards/status-columns';
import type { Team } from '@wattle/domain/teams/schemas';
import {
  ArrowDownIcon,
  ArrowDownToLineIcon,
  ArrowRightIcon,
  ArrowUpIcon,
  ArrowUpToLineIcon,
} from 'lucide-react';
import { useId, useRef } from 'react';
import { meQueryOptions } from '@/features/auth/api';
import { Button } from '@/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/ui/dialog';
import { type BoardColumn, locate } from './board-columns';

/**
 * The keyboard alternative to dragging (DESIGN.md section 6): move a card up or down its column, to
 * its top or bottom, or to another column. It stays open, showing where the card is now, so the
 * arrows can be pressed again; Done (or Escape) closes it. A column stands for a status (decision
 * 0037): a move the workflow refuses (a draft to Done, a review without a clinician) is offered
 * disabled with its reason, from the domain's rules; required form fields, which the board does not
 * load, are checked by the server on the move.
 */
export function MoveCardDialog({
  item,
  team,
  columns,
  onMove,
  onClose,
}: {
  team: Team;
  /** The card being moved; null when closed. */
  item: WorkItem | null;
  columns: readonly BoardColumn[];
  /** Moves the card to `index` of column `toColumn`, counted without the card itself. */
  onMove: (item: WorkItem, toColumn: number, toIndex: number) => void;
  onClose: () => void;
}) {
  const place = item ? locate(columns, item.id) : null;
  // The card last shown: the dialog is already closed (item null) when focus goes back.
  const lastItemId = useRef<string | null>(null);
  if (item) lastItemId.current = item.id;
  const column = place ? columns[place.column] : undefined;
  const title = item?.title || 'Untitled';
  const last = column ? column.items.length - 1 : 0;
  const reasonsId = useId();
  const me = useQuery(meQueryOptions()).data;
  const isClinician = isClinicianOnTeam(
    team.myRole,
    team.members.find((member) => member.userId === me?.id)?.role ?? null,
  );
  const refusalOf = (stateId: string) =>
    item
      ? columnMoveError(team.workflowStates, stateId, {
          from: item.status,
          template: null,
          values: {},
          documentIds: [],
          isClinician,
        })
      : null;
  const refused = columns
    .filter((target, index) => index !== place?.column && refusalOf(target.state.id) !== null)
    .map((target) => ({ name: target.state.name, reason: refusalOf(target.state.id) }));

  return (
    <Dialog open={item !== null && place !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // Back to this card's Move button, wherever the card now is (a move to another column
          // renders it anew, so the button that opened the dialog may be gone).
          const id = lastItemId.current;
          const button = id ? document.querySelector<HTMLElement>(`[data-move-for="${id}"]`) : null;
          if (button) {
            event.preventDefault();
            button.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>Move {title}</DialogTitle>
          <DialogDescription aria-live="polite">
            {place && column
              ? `In ${column.state.name}, position ${place.index + 1} of ${column.items.length}.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {item && place && column ? (
          <div className="flex flex-col gap-4">
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 font-medium text-sm">Within {column.state.name}</legend>
              <div className="grid grid-cols-2 gap-2">
                <Button
                  variant="outline"
                  disabled={place.index === 0}
                  onClick={() => onMove(item, place.column, place.index - 1)}
                >
                  <ArrowUpIcon aria-hidden="true" />
                  Move up
                </Button>
                <Button
                  variant="outline"
                  disabled={place.index === last}
                  onClick={() => onMove(item, place.column, place.index + 1)}
                >
                  <ArrowDownIcon aria-hidden="true" />
                  Move down
                </Button>
                <Button
                  variant="outline"
                  disabled={place.index === 0}
                  onClick={() => onMove(item, place.column, 0)}
                >
                  <ArrowUpToLineIcon aria-hidden="true" />
                  Move to top
                </Button>
                <Button
                  variant="outline"
                  disabled={place.index === last}
                  onClick={() => onMove(item, place.column, last)}
                >
                  <ArrowDownToLineIcon aria-hidden="true" />
                  Move to bottom
                </Button>
              </div>
            </fieldset>
            {columns.length > 1 ? (
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-2 font-medium text-sm">To another column (at its top)</legend>
                <div className="flex flex-wrap gap-2">
                  {columns.map((target, index) =>
                    index === place.column ? null : (
                      <Button
                        key={target.state.id}
                        variant="outline"
                        disabled={refusalOf(target.state.id) !== null}
                        aria-describedby={refusalOf(target.state.id) ? reasonsId : undefined}
                        onClick={() => onMove(item, index, 0)}
                      >
                        <ArrowRightIcon aria-hidden="true" />
                        Move to {target.state.name}
                      </Button>
                    ),
                  )}
                </div>
                {refused.length > 0 ? (
                  <ul id={reasonsId} className="text-muted-foreground text-xs" data-testid="move-refusals">
                    {refused.map((target) => (
                      <li key={target.name}>
                        {target.name}: {target.reason}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </fieldset>
            ) : null}
          </div>
        ) : null}
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
