import { formatCents } from '@wattle/domain/participants/plans';
import { timeBandLabels } from '@wattle/domain/time/bands';
import type { TimeEntry } from '@wattle/domain/time/entries';
import { LockIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/ui/button';
import { EntryStatusBadge } from './entry-status-badge';
import { entryWhen } from './entry-when';
import { isEditableStatus } from './week';

/**
 * One entry of the timesheet: its times, code, the support item and price the pricing rules chose,
 * participant, status and amount. Drafts and rejected entries can be edited and deleted; submitted
 * and approved ones are locked. A rejected entry says why.
 */
export function TimeEntryCard({
  entry,
  onEdit,
  onDelete,
}: {
  entry: TimeEntry;
  onEdit: (entry: TimeEntry) => void;
  onDelete: (entry: TimeEntry) => void;
}) {
  const isEditable = isEditableStatus(entry.status);
  const when = entryWhen(entry);
  return (
    <article
      aria-label={`${when}, ${entry.ndisTimeCodeDescription}`}
      className="flex min-w-0 flex-col gap-1 rounded-md border bg-card p-2 text-xs"
      data-testid="time-entry"
      data-status={entry.status}
    >
      <div className="flex items-start justify-between gap-1">
        <span className="font-medium text-sm tabular-nums">
          {entry.startTime}–{entry.endTime}
          {entry.endDate !== entry.date ? <span className="text-muted-foreground"> +1 day</span> : null}
        </span>
        {isEditable ? null : (
          <LockIcon
            className="mt-0.5 size-3.5 shrink-0 text-muted-foreground"
            aria-label="Locked"
            role="img"
          />
        )}
      </div>
      <p className="break-words font-medium">{entry.ndisTimeCodeDescription}</p>
      <p className="text-muted-foreground" data-testid="entry-item">
        <span className="sr-only">Support item </span>
        <span className="block break-all">{entry.supportItemNumber}</span>
        <span className="block">
          {timeBandLabels[entry.band]} · {formatCents(entry.unitPriceCents)}/h
        </span>
      </p>
      {entry.participantName ? <p className="break-words">{entry.participantName}</p> : null}
      {entry.description ? (
        <p className="line-clamp-2 break-words text-muted-foreground">{entry.description}</p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-1">
        <EntryStatusBadge status={entry.status} />
        <span className="font-medium tabular-nums" data-testid="entry-amount">
          {formatCents(entry.amountCents)}
        </span>
      </div>
      {entry.status === 'rejected' && entry.rejectionReason ? (
        <p className="break-words text-destructive" data-testid="rejection-reason">
          Rejected: {entry.rejectionReason}
        </p>
      ) : null}
      {isEditable ? (
        <div className="flex flex-wrap gap-1">
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2"
            onClick={() => onEdit(entry)}
            aria-label={`Edit entry ${when}`}
          >
            <PencilIcon aria-hidden="true" />
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-destructive hover:text-destructive"
            onClick={() => onDelete(entry)}
            aria-label={`Delete entry ${when}`}
          >
            <Trash2Icon aria-hidden="true" />
            Delete
          </Button>
        </div>
      ) : null}
    </article>
  );
}
