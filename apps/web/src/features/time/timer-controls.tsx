import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { entrySavedMessage, type TimeEntry, timeEntryMessages } from '@wattle/domain/time/entries';
import {
  formatTimerElapsed,
  isLongTimer,
  type Timer,
  timerElapsedSeconds,
  timerMessages,
  timerRefreshMs,
} from '@wattle/domain/time/timer';
import { AlertCircleIcon, TimerIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { meQueryOptions } from '@/features/auth/api';
import { isApiError } from '@/lib/http';
import { useNow } from '@/lib/use-now';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/ui/dialog';
import { useDialogReturnFocus } from '@/ui/dialog-return-focus';
import { FormField } from '@/ui/form-field';
import { NativeSelect } from '@/ui/native-select';
import { toast } from '@/ui/toast';
import { startTimer, stopAndSaveTimer, timeCodesQueryOptions, useInvalidateTimeEntries } from './api';
import { readLastTimeCode, timerTimeCodeId } from './last-time-code';
import { localNow } from './local-now';
import { TimeEntryDialog } from './time-entry-dialog';
import { timeKeys } from './time-keys';
import type { TimerRequest } from './timer-events';
import { weekStartOf } from './timesheet-search';
import { useTenantClock } from './use-tenant-clock';

type View = { kind: 'closed' } | { kind: 'timer' } | { kind: 'entry'; entry: TimeEntry };

/**
 * The running timer (spec work section 2; issue 14 part 5): the header chip (mm:ss, every second,
 * hidden on phones), its dialog with the elapsed time, 'Go to Timesheet' and 'Stop & Save', and
 * Quick Add's Start Timer. Stop & Save makes a draft entry and opens it for a description; a timer
 * over 12 hours asks first.
 *
 * Start Timer starts at once, without asking anything: with the time code the person last saved an
 * entry with (else the tenant's default code) and no participant or card. Those are chosen in the
 * entry that opens after Stop & Save, when the person knows what the time was for.
 */
export function TimerControls({
  tenantId,
  timer,
  request,
  onRequestHandled,
}: {
  tenantId: string;
  timer: Timer | undefined;
  request: { kind: TimerRequest; at: number } | null;
  onRequestHandled: () => void;
}) {
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions());
  const invalidateEntries = useInvalidateTimeEntries(tenantId);
  const [view, setView] = useState<View>({ kind: 'closed' });
  // Focus goes back to what opened the timer (the chip, or Quick Add's button) when its dialogs close.
  const { remember, onCloseAutoFocus } = useDialogReturnFocus();
  const openTimer = () => {
    remember();
    setView({ kind: 'timer' });
  };
  const [isConfirmingLong, setConfirmingLong] = useState(false);
  const [stopError, setStopError] = useState<string | null>(null);
  // The server asked which time code to save under (the timer had none and the tenant no default).
  const [isCodeRequired, setCodeRequired] = useState(false);
  const [chosenCodeId, setChosenCodeId] = useState('');
  const clock = useTenantClock(tenantId);
  const isRunning = timer?.running === true && timer.startedAt !== null;

  const start = useMutation({
    mutationFn: async () => {
      let timeCodeId: string | null = null;
      try {
        const codes = await queryClient.fetchQuery(timeCodesQueryOptions(tenantId));
        timeCodeId = timerTimeCodeId(codes, me.data ? readLastTimeCode(tenantId, me.data.id) : undefined);
      } catch {
        // Without the codes the timer still starts; the entry asks for a code when it is saved.
      }
      return startTimer(tenantId, { timeCodeId });
    },
    onSuccess: (started) => {
      queryClient.setQueryData(timeKeys.timer(tenantId), started);
      toast.success('Timer started', { description: 'Open it from the header to stop and save it.' });
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: timeKeys.timer(tenantId) });
      if (isApiError(error, 'CONFLICT')) {
        toast.info(timerMessages.alreadyRunning);
        openTimer();
      } else {
        toast.error('The timer did not start', { description: error.message });
      }
    },
  });

  const stop = useMutation({
    mutationFn: (isLongTimerConfirmed: boolean) =>
      stopAndSaveTimer(tenantId, {
        isLongTimerConfirmed,
        ...(isCodeRequired && chosenCodeId ? { timeCodeId: chosenCodeId } : {}),
      }),
    onSuccess: ({ timer: stopped, entry }) => {
      queryClient.setQueryData(timeKeys.timer(tenantId), stopped);
      void invalidateEntries();
      setConfirmingLong(false);
      setStopError(null);
      setCodeRequired(false);
      toast.success(timeEntryMessages.savedTitle, { description: entrySavedMessage(entry.duration) });
      setView({ kind: 'entry', entry });
    },
    onError: (error) => {
      if (isApiError(error, 'LONG_TIMER')) {
        setConfirmingLong(true);
        return;
      }
      setConfirmingLong(false);
      if (isApiError(error, 'TIME_CODE_REQUIRED')) setCodeRequired(true);
      setStopError(error.message);
      void queryClient.invalidateQueries({ queryKey: timeKeys.timer(tenantId) });
    },
  });

  // Quick Add asked: start a timer (or show the one running), or open the dialog.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each request is handled once
  useEffect(() => {
    if (!request) return;
    onRequestHandled();
    if (request.kind === 'open' || isRunning) openTimer();
    else if (!start.isPending) start.mutate();
  }, [request]);

  // The timer stopped elsewhere (another tab): its dialog has nothing left to show.
  useEffect(() => {
    if (!isRunning && view.kind === 'timer' && !stop.isPending) setView({ kind: 'closed' });
  }, [isRunning, view.kind, stop.isPending]);

  const stopAndSave = () => {
    if (!timer?.startedAt) return;
    setStopError(null);
    if (isLongTimer(timer.startedAt, new Date())) setConfirmingLong(true);
    else stop.mutate(false);
  };

  return (
    <>
      {isRunning && timer?.startedAt ? <TimerChip startedAt={timer.startedAt} onOpen={openTimer} /> : null}
      {view.kind === 'timer' && timer?.startedAt ? (
        <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : setView({ kind: 'closed' }))}>
          <DialogContent size="small" data-testid="timer-dialog" onCloseAutoFocus={onCloseAutoFocus}>
            <DialogHeader>
              <DialogTitle>Timer</DialogTitle>
              <DialogDescription>
                Started at {localNow(clock.timeZone, new Date(timer.startedAt)).time}. Stop & Save makes it a
                draft time entry.
              </DialogDescription>
            </DialogHeader>
            <ElapsedTime startedAt={timer.startedAt} />
            {isCodeRequired ? (
              <TimerCodeField tenantId={tenantId} value={chosenCodeId} onChange={setChosenCodeId} />
            ) : null}
            {stopError ? (
              <Alert variant="destructive">
                <AlertCircleIcon aria-hidden="true" />
                <AlertTitle>The timer was not saved</AlertTitle>
                <AlertDescription>{stopError}</AlertDescription>
              </Alert>
            ) : null}
            <DialogFooter>
              <Button variant="outline" asChild>
                <Link
                  to="/timesheet"
                  search={{ week: weekStartOf(localNow(clock.timeZone, new Date(timer.startedAt)).date) }}
                  onClick={() => setView({ kind: 'closed' })}
                >
                  Go to Timesheet
                </Link>
              </Button>
              <Button onClick={stopAndSave} disabled={stop.isPending || (isCodeRequired && !chosenCodeId)}>
                Stop &amp; Save
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      ) : null}
      <ConfirmDialog
        open={isConfirmingLong && view.kind === 'timer'}
        title={timerMessages.longTimerTitle}
        description={timerMessages.longTimer(
          timer?.startedAt ? timerElapsedSeconds(timer.startedAt, new Date()) : 0,
        )}
        cancelLabel="Cancel"
        isBusy={stop.isPending}
        onKeepEditing={() => setConfirmingLong(false)}
        testId="long-timer-confirm"
      >
        <Button onClick={() => stop.mutate(true)} disabled={stop.isPending}>
          Save Entry
        </Button>
      </ConfirmDialog>
      {view.kind === 'entry' ? (
        <TimeEntryDialog
          tenantId={tenantId}
          entry={view.entry}
          description="The timer is saved as a draft entry. Add what you worked on."
          onClose={() => setView({ kind: 'closed' })}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      ) : null}
    </>
  );
}

