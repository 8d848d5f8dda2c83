import type { WorkItem } from '@wattle/domain/cards/schemas';
import { Button } from '@/ui/button';
import { Calendar } from '@/ui/calendar';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/ui/dialog';
import { type DateOnly, dateOfDay, dayOf, formatDay } from './calendar-dates';
import { weekStartsOn } from './calendar-month';

interface RescheduleDialogProps {
  item: WorkItem | null;
  today: DateOnly;
  onClose: () => void;
  /** A day picked, or null to take the due date away. */
  onPick: (item: WorkItem, day: DateOnly | null) => void;
}

/**
 * The keyboard way to reschedule (dragging needs a pointer): a month calendar to pick the new due
 * date with the arrow keys and Enter, or Remove due date. The picked Date is a local midnight
 * turned straight back into yyyy-mm-dd, so no time zone can move the day.
 */
export function RescheduleDialog({ item, today, onClose, onPick }: RescheduleDialogProps) {
  const selected = item?.dueDate ? dateOfDay(item.dueDate) : undefined;
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="w-auto max-w-[calc(100vw-2rem)]">
        {item ? (
          <>
            <DialogHeader>
              <DialogTitle>Reschedule {item.workItemId}</DialogTitle>
              <DialogDescription>
                {item.title}. {item.dueDate ? `Due ${formatDay(item.dueDate)}.` : 'No due date yet.'} Pick the
                new due date.
              </DialogDescription>
            </DialogHeader>
            <Calendar
              mode="single"
              weekStartsOn={weekStartsOn}
              defaultMonth={selected ?? dateOfDay(today)}
              selected={selected}
              today={dateOfDay(today)}
              autoFocus
              className="mx-auto"
              onSelect={(date) => {
                if (date) onPick(item, dayOf(date));
              }}
            />
            {item.dueDate ? (
              <Button variant="ghost" size="sm" onClick={() => onPick(item, null)}>
                Remove due date
              </Button>
            ) : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
