import { useMutation, useQuery } from '@tanstack/react-query';
import { formatCents } from '@wattle/domain/participants/plans';
import {
  entrySavedMessage,
  formatDuration,
  type TimeEntry,
  timeEntryMessages,
} from '@wattle/domain/time/entries';
import { type TimeCode, timeCodeCategories, timeCodeCategoryLabels } from '@wattle/domain/time/time-codes';
import { AlertCircleIcon, CheckCircle2Icon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { meQueryOptions } from '@/features/auth/api';
import { ParticipantPicker } from '@/features/participants/participant-picker';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { DateInput } from '@/ui/date-input';
import { FormField, fieldAria, textareaClass } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { Switch } from '@/ui/switch';
import { TimeInput } from '@/ui/time-input';
import { toast } from '@/ui/toast';
import {
  createTimeEntry,
  entryCardsQueryOptions,
  timeCodesQueryOptions,
  updateTimeEntry,
  useInvalidateTimeEntries,
} from './api';
import { type EntryFailure, entryFailure } from './entry-errors';
import {
  addToStart,
  defaultEntryValues,
  defaultTimeCodeId,
  durationOf,
  type EntryFormValues,
  endNow,
  entryValues,
  quickDurations,
  saveAndNewValues,
  startNow,
  timesIssue,
  toCreateInput,
  toUpdateInput,
} from './entry-form-values';
import { entryWhen } from './entry-when';
import { rememberTimeCode } from './last-time-code';
import { useTenantClock } from './use-tenant-clock';

/** The spec's toast for an end not after the start (work section 8); one at a time, never stacked. */
export function toastInvalidRange(): void {
  toast.error(timeEntryMessages.invalidRangeTitle, {
    id: 'invalid-time-range',
    description: timeEntryMessages.invalidRange,
  });
}

/**
 * The Add Manual Time Entry dialog's form (spec work section 2), or the same form editing an entry
 * (the timesheet's Edit, the entry a stopped timer made). It waits for the tenant's time codes and
 * time zone, so the defaults it starts from are the right ones.
 */
export function TimeEntryForm(props: {
  tenantId: string;
  /** The entry to edit; a new entry when left out. */
  entry?: TimeEntry;
  /** A new entry's date (the timesheet's day); today in the tenant's time zone otherwise. */
  initialDate?: string;
  onDone: (saved: TimeEntry | null) => void;
}) {
  const codes = useQuery(timeCodesQueryOptions(props.tenantId));
  const clock = useTenantClock(props.tenantId);
  if (codes.isError) {
    return (
      <LoadError
        title="The time codes could not be loaded"
        error={codes.error}
        onRetry={() => void codes.refetch()}
      />
    );
  }
  if (!codes.data || !clock.isReady) return <LoadingStatus>Loading time codes...</LoadingStatus>;
  return <EntryFormFields {...props} codes={codes.data} now={clock.now} />;
}

function EntryFormFields({
  tenantId,
  entry,
  initialDate,
  codes,
  now,
  onDone,
}: {
  tenantId: string;
  entry?: TimeEntry;
  initialDate?: string;
  codes: TimeCode[];
  now: () => { date: string; time: string };
  onDone: (saved: TimeEntry | null) => void;
}) {
  const isEdit = entry !== undefined;
  const [values, setValues] = useState<EntryFormValues>(() =>
    entry ? entryValues(entry) : defaultEntryValues(initialDate ?? now().date, defaultTimeCodeId(codes)),
  );
  const [failure, setFailure] = useState<EntryFailure | null>(null);
  const [lastSaved, setLastSaved] = useState<TimeEntry | null>(null);
  // One key per entry being added: a retry after a lost answer never adds it twice.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const invalidate = useInvalidateTimeEntries(tenantId);
  const me = useQuery(meQueryOptions());
  const startRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;

  const duration = durationOf(values);
  const canSave = duration > 0;
  const hasActiveCode = codes.some((code) => code.isActive);

  const set = (changes: Partial<EntryFormValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    // A field the server refused clears once it is changed.
    if (failure) {
      const fields = { ...failure.fields };
      for (const key of Object.keys(changes)) delete fields[key];
      if (changes.endsNextDay !== undefined) delete fields.endTime;
      setFailure({ ...failure, fields });
    }
  };

  /** Quick buttons and the end field: an end not after the start gets the spec's toast. */
  const setTimes = (next: EntryFormValues) => {
    set({ date: next.date, startTime: next.startTime, endTime: next.endTime, endsNextDay: next.endsNextDay });
    if (timesIssue(next) === timeEntryMessages.invalidRange) toastInvalidRange();
  };

  const save = useMutation({
    mutationFn: async ({ isSaveAndNew }: { isSaveAndNew: boolean }) => {
      const saved = entry
        ? await updateTimeEntry(tenantId, entry.id, toUpdateInput(values, entry.version))
        : await createTimeEntry(tenantId, toCreateInput(values), idempotencyKey);
      return { saved, isSaveAndNew };
    },
    onSuccess: ({ saved, isSaveAndNew }) => {
      if (me.data) rememberTimeCode(tenantId, me.data.id, saved.timeCodeId);
      toast.success(isEdit ? 'Entry Updated' : timeEntryMessages.savedTitle, {
        description: entrySavedMessage(saved.duration, isSaveAndNew),
      });
      setFailure(null);
      if (isSaveAndNew) {
        setLastSaved(saved);
        setValues(saveAndNewValues(values));
        setIdempotencyKey(crypto.randomUUID());
        startRef.current?.focus();
      } else {
        onDone(saved);
      }
    },
    onError: (error) => setFailure(entryFailure(error)),
    onSettled: invalidate,
  });

  const submit = (isSaveAndNew: boolean) => {
    if (save.isPending) return;
    // Nothing is saved with the end before the start (spec work section 5).
    if (timesIssue(values) === timeEntryMessages.invalidRange) {
      toastInvalidRange();
      return;
    }
    if (!canSave) return;
    save.mutate({ isSaveAndNew });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(false);
  };

  // Enter in a field saves; with the end before the start the disabled buttons would swallow it, so
  // it says why instead.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || target.tagName !== 'INPUT') return;
    if (!canSave) {
      event.preventDefault();
      if (timesIssue(values) === timeEntryMessages.invalidRange) toastInvalidRange();
    }
  };

  const fieldError = (name: string) => failure?.fields[name];

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
      <FormField id={fieldId('date')} label="Date" isRequired error={fieldError('date')}>
        <DateInput
          id={fieldId('date')}
          required
          value={values.date}
          onChange={(date) => set({ date })}
          {...fieldAria(fieldId('date'), { error: fieldError('date'), isRequired: true })}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id={fieldId('start')} label="Start time" isRequired error={fieldError('startTime')}>
          <TimeInput
            ref={startRef}
            id={fieldId('start')}
            required
            value={values.startTime}
            onChange={(startTime) => set({ startTime })}
            {...fieldAria(fieldId('start'), { error: fieldError('startTime'), isRequired: true })}
          />
        </FormField>
        <FormField id={fieldId('end')} label="End time" isRequired error={fieldError('endTime')}>
          <TimeInput
            id={fieldId('end')}
            required
            value={values.endTime}
            onChange={(endTime) => set({ endTime })}
            onBlur={() => {
              if (timesIssue(values) === timeEntryMessages.invalidRange) toastInvalidRange();
            }}
            {...fieldAria(fieldId('end'), { error: fieldError('endTime'), isRequired: true })}
          />
        </FormField>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={fieldId('next-day')}
          checked={values.endsNextDay}
          onCheckedChange={(checked) => set({ endsNextDay: checked === true })}
        />
        <Label htmlFor={fieldId('next-day')} className="font-normal">
          Ends next day
        </Label>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Quick times</legend>
        <div className="flex flex-wrap gap-1.5">
          <Button type="button" variant="outline" size="sm" onClick={() => setTimes(startNow(values, now()))}>
            Start Now
          </Button>
          {quickDurations.map(({ label, minutes }) => (
            <Button
              key={label}
              type="button"
              variant="outline"
              size="sm"
              aria-label={`End ${label.slice(1)} after the start`}
              onClick={() => setTimes(addToStart(values, minutes))}
            >
              {label}
            </Button>
          ))}
          <Button type="button" variant="outline" size="sm" onClick={() => setTimes(endNow(values, now()))}>
            End Now
          </Button>
        </div>
      </fieldset>
      <p className="font-medium text-sm" aria-live="polite" data-testid="entry-duration">
        {formatDuration(duration)}
      </p>

      <div className="flex min-w-0 flex-col gap-1.5">
        <span id={fieldId('participant-label')} className="font-medium text-sm leading-none">
          Participant <span className="font-normal text-muted-foreground">(optional)</span>
        </span>
        <ParticipantPicker
          tenantId={tenantId}
          participantId={values.participantId}
          participantName={values.participantName}
          disabled={false}
          canOpen={false}
          labelledBy={fieldId('participant-label')}
          onChange={(participantId, participantName) => set({ participantId, participantName, cardId: null })}
        />
      </div>
      <RelatedCardField
        tenantId={tenantId}
        id={fieldId('card')}
        participantId={values.participantId}
        cardId={values.cardId}
        currentTitle={entry && entry.cardId === values.cardId ? entry.cardTitle : null}
        error={fieldError('cardId')}
        onChange={(cardId) => set({ cardId })}
      />
      <FormField id={fieldId('code')} label="Time code" isRequired error={fieldError('timeCodeId')}>
        <NativeSelect
          id={fieldId('code')}
          value={values.timeCodeId}
          onChange={(event) => set({ timeCodeId: event.target.value })}
          {...fieldAria(fieldId('code'), { error: fieldError('timeCodeId'), isRequired: true })}
        >
          {values.timeCodeId === '' ? <option value="">Choose a time code</option> : null}
          {timeCodeCategories.map((category) => {
            const ofCategory = codes.filter((code) => code.category === category);
            if (ofCategory.length === 0) return null;
            return (
              <optgroup key={category} label={timeCodeCategoryLabels[category]}>
                {ofCategory.map((code) => (
                  <option key={code.id} value={code.id} disabled={!code.isActive}>
                    {code.code} · {code.description}
                    {code.isActive ? '' : ' (inactive)'}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </NativeSelect>
      </FormField>
      {hasActiveCode ? null : (
        <p className="text-destructive text-sm">
          There are no active time codes yet. An admin adds them in Settings → Rates.
        </p>
      )}
      <FormField id={fieldId('description')} label="Description" error={fieldError('description')}>
        <textarea
          id={fieldId('description')}
          className={textareaClass}
          placeholder="What did you work on?"
          maxLength={2000}
          value={values.description}
          onChange={(event) => set({ description: event.target.value })}
          {...fieldAria(fieldId('description'), { error: fieldError('description') })}
        />
      </FormField>
      <FormField id={fieldId('location')} label="Location (optional)" error={fieldError('location')}>
        <Input
          id={fieldId('location')}
          maxLength={200}
          value={values.location}
          onChange={(event) => set({ location: event.target.value })}
          {...fieldAria(fieldId('location'), { error: fieldError('location') })}
        />
      </FormField>
      <div className="flex items-center gap-2">
        <Switch
          id={fieldId('travel')}
          checked={values.isTravel}
          onCheckedChange={(isTravel) => set({ isTravel })}
        />
        <Label htmlFor={fieldId('travel')} className="font-normal">
          This includes travel time
        </Label>
      </div>

      {failure && (failure.message || Object.keys(failure.fields).length > 0) ? (
        <Alert variant="destructive" data-testid="entry-error">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>The entry was not saved</AlertTitle>
          <AlertDescription>{failure.message ?? 'Check the fields marked above.'}</AlertDescription>
        </Alert>
      ) : null}
      {lastSaved ? <SavedEntrySummary entry={lastSaved} /> : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={() => onDone(null)}>
          Cancel
        </Button>
        {isEdit ? null : (
          <Button
            type="button"
            variant="secondary"
            disabled={!canSave || save.isPending}
            onClick={() => submit(true)}
          >
            Save &amp; New
          </Button>
        )}
        <Button type="submit" disabled={!canSave || save.isPending}>
          {isEdit ? 'Save Changes' : 'Save Entry'}
        </Button>
      </div>
    </form>
  );
}

/** What the pricing rules made of the entry just saved: its support item, price and amount. */
export function SavedEntrySummary({ entry }: { entry: TimeEntry }) {
  return (
    <Alert data-testid="saved-entry-summary">
      <CheckCircle2Icon aria-hidden="true" />
      <AlertTitle>Saved {entryWhen(entry)}</AlertTitle>
      <AlertDescription>
        <p>
          {entry.supportItemNumber} {entry.supportItemName}: {formatCents(entry.unitPriceCents)} an hour,{' '}
          {formatCents(entry.amountCents)}
        </p>
        {entry.notices.map((notice) => (
          <p key={notice}>{notice}</p>
        ))}
      </AlertDescription>
    </Alert>
  );
}

/** The optional related card: the participant's cards, else those assigned to the caller. */
function RelatedCardField({
  tenantId,
  id,
  participantId,
  cardId,
  currentTitle,
  error,
  onChange,
}: {
  tenantId: string;
  id: string;
  participantId: string | null;
  cardId: string | null;
  currentTitle: string | null;
  error: string | undefined;
  onChange: (cardId: string | null) => void;
}) {
  const me = useQuery(meQueryOptions());
  const cards = useQuery(
    entryCardsQueryOptions(tenantId, participantId ? { participantId } : { assigneeId: me.data?.id }),
  );
  const options = cards.data ?? [];
  const isCurrentListed = !cardId || options.some((card) => card.id === cardId);
  return (
    <FormField
      id={id}
      label="Related card (optional)"
      hint={participantId ? "The participant's cards" : 'Cards assigned to you'}
      error={error ?? (cards.isError ? 'The cards could not be loaded.' : undefined)}
    >
      <NativeSelect
        id={id}
        value={cardId ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        {...fieldAria(id, { hint: true, error })}
      >
        <option value="">No card</option>
        {isCurrentListed ? null : <option value={cardId ?? ''}>{currentTitle ?? 'The linked card'}</option>}
        {options.map((card) => (
          <option key={card.id} value={card.id}>
            {card.title || 'Untitled card'}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
