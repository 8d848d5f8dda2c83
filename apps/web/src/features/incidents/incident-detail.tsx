import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  type Incident,
  type IncidentCategory,
  type IncidentSeverity,
  type IncidentStatus,
  incidentCategories,
  incidentCategoryLabels,
  incidentSeverities,
  incidentSeverityLabels,
  notAssessedLabel,
  type PatchIncidentInput,
  type ReportableCategory,
  reportableCategories,
  reportableCategoryLabels,
} from '@wattle/domain/incidents/schemas';
import { Trash2Icon } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { DeadlineBadge } from '@/features/deadlines/deadline-badge';
import { isApiError } from '@/lib/http';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { DateInput } from '@/ui/date-input';
import { dateFormatMessage, isIsoDate } from '@/ui/date-text';
import { DateTimeInput } from '@/ui/date-time-input';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/ui/sheet';
import { toast } from '@/ui/toast';
import {
  addIncidentAction,
  debriefIncident,
  deleteIncidentAction,
  incidentKeys,
  incidentQueryOptions,
  patchIncident,
  patchIncidentAction,
} from './api';
import { formatIncidentTime, fromLocalInput, toLocalInput } from './incident-format';

/**
 * One incident of the register in a side panel: its register fields (category, severity, status),
 * reportable with who became aware and when, the Commission notification and 5-day report with their
 * references and deadlines, follow-up actions, and links to its report card and debrief log. Those
 * who only read (auditors) see the same without the controls.
 */