/** mm:ss (h:mm:ss from an hour), renewed every second (spec work section 9: timer refresh 1 s). */
function useElapsed(startedAt: string): string {
  const now = useNow(timerRefreshMs);
  return formatTimerElapsed(timerElapsedSeconds(startedAt, now));
}

function TimerChip({ startedAt, onOpen }: { startedAt: string; onOpen: () => void }) {
  const elapsed = useElapsed(startedAt);
  return (
    <Button
      variant="outline"
      size="sm"
      // Hidden on phones (spec: "hidden on small screens"); Quick Add there shows the timer instead.
      className="hidden font-mono tabular-nums sm:inline-flex"
      onClick={onOpen}
      aria-label={`Timer running, ${elapsed}. Open the timer`}
      data-testid="timer-chip"
    >
      <TimerIcon aria-hidden="true" className="text-primary" />
      <span aria-hidden="true">{elapsed}</span>
    </Button>
  );
}

function ElapsedTime({ startedAt }: { startedAt: string }) {
  const elapsed = useElapsed(startedAt);
  return (
    <p className="text-center font-mono font-semibold text-4xl tabular-nums" data-testid="timer-elapsed">
      <span className="sr-only">Elapsed time </span>
      {elapsed}
    </p>
  );
}

/** The time code to save the timer under, when it has none (only active codes can be chosen). */
function TimerCodeField({
  tenantId,
  value,
  onChange,
}: {
  tenantId: string;
  value: string;
  onChange: (timeCodeId: string) => void;
}) {
  const codes = useQuery(timeCodesQueryOptions(tenantId));
  const id = useId();
  return (
    <FormField id={id} label="Time code" isRequired>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Choose a time code</option>
        {(codes.data ?? []).map((code) => (
          <option key={code.id} value={code.id} disabled={!code.isActive}>
            {code.code} · {code.description}
            {code.isActive ? '' : ' (inactive)'}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
