import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { formatCents } from '@wattle/domain/participants/plans';
import type { TimeEntry } from '@wattle/domain/time/entries';
import { ChevronLeftIcon, ChevronRightIcon, CopyIcon, DownloadIcon, PlusIcon, SendIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { meQueryOptions } from '@/features/auth/api';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { useDialogReturnFocus } from '@/ui/dialog-return-focus';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { toast } from '@/ui/toast';
import {
  copyTimeEntriesWeek,
  deleteTimeEntry,
  submitTimeEntries,
  timeEntriesCsvUrl,
  timeEntriesQueryOptions,
  useInvalidateTimeEntries,
} from './api';
import { entryWhen } from './entry-when';
import { TimeEntryCard } from './time-entry-card';
import { TimeEntryDialog } from './time-entry-dialog';
import {
  addWeeks,
  formatTotalHours,
  formatWeekRange,
  longDayLabel,
  shortDayLabel,
  submittableCount,
  totalsOf,
  weekByDay,
  weekEndOf,
} from './week';

type Editing = { kind: 'add'; date: string } | { kind: 'edit'; entry: TimeEntry } | null;

function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The person's week on the timesheet (issue 14 part 6): seven days, Monday first, each with its
 * entries and totals (a column each on desktop, a list of days on a phone), the week's totals,
 * previous / next / this week, Add Entry, Copy Last Week, Submit Week and Export CSV.
 */
export function MyWeekView({
  tenantId,
  weekStart,
  today,
}: {
  tenantId: string;
  weekStart: string;
  today: string;
}) {
  const navigate = useNavigate({ from: '/timesheet' });
  const me = useQuery(meQueryOptions());
  const weekEnd = weekEndOf(weekStart);
  const range = { from: weekStart, to: weekEnd };
  const entries = useQuery(timeEntriesQueryOptions(tenantId, { ...range, userId: 'me' }));
  const invalidate = useInvalidateTimeEntries(tenantId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TimeEntry | null>(null);
  const [isConfirmingSubmit, setConfirmingSubmit] = useState(false);
  const { remember, onCloseAutoFocus } = useDialogReturnFocus();
  const headingId = useId();
  // After a deletion or a submission the button that started it is gone or disabled: focus goes to
  // the week's heading, once the confirmation has closed.
  const focusHeading = () => requestAnimationFrame(() => document.getElementById(headingId)?.focus());

  const goToWeek = (week: string | undefined) =>
    void navigate({ search: (previous) => ({ ...previous, week }), replace: false });

  const list = entries.data ?? [];
  const days = weekByDay(list, weekStart);
  const totals = totalsOf(list);
  const toSubmit = submittableCount(list);

  const remove = useMutation({
    mutationFn: (entry: TimeEntry) => deleteTimeEntry(tenantId, entry.id, entry.version),
    onSuccess: (_, entry) => {
      toast.success('Entry deleted', { description: `${entryWhen(entry)} was deleted.` });
      setDeleting(null);
      focusHeading();
    },
    onError: (error) => toast.error('The entry was not deleted', { description: error.message }),
    onSettled: invalidate,
  });

  const submit = useMutation({
    mutationFn: () => submitTimeEntries(tenantId, range),
    onSuccess: ({ submitted }) => {
      toast.success('Week submitted', {
        description: `${countOf(submitted, 'entry', 'entries')} sent for approval.`,
      });
      setConfirmingSubmit(false);
      focusHeading();
    },
    onError: (error) => {
      setConfirmingSubmit(false);
      toast.error('The week was not submitted', { description: error.message });
    },
    onSettled: invalidate,
  });

  const copy = useMutation({
    mutationFn: () =>
      copyTimeEntriesWeek(tenantId, { fromWeekStart: addWeeks(weekStart, -1), toWeekStart: weekStart }),
    onSuccess: ({ created, skipped }) => {
      const skippedText =
        skipped > 0 ? ` ${countOf(skipped, 'entry', 'entries')} would overlap and were skipped.` : '';
      toast.success(created.length > 0 ? 'Last week copied' : 'Nothing copied', {
        description: `${countOf(created.length, 'draft entry', 'draft entries')} added from last week.${skippedText}`,
      });
    },
    onError: (error) => toast.error('Last week was not copied', { description: error.message }),
    onSettled: invalidate,
  });

  const openAdd = (date: string) => {
    remember();
    setEditing({ kind: 'add', date });
  };
  const openEdit = (entry: TimeEntry) => {
    remember();
    setEditing({ kind: 'edit', entry });
  };

  const isThisWeek = today >= weekStart && today <= weekEnd;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 xl:flex-row xl:items-center xl:justify-between">
        <div className="flex flex-wrap items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous week"
            onClick={() => goToWeek(addWeeks(weekStart, -1))}
          >
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
          <h2
            id={headingId}
            tabIndex={-1}
            className="whitespace-nowrap px-2 text-center font-semibold text-base outline-none sm:text-lg"
            aria-live="polite"
          >
            <span className="sr-only">Week of </span>
            {formatWeekRange(weekStart)}
          </h2>
          <Button
            variant="outline"
            size="icon"
            aria-label="Next week"
            onClick={() => goToWeek(addWeeks(weekStart, 1))}
          >
            <ChevronRightIcon aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="sm" disabled={isThisWeek} onClick={() => goToWeek(undefined)}>
            This week
          </Button>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => openAdd(isThisWeek ? today : weekStart)}>
            <PlusIcon aria-hidden="true" />
            Add Entry
          </Button>
          <Button variant="outline" onClick={() => copy.mutate()} disabled={copy.isPending}>
            <CopyIcon aria-hidden="true" />
            Copy Last Week
          </Button>
          <Button
            variant="outline"
            onClick={() => setConfirmingSubmit(true)}
            disabled={toSubmit === 0 || submit.isPending}
          >
            <SendIcon aria-hidden="true" />
            Submit Week
          </Button>
          <Button variant="outline" asChild>
            <a href={timeEntriesCsvUrl(tenantId, { ...range, userId: me.data?.id })} download>
              <DownloadIcon aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        </div>
      </div>

      <p className="text-sm" data-testid="week-totals">
        <span className="font-medium">Week total:</span> {formatTotalHours(totals.minutes)} ·{' '}
        {formatCents(totals.amountCents)}
        {toSubmit > 0 ? (
          <span className="text-muted-foreground"> · {countOf(toSubmit, 'entry', 'entries')} to submit</span>
        ) : null}
      </p>

      {entries.isError ? (
        <LoadError
          title="The week could not be loaded"
          error={entries.error}
          onRetry={() => void entries.refetch()}
        />
      ) : entries.isPending ? (
        <LoadingStatus>Loading the week...</LoadingStatus>
      ) : (
        <ol className="grid grid-cols-1 gap-2 lg:grid-cols-7" aria-label="Days of the week">
          {days.map((day) => (
            <li key={day.date} className="min-w-0">
              <section
                aria-label={longDayLabel(day.date)}
                className={`flex h-full min-w-0 flex-col gap-2 rounded-lg border p-2 ${day.date === today ? 'border-primary/60 bg-accent/30' : 'bg-muted/30'}`}
                data-testid="timesheet-day"
                data-date={day.date}
              >
                <header className="flex items-baseline justify-between gap-1 lg:flex-col lg:items-start">
                  <h3 className="font-medium text-sm">
                    {shortDayLabel(day.date)}
                    {day.date === today ? <span className="sr-only"> (today)</span> : null}
                  </h3>
                  <p className="text-muted-foreground text-xs tabular-nums" data-testid="day-totals">
                    {formatTotalHours(day.totals.minutes)} · {formatCents(day.totals.amountCents)}
                  </p>
                </header>
                {day.entries.length > 0 ? (
                  <ul className="flex flex-col gap-2">
                    {day.entries.map((entry) => (
                      <li key={entry.id}>
                        <TimeEntryCard entry={entry} onEdit={openEdit} onDelete={setDeleting} />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-muted-foreground text-xs">No entries</p>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-auto h-7 justify-start px-2 text-xs"
                  onClick={() => openAdd(day.date)}
                  aria-label={`Add time on ${longDayLabel(day.date)}`}
                >
                  <PlusIcon aria-hidden="true" />
                  Add
                </Button>
              </section>
            </li>
          ))}
        </ol>
      )}

      {editing ? (
        <TimeEntryDialog
          key={editing.kind === 'edit' ? editing.entry.id : `add-${editing.date}`}
          tenantId={tenantId}
          entry={editing.kind === 'edit' ? editing.entry : undefined}
          initialDate={editing.kind === 'add' ? editing.date : undefined}
          onClose={() => setEditing(null)}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this entry?"
        description={
          deleting ? `${entryWhen(deleting)} (${deleting.ndisTimeCodeDescription}) will be deleted.` : ''
        }
        cancelLabel="Cancel"
        isBusy={remove.isPending}
        onKeepEditing={() => setDeleting(null)}
        testId="delete-entry-confirm"
      >
        <Button
          variant="destructive"
          disabled={remove.isPending}
          onClick={() => deleting && remove.mutate(deleting)}
        >
          Delete Entry
        </Button>
      </ConfirmDialog>
      <ConfirmDialog
        open={isConfirmingSubmit}
        title="Submit this week?"
        description={`${countOf(toSubmit, 'draft or rejected entry', 'draft and rejected entries')} of ${formatWeekRange(weekStart)} will go to your team lead for approval. Submitted entries are locked.`}
        cancelLabel="Cancel"
        isBusy={submit.isPending}
        onKeepEditing={() => setConfirmingSubmit(false)}
        testId="submit-week-confirm"
      >
        <Button disabled={submit.isPending} onClick={() => submit.mutate()}>
          Submit Week
        </Button>
      </ConfirmDialog>
    </section>
  );
}