export function IncidentDetail({
  tenantId,
  incidentId,
  timeZone,
  canWriteOn,
  onClose,
}: {
  tenantId: string;
  incidentId: string | null;
  timeZone: string;
  canWriteOn: (teamId: string) => boolean;
  onClose: () => void;
}) {
  const incident = useQuery({
    ...incidentQueryOptions(tenantId, incidentId ?? ''),
    enabled: incidentId !== null,
  });
  return (
    <Sheet open={incidentId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent
        side="right"
        className="w-full overflow-y-auto p-5 sm:max-w-xl"
        aria-describedby={undefined}
      >
        {incident.isPending ? (
          <>
            <SheetTitle>Incident</SheetTitle>
            <LoadingStatus>Loading the incident...</LoadingStatus>
          </>
        ) : incident.isError ? (
          <>
            <SheetTitle>Incident</SheetTitle>
            <LoadError
              title="Could not load the incident"
              error={incident.error}
              onRetry={() => void incident.refetch()}
            />
          </>
        ) : (
          <IncidentPanel
            key={incident.data.id}
            tenantId={tenantId}
            incident={incident.data}
            timeZone={timeZone}
            canWrite={canWriteOn(incident.data.team.id)}
          />
        )}
      </SheetContent>
    </Sheet>
  );
}

interface RegisterForm {
  category: IncidentCategory;
  /** Empty until someone assesses it. */
  severity: IncidentSeverity | '';
  status: IncidentStatus;
  behaviour: string;
  antecedent: string;
  reportable: boolean;
  reportableCategory: ReportableCategory | '';
  awareAt: string;
  notifiedAt: string;
  notificationReference: string;
  fiveDayReportAt: string;
  fiveDayReportReference: string;
}

function formOf(incident: Incident, timeZone: string): RegisterForm {
  return {
    category: incident.category,
    severity: incident.severity ?? '',
    status: incident.status,
    behaviour: incident.behaviour ?? '',
    antecedent: incident.antecedent ?? '',
    reportable: incident.reportable,
    reportableCategory: incident.reportableCategory ?? '',
    awareAt: toLocalInput(incident.awareAt, timeZone),
    notifiedAt: toLocalInput(incident.notifiedAt, timeZone),
    notificationReference: incident.notificationReference ?? '',
    fiveDayReportAt: toLocalInput(incident.fiveDayReportAt, timeZone),
    fiveDayReportReference: incident.fiveDayReportReference ?? '',
  };
}

/** Only what the form changed, as the PATCH body. */
function patchOf(
  incident: Incident,
  before: RegisterForm,
  form: RegisterForm,
  timeZone: string,
): PatchIncidentInput {
  const patch: PatchIncidentInput = { version: incident.version };
  if (form.category !== before.category) patch.category = form.category;
  if (form.severity && form.severity !== before.severity) patch.severity = form.severity;
  if (form.status !== before.status) patch.status = form.status;
  if (form.reportable !== before.reportable) patch.reportable = form.reportable;
  if (form.reportableCategory !== before.reportableCategory)
    patch.reportableCategory = form.reportableCategory || null;
  for (const field of ['awareAt', 'notifiedAt', 'fiveDayReportAt'] as const) {
    if (form[field] !== before[field]) patch[field] = fromLocalInput(form[field], timeZone);
  }
  for (const field of [
    'behaviour',
    'antecedent',
    'notificationReference',
    'fiveDayReportReference',
  ] as const) {
    if (form[field] !== before[field]) patch[field] = form[field].trim() || null;
  }
  return patch;
}

function IncidentPanel({
  tenantId,
  incident,
  timeZone,
  canWrite,
}: {
  tenantId: string;
  incident: Incident;
  timeZone: string;
  canWrite: boolean;
}) {
  const queryClient = useQueryClient();
  const saved = formOf(incident, timeZone);
  const [form, setForm] = useState<RegisterForm>(saved);
  const [error, setError] = useState<string | null>(null);
  const savedKey = JSON.stringify(saved);
  // A newer version (a save here, or someone else's through the live feed) resets the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved values are the trigger.
  useEffect(() => setForm(saved), [savedKey]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: incidentKeys.all(tenantId) });

  const save = useMutation({
    mutationFn: (patch: PatchIncidentInput) => patchIncident(tenantId, incident.id, patch),
    onSuccess: (updated) => {
      setError(null);
      queryClient.setQueryData(incidentKeys.detail(tenantId, incident.id), updated);
      void refresh();
      toast.success('Incident saved');
    },
    onError: (failure) => {
      if (isApiError(failure, 'CONFLICT')) {
        setError('Someone else changed this incident. Their version is shown; make your change again.');
        void refresh();
      } else setError(failure.message);
    },
  });
  const isDirty = JSON.stringify(form) !== savedKey;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A time half typed would read as none and clear a Commission date: say so and send nothing.
    const unreadable = (['awareAt', 'notifiedAt', 'fiveDayReportAt'] as const).some(
      (field) => form[field] !== '' && fromLocalInput(form[field], timeZone) === null,
    );
    if (unreadable) {
      setError(`${dateFormatMessage} and a time as hh:mm (24-hour).`);
      return;
    }
    save.mutate(patchOf(incident, saved, form, timeZone));
  };
  const set = <K extends keyof RegisterForm>(key: K, value: RegisterForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const notification = incident.deadlines.find((d) => d.kind === 'incident-notification');
  const report = incident.deadlines.find((d) => d.kind === 'incident-five-day-report');

  return (
    <div className="flex flex-col gap-5" data-testid="incident-detail">
      <div className="pr-8">
        <SheetTitle className="font-semibold text-lg">{incident.title}</SheetTitle>
        <SheetDescription className="text-muted-foreground text-sm">
          {incident.workItemId} · {incident.participant?.name ?? 'No participant'} · {incident.team.name} ·
          happened {formatIncidentTime(incident.occurredAt, timeZone)}
        </SheetDescription>
        <div className="mt-2 flex flex-wrap gap-3 text-sm">
          <Link
            to="/card/$cardId"
            params={{ cardId: incident.cardId }}
            className="underline underline-offset-4"
          >
            Open the incident report
          </Link>
          {incident.debrief ? (
            <Link
              to="/card/$cardId"
              params={{ cardId: incident.debrief.id }}
              className="underline underline-offset-4"
            >
              Open the debrief log ({incident.debrief.workItemId})
            </Link>
          ) : canWrite ? (
            <DebriefButton tenantId={tenantId} incidentId={incident.id} onDone={refresh} />
          ) : null}
        </div>
      </div>

      <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Register details">
        <fieldset disabled={!canWrite || save.isPending} className="flex flex-col gap-4">
          <div className="grid gap-3 sm:grid-cols-3">
            <Select
              id="incident-category"
              label="Category"
              value={form.category}
              options={incidentCategories.map((c) => [c, incidentCategoryLabels[c]])}
              onChange={(v) => set('category', v as IncidentCategory)}
            />
            <Select
              id="incident-severity"
              label="Severity"
              value={form.severity}
              options={incidentSeverities.map((s) => [s, incidentSeverityLabels[s]])}
              placeholder={incident.severity ? undefined : notAssessedLabel}
              onChange={(v) => set('severity', v as IncidentSeverity | '')}
            />
            <Select
              id="incident-status"
              label="Status"
              value={form.status}
              options={[
                ['open', 'Open'],
                ['closed', 'Closed'],
              ]}
              onChange={(v) => set('status', v as IncidentStatus)}
            />
          </div>

          <section className="flex flex-col gap-3 rounded-lg border p-3" aria-labelledby="incident-behaviour">
            <h3 id="incident-behaviour" className="font-medium text-sm">
              Behaviour
            </h3>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                id="incident-behaviour-text"
                label="Behaviour of concern"
                hint="What the person did, e.g. Shouting, throwing objects"
                value={form.behaviour}
                onChange={(v) => set('behaviour', v)}
              />
              <TextField
                id="incident-antecedent"
                label="Antecedent"
                hint="What happened just before, e.g. Unexpected change of room"
                value={form.antecedent}
                onChange={(v) => set('antecedent', v)}
              />
            </div>
            <p className="text-muted-foreground text-xs">
              Behaviour Analytics groups incidents by these words: use the same wording for the same
              behaviour.
            </p>
          </section>

          <section
            className="flex flex-col gap-3 rounded-lg border p-3"
            aria-labelledby="incident-commission"
          >
            <h3 id="incident-commission" className="font-medium text-sm">
              NDIS Commission
            </h3>
            <div className="flex items-center gap-2">
              <Checkbox
                id="incident-reportable"
                checked={form.reportable}
                onCheckedChange={(checked) => set('reportable', checked === true)}
              />
              <Label htmlFor="incident-reportable">Reportable incident</Label>
            </div>
            {form.reportable ? (
              <>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Select
                    id="incident-reportable-category"
                    label="Reportable category"
                    value={form.reportableCategory}
                    placeholder="Choose a category"
                    options={reportableCategories.map((c) => [c, reportableCategoryLabels[c]])}
                    onChange={(v) => set('reportableCategory', v as ReportableCategory | '')}
                  />
                  <TimeField
                    id="incident-aware-at"
                    label="Became aware"
                    hint={
                      incident.awareBy
                        ? `Recorded by ${incident.awareBy.name}`
                        : 'Empty: now, by you, when you save'
                    }
                    value={form.awareAt}
                    onChange={(v) => set('awareAt', v)}
                  />
                </div>
                <p className="text-muted-foreground text-xs">
                  Severity Low records that nobody was harmed: an unauthorised restrictive practice without
                  harm is notified within 5 business days, every other reportable incident within 24 hours.
                  Until its severity is assessed, an unauthorised restrictive practice is on the 24-hour
                  clock.
                </p>
                <CommissionStep
                  title="Notification"
                  deadline={notification}
                  idPrefix="incident-notified"
                  at={form.notifiedAt}
                  reference={form.notificationReference}
                  onAt={(v) => set('notifiedAt', v)}
                  onReference={(v) => set('notificationReference', v)}
                />
                <CommissionStep
                  title="5-day report"
                  deadline={report}
                  idPrefix="incident-five-day"
                  at={form.fiveDayReportAt}
                  reference={form.fiveDayReportReference}
                  onAt={(v) => set('fiveDayReportAt', v)}
                  onReference={(v) => set('fiveDayReportReference', v)}
                />
              </>
            ) : null}
          </section>
        </fieldset>
        {error ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-destructive text-sm"
            data-testid="incident-error"
          >
            {error}
          </p>
        ) : null}
        {canWrite ? (
          <div className="flex gap-2">
            <Button type="submit" disabled={!isDirty || save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
            <Button type="button" variant="outline" disabled={!isDirty} onClick={() => setForm(saved)}>
              Discard changes
            </Button>
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">
            You can read this incident; your role does not change it.
          </p>
        )}
      </form>

      <FollowUpActions tenantId={tenantId} incident={incident} canWrite={canWrite} onChange={refresh} />
    </div>
  );
}

