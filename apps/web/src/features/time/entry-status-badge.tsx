import { type TimeEntryStatus, timeEntryStatusLabels } from '@wattle/domain/time/entries';
import { Badge } from '@/ui/badge';

const variants = {
  draft: 'outline',
  submitted: 'accent',
  approved: 'success',
  rejected: 'outline',
} as const satisfies Record<TimeEntryStatus, 'outline' | 'accent' | 'success'>;

/** Draft, Submitted, Approved or Rejected (spec work section 4, plus rejected with a reason). */
export function EntryStatusBadge({ status }: { status: TimeEntryStatus }) {
  return (
    <Badge
      variant={variants[status]}
      className={status === 'rejected' ? 'border-destructive/40 text-destructive' : undefined}
      data-testid="entry-status"
    >
      {timeEntryStatusLabels[status]}
    </Badge>
  );
}
