import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { can } from '@wattle/domain/auth/permissions';
import { formatMinutes, instantOnClock, shortDate } from '@wattle/domain/restrictive-practices/rules';
import {
  CreateUseSchema,
  type LoggedUse,
  type PracticeType,
  practiceTypeLabels,
  practiceTypes,
} from '@wattle/domain/restrictive-practices/schemas';
import type { Team } from '@wattle/domain/teams/schemas';
import { localDateTime } from '@wattle/domain/time/timer';
import { AlertCircleIcon, ClipboardPlusIcon, SirenIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { localNow } from '@/features/time/local-now';
import { validationIssues } from '@/lib/http';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { DateInput } from '@/ui/date-input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/ui/dialog';
import { FormField, fieldAria, textareaClass } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { NativeSelect } from '@/ui/native-select';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SectionCard } from '@/ui/section-card';
import { TimeInput } from '@/ui/time-input';
import { toast } from '@/ui/toast';
import { logUse, restrictivePracticeKeys, usesQueryOptions } from './api';

/** The log: every use, newest first; "Log a use" for the team's care staff. */
export function LogSection({
  tenantId,
  team,
  participantId,
  timeZone,
}: {
  tenantId: string;
  team: Team;
  participantId: string;
  timeZone: string | undefined;
}) {
  const uses = useQuery(usesQueryOptions(tenantId, participantId));
  const canRecord = team.status === 'active' && can(team.myRole, 'record:restrictive-practices');
  const [isLogging, setIsLogging] = useState(false);
  // The last use logged here that raised an incident: said plainly until dismissed.
  const [raised, setRaised] = useState<LoggedUse | null>(null);
  const when = (iso: string) => {
    const at = timeZone
      ? localDateTime(new Date(iso), timeZone)
      : { date: iso.slice(0, 10), time: iso.slice(11, 16) };
    return `${shortDate(at.date)} ${at.time}`;
  };

  return (
    <SectionCard
      title="Log of uses"
      description="Every use of a restrictive practice: when, for how long, who used it and why. A use with no authorisation in force that day is a reportable incident."
    >
      <div className="flex flex-col gap-3" data-testid="rp-log">
        {raised?.incident ? (
          <Alert variant="destructive" data-testid="rp-incident-raised">
            <SirenIcon aria-hidden="true" />
            <AlertTitle>A reportable incident was raised</AlertTitle>
            <AlertDescription>
              <p>
                This {practiceTypeLabels[raised.practiceType].toLowerCase()} was not authorised, so it was
                recorded as the reportable incident “{raised.incident.title}”. The Commission must be notified
                within 24 hours; the organisation's owners and admins have been told.
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button asChild size="sm" variant="outline">
                  <Link to="/incidents">Open the incident register</Link>
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setRaised(null)}>
                  Dismiss
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        ) : null}
        {canRecord ? (
          <div>
            <Button size="sm" onClick={() => setIsLogging(true)}>
              <ClipboardPlusIcon aria-hidden="true" />
              Log a use
            </Button>
          </div>
        ) : null}
        {uses.isPending ? (
          <LoadingStatus>Loading the log...</LoadingStatus>
        ) : uses.isError ? (
          <LoadError
            title="The log could not be loaded"
            error={uses.error}
            onRetry={() => void uses.refetch()}
          />
        ) : uses.data.data.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
            No use of a restrictive practice has been logged.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="py-2 pr-3 font-medium">When</th>
                  <th className="py-2 pr-3 font-medium">Practice</th>
                  <th className="py-2 pr-3 font-medium">How long</th>
                  <th className="py-2 pr-3 font-medium">Used by</th>
                  <th className="py-2 pr-3 font-medium">Why</th>
                  <th className="py-2 font-medium">Authorised</th>
                </tr>
              </thead>
              <tbody>
                {uses.data.data.map((use) => (
                  <tr key={use.id} className="border-t align-top" data-testid="rp-use-row">
                    <td className="whitespace-nowrap py-2 pr-3">{when(use.startedAt)}</td>
                    <td className="py-2 pr-3">{practiceTypeLabels[use.practiceType]}</td>
                    <td className="whitespace-nowrap py-2 pr-3">{formatMinutes(use.durationMinutes)}</td>
                    <td className="py-2 pr-3">{use.usedBy?.name ?? '—'}</td>
                    <td className="py-2 pr-3">
                      <div>{use.reason}</div>
                      {use.behaviour ? (
                        <div className="text-muted-foreground text-xs">Behaviour: {use.behaviour}</div>
                      ) : null}
                      {use.antecedent ? (
                        <div className="text-muted-foreground text-xs">Antecedent: {use.antecedent}</div>
                      ) : null}
                    </td>
                    <td className="py-2">
                      {use.authorised ? (
                        <Badge variant="success">
                          Yes{use.authorisationReference ? ` · ${use.authorisationReference}` : ''}
                        </Badge>
                      ) : (
                        <div className="flex flex-col gap-1">
                          <Badge className="border-transparent bg-red-50 text-red-800">Not authorised</Badge>
                          {use.incidentId ? (
                            <Link to="/incidents" className="text-xs underline">
                              Reportable incident
                            </Link>
                          ) : null}
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {isLogging ? (
        <LogUseDialog
          tenantId={tenantId}
          team={team}
          participantId={participantId}
          timeZone={timeZone}
          onClose={() => setIsLogging(false)}
          onLogged={(logged) => {
            setIsLogging(false);
            if (logged.incident) setRaised(logged);
            else toast.success('Use logged: it was authorised');
          }}
        />
      ) : null}
    </SectionCard>
  );
}

interface Draft {
  practiceType: PracticeType;
  date: string;
  time: string;
  durationMinutes: string;
  usedBy: string;
  reason: string;
  behaviour: string;
  antecedent: string;
}

function LogUseDialog({
  tenantId,
  team,
  participantId,
  timeZone,
  onClose,
  onLogged,
}: {
  tenantId: string;
  team: Team;
  participantId: string;
  timeZone: string | undefined;
  onClose: () => void;
  onLogged: (use: LoggedUse) => void;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const now = localNow(timeZone);
  const staff = team.members.filter((m) => m.role !== 'Family Guardian');
  const [draft, setDraft] = useState<Draft>({
    practiceType: 'physical',
    date: now.date,
    time: now.time,
    durationMinutes: '',
    usedBy: '',
    reason: '',
    behaviour: '',
    antecedent: '',
  });
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof logUse>[1]) => logUse(tenantId, body),
    onSuccess: (logged) => {
      void queryClient.invalidateQueries({ queryKey: restrictivePracticeKeys.all(tenantId) });
      onLogged(logged);
    },
    onError: (failure) => {
      setIssues(Object.fromEntries(validationIssues(failure).map((i) => [String(i.path[0]), i.message])));
      setError(failure.message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!draft.date) found.date = 'Enter the date it started';
    if (!/^\d{2}:\d{2}$/.test(draft.time)) found.time = 'Enter the time it started';
    const parsed = CreateUseSchema.safeParse({
      participantId,
      practiceType: draft.practiceType,
      startedAt:
        draft.date && !found.time
          ? instantOnClock(draft.date, draft.time, timeZone ?? 'Australia/Sydney')
          : '',
      durationMinutes: draft.durationMinutes === '' ? undefined : Number(draft.durationMinutes),
      usedBy: draft.usedBy || null,
      reason: draft.reason,
      behaviour: draft.behaviour,
      antecedent: draft.antecedent,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        if (key !== 'startedAt') found[key] ??= issue.message;
      }
    }
    setIssues(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    setError(null);
    save.mutate(parsed.data);
  };
  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const f = (name: string) => `${id}-${name}`;
  const startIssue = issues.startedAt;

  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen || save.isPending ? undefined : onClose())}>
      <DialogContent size="medium">
        <DialogHeader>
          <DialogTitle>Log a use of a restrictive practice</DialogTitle>
          <DialogDescription>
            Record it as soon as you can. If no authorisation for this practice is in force that day, a
            reportable incident is raised straight away.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <FormField id={f('practiceType')} label="Practice" isRequired error={issues.practiceType}>
            <NativeSelect
              id={f('practiceType')}
              value={draft.practiceType}
              onChange={(e) => set('practiceType')(e.target.value)}
            >
              {practiceTypes.map((type) => (
                <option key={type} value={type}>
                  {practiceTypeLabels[type]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField id={f('date')} label="Date" isRequired error={issues.date ?? startIssue}>
              <DateInput
                id={f('date')}
                value={draft.date}
                onChange={set('date')}
                {...fieldAria(f('date'), { error: issues.date ?? startIssue, isRequired: true })}
              />
            </FormField>
            <FormField id={f('time')} label="Start time" isRequired error={issues.time}>
              <TimeInput
                id={f('time')}
                value={draft.time}
                onChange={set('time')}
                {...fieldAria(f('time'), { error: issues.time, isRequired: true })}
              />
            </FormField>
            <FormField id={f('durationMinutes')} label="Minutes" isRequired error={issues.durationMinutes}>
              <Input
                id={f('durationMinutes')}
                type="number"
                inputMode="numeric"
                min={0}
                max={1440}
                value={draft.durationMinutes}
                onChange={(e) => set('durationMinutes')(e.target.value)}
                {...fieldAria(f('durationMinutes'), { error: issues.durationMinutes, isRequired: true })}
              />
            </FormField>
          </div>
          <FormField
            id={f('usedBy')}
            label="Used by"
            error={issues.usedBy}
            hint="Left as you when you used it yourself."
          >
            <NativeSelect
              id={f('usedBy')}
              value={draft.usedBy}
              onChange={(e) => set('usedBy')(e.target.value)}
            >
              <option value="">Me</option>
              {staff.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name} ({member.role})
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={f('reason')} label="Why was it used?" isRequired error={issues.reason}>
            <textarea
              id={f('reason')}
              className={textareaClass}
              value={draft.reason}
              maxLength={4000}
              onChange={(e) => set('reason')(e.target.value)}
              {...fieldAria(f('reason'), { error: issues.reason, isRequired: true })}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={f('behaviour')} label="Behaviour" error={issues.behaviour}>
              <Input
                id={f('behaviour')}
                value={draft.behaviour}
                maxLength={4000}
                onChange={(e) => set('behaviour')(e.target.value)}
              />
            </FormField>
            <FormField
              id={f('antecedent')}
              label="Antecedent (what happened just before)"
              error={issues.antecedent}
            >
              <Input
                id={f('antecedent')}
                value={draft.antecedent}
                maxLength={4000}
                onChange={(e) => set('antecedent')(e.target.value)}
              />
            </FormField>
          </div>
          {error ? (
            <Alert variant="destructive">
              <AlertCircleIcon aria-hidden="true" />
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Log use
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