function Select({
  id,
  label,
  value,
  options,
  placeholder,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function TextField({
  id,
  label,
  hint,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        maxLength={200}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {hint}
      </p>
    </div>
  );
}

function TimeField({
  id,
  label,
  hint,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <DateTimeInput
        id={id}
        value={value}
        onChange={onChange}
        timeLabel={`${label}: time`}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function CommissionStep({
  title,
  deadline,
  idPrefix,
  at,
  reference,
  onAt,
  onReference,
}: {
  title: string;
  deadline: Incident['deadlines'][number] | undefined;
  idPrefix: string;
  at: string;
  reference: string;
  onAt: (value: string) => void;
  onReference: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-2 border-t pt-3" data-testid={`${idPrefix}-step`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-medium text-sm">{title}</h4>
        {deadline ? <DeadlineBadge deadline={deadline} /> : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TimeField id={`${idPrefix}-at`} label={`${title} made`} value={at} onChange={onAt} />
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${idPrefix}-reference`}>{title} reference</Label>
          <Input
            id={`${idPrefix}-reference`}
            value={reference}
            maxLength={100}
            onChange={(event) => onReference(event.target.value)}
          />
        </div>
      </div>
    </div>
  );
}

function DebriefButton({
  tenantId,
  incidentId,
  onDone,
}: {
  tenantId: string;
  incidentId: string;
  onDone: () => void;
}) {
  const start = useMutation({
    mutationFn: () => debriefIncident(tenantId, incidentId, {}),
    onSuccess: () => {
      toast.success('Debrief log started');
      onDone();
    },
    onError: (failure) => toast.error(failure.message),
  });
  return (
    <Button
      type="button"
      variant="link"
      className="h-auto p-0"
      disabled={start.isPending}
      onClick={() => start.mutate()}
    >
      Start a debrief log
    </Button>
  );
}

function FollowUpActions({
  tenantId,
  incident,
  canWrite,
  onChange,
}: {
  tenantId: string;
  incident: Incident;
  canWrite: boolean;
  onChange: () => void;
}) {
  const [description, setDescription] = useState('');
  const [dueOn, setDueOn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => addIncidentAction(tenantId, incident.id, { description, dueOn: dueOn || null }),
    onSuccess: () => {
      setDescription('');
      setDueOn('');
      setError(null);
      onChange();
    },
    onError: (failure) => setError(failure.message),
  });
  const toggle = useMutation({
    mutationFn: ({ id, isDone }: { id: string; isDone: boolean }) =>
      patchIncidentAction(tenantId, incident.id, id, { isDone }),
    onSuccess: onChange,
    onError: (failure) => toast.error(failure.message),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteIncidentAction(tenantId, incident.id, id),
    onSuccess: onChange,
    onError: (failure) => toast.error(failure.message),
  });

  return (
    <section className="flex flex-col gap-3" aria-labelledby="incident-actions-heading">
      <h3 id="incident-actions-heading" className="font-medium text-sm">
        Follow-up actions
      </h3>
      {incident.actions.length === 0 ? (
        <p className="text-muted-foreground text-sm">No follow-up actions yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {incident.actions.map((action) => (
            <li
              key={action.id}
              className="flex items-start gap-2 rounded-md border p-2"
              data-testid="incident-action"
            >
              <Checkbox
                id={`action-${action.id}`}
                checked={action.doneAt !== null}
                disabled={!canWrite || toggle.isPending}
                onCheckedChange={(checked) => toggle.mutate({ id: action.id, isDone: checked === true })}
                aria-label={`Done: ${action.description}`}
              />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className={action.doneAt ? 'text-muted-foreground line-through' : undefined}>
                  {action.description}
                </span>
                <span className="text-muted-foreground text-xs">
                  {[
                    action.assignee?.name,
                    action.dueOn ? `due ${action.dueOn.split('-').reverse().join('/')}` : null,
                    action.doneAt ? 'done' : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              {canWrite ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${action.description}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(action.id)}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canWrite ? (
        <form
          className="flex flex-wrap items-end gap-2"
          aria-label="Add a follow-up action"
          onSubmit={(event) => {
            event.preventDefault();
            if (dueOn !== '' && !isIsoDate(dueOn)) {
              setError(dateFormatMessage);
              return;
            }
            add.mutate();
          }}
        >
          <div className="flex min-w-48 flex-1 flex-col gap-1.5">
            <Label htmlFor="incident-action-description">New action</Label>
            <Input
              id="incident-action-description"
              value={description}
              maxLength={500}
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="incident-action-due">Due</Label>
            <DateInput id="incident-action-due" value={dueOn} onChange={setDueOn} />
          </div>
          <Button type="submit" variant="outline" disabled={add.isPending}>
            Add action
          </Button>
          {error ? (
            <p className="w-full text-destructive text-sm" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
