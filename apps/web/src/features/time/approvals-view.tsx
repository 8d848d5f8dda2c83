import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { can } from '@wattle/domain/auth/permissions';
import { formatCents } from '@wattle/domain/participants/plans';
import type { TimeEntry } from '@wattle/domain/time/entries';
import { CheckCheckIcon, CheckIcon, XIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { meQueryOptions } from '@/features/auth/api';
import { tenantWideRole } from '@/features/participants/participant-access';
import { teamsQueryOptions } from '@/features/teams/api';
import { useCurrentTenant } from '@/features/tenants/api';
import { Button } from '@/ui/button';
import { useDialogReturnFocus } from '@/ui/dialog-return-focus';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { toast } from '@/ui/toast';
import {
  approveTimeEntries,
  timeEntriesQueryOptions,
  useEntryDecision,
  useInvalidateTimeEntries,
} from './api';
import { entryWhen } from './entry-when';
import { RejectEntryDialog } from './reject-entry-dialog';
import { formatTotalHours, formatWeekRange, groupByPersonAndWeek } from './week';

/**
 * The team lead's (and admin's) approvals (issue 14 part 6): the submitted entries of the teams they
 * approve time for, by person and week, with Approve, Approve all (the person's week) and Reject
 * (asking a reason the worker then sees). Entries leave the list as they are decided.
 */
export function ApprovalsView({ tenantId }: { tenantId: string }) {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { tenant } = useCurrentTenant();
  const teams = useQuery(teamsQueryOptions(tenantId));
  const approvableTeams = (teams.data ?? []).filter((team) => can(team.myRole, 'approve:time'));
  const [teamId, setTeamId] = useState('');
  const entries = useQuery(
    timeEntriesQueryOptions(tenantId, { status: 'submitted', ...(teamId ? { teamId } : {}) }),
  );
  const invalidate = useInvalidateTimeEntries(tenantId);
  const decision = useEntryDecision(tenantId);
  const [rejecting, setRejecting] = useState<TimeEntry | null>(null);
  const [rejectError, setRejectError] = useState<string | null>(null);
  const { remember, onCloseAutoFocus } = useDialogReturnFocus();
  const wasRejected = useRef(false);
  const headingId = useId();
  const teamFilterId = useId();
  // A decided entry leaves the list, and its buttons with it: focus goes back to the heading.
  const focusHeading = () => requestAnimationFrame(() => document.getElementById(headingId)?.focus());

  const approveAll = useMutation({
    mutationFn: (ids: string[]) => approveTimeEntries(tenantId, ids),
    onSuccess: ({ approved }) => {
      toast.success('Entries approved', {
        description: `${approved} ${approved === 1 ? 'entry' : 'entries'} approved.`,
      });
      focusHeading();
    },
    onError: (error) => toast.error('The entries were not approved', { description: error.message }),
    onSettled: invalidate,
  });

  const approve = (entry: TimeEntry) =>
    decision.mutate(
      { id: entry.id, approve: true },
      {
        onSuccess: () => {
          toast.success('Entry approved', { description: `${entry.userName}, ${entryWhen(entry)}.` });
          focusHeading();
        },
        onError: (error) => toast.error('The entry was not approved', { description: error.message }),
      },
    );

  const reject = (entry: TimeEntry, reason: string) =>
    decision.mutate(
      { id: entry.id, approve: false, reason },
      {
        onSuccess: () => {
          toast.success('Entry rejected', { description: `${entry.userName} will see your reason.` });
          wasRejected.current = true;
          setRejecting(null);
          setRejectError(null);
        },
        onError: (error) => setRejectError(error.message),
      },
    );

  // A team lead never approves their own time (the server refuses it); tenant admins may, so a
  // provider of one admin can still invoice. The list reads the caller's own too: leave them out.
  const approvesOwn = can(tenantWideRole(me.platformRole, tenant.role), 'approve:time');
  const groups = groupByPersonAndWeek(
    (entries.data ?? []).filter((entry) => approvesOwn || entry.userId !== me.id),
  );
  const isBusy = decision.isPending || approveAll.isPending;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={headingId} tabIndex={-1} className="font-semibold text-lg outline-none">
          Submitted for approval
        </h2>
        {approvableTeams.length > 1 ? (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={teamFilterId}>Team</Label>
            <NativeSelect
              id={teamFilterId}
              value={teamId}
              onChange={(event) => setTeamId(event.target.value)}
            >
              <option value="">All my teams</option>
              {approvableTeams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
      </div>

      {entries.isError ? (
        <LoadError
          title="The submitted entries could not be loaded"
          error={entries.error}
          onRetry={() => void entries.refetch()}
        />
      ) : entries.isPending ? (
        <LoadingStatus>Loading submitted entries...</LoadingStatus>
      ) : groups.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
          Nothing is waiting for approval.
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {groups.flatMap((person) =>
            person.weeks.map((week) => {
              const label = `${person.userName}, week of ${formatWeekRange(week.weekStart)}`;
              return (
                <li key={`${person.userId}-${week.weekStart}`}>
                  <section
                    aria-label={label}
                    className="flex flex-col gap-2 rounded-lg border p-3"
                    data-testid="approval-group"
                  >
                    <header className="flex flex-wrap items-center justify-between gap-2">
                      <div className="min-w-0">
                        <h3 className="font-medium">{person.userName}</h3>
                        <p className="text-muted-foreground text-sm">
                          {formatWeekRange(week.weekStart)} · {formatTotalHours(week.totals.minutes)} ·{' '}
                          {formatCents(week.totals.amountCents)}
                        </p>
                      </div>
                      <Button
                        size="sm"
                        disabled={isBusy}
                        onClick={() => approveAll.mutate(week.entries.map((entry) => entry.id))}
                        aria-label={`Approve all: ${label}`}
                      >
                        <CheckCheckIcon aria-hidden="true" />
                        Approve all
                      </Button>
                    </header>
                    <ul className="flex flex-col divide-y">
                      {week.entries.map((entry) => (
                        <li
                          key={entry.id}
                          className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between"
                          data-testid="approval-entry"
                        >
                          <div className="min-w-0 text-sm">
                            <p className="font-medium">{entryWhen(entry)}</p>
                            <p className="break-words text-muted-foreground">
                              {entry.ndisTimeCodeDescription} · {entry.supportItemNumber}
                              {entry.participantName ? ` · ${entry.participantName}` : ''}
                            </p>
                            {entry.description ? <p className="break-words">{entry.description}</p> : null}
                          </div>
                          <div className="flex shrink-0 items-center gap-2">
                            <span className="font-medium text-sm tabular-nums">
                              {formatCents(entry.amountCents)}
                            </span>
                            <Button
                              size="sm"
                              variant="outline"
                              disabled={isBusy}
                              onClick={() => approve(entry)}
                              aria-label={`Approve ${entryWhen(entry)}`}
                            >
                              <CheckIcon aria-hidden="true" />
                              Approve
                            </Button>
                            <Button
                              size="sm"
                              variant="outline"
                              className="text-destructive hover:text-destructive"
                              disabled={isBusy}
                              onClick={() => {
                                remember();
                                setRejectError(null);
                                setRejecting(entry);
                              }}
                              aria-label={`Reject ${entryWhen(entry)}`}
                            >
                              <XIcon aria-hidden="true" />
                              Reject
                            </Button>
                          </div>
                        </li>
                      ))}
                    </ul>
                  </section>
                </li>
              );
            }),
          )}
        </ul>
      )}

      {rejecting ? (
        <RejectEntryDialog
          entry={rejecting}
          isBusy={decision.isPending}
          error={rejectError}
          onReject={(reason) => reject(rejecting, reason)}
          onClose={() => setRejecting(null)}
          onCloseAutoFocus={(event) => {
            // Rejected: its row is leaving the list, so the heading takes focus; cancelled: back to Reject.
            if (wasRejected.current) {
              wasRejected.current = false;
              event.preventDefault();
              focusHeading();
            } else {
              onCloseAutoFocus(event);
            }
          }}
        />
      ) : null}
    </section>
  );
}
