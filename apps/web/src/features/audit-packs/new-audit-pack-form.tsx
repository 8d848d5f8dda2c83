import { useQuery } from '@tanstack/react-query';
import { recentQuarters } from '@wattle/domain/audit-packs/quarters';
import {
  type AuditPackScope,
  auditPackScopeLabels,
  auditPackScopes,
  CreateAuditPackSchema,
} from '@wattle/domain/audit-packs/schemas';
import { Loader2Icon } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { participantPickerQueryOptions } from '@/features/participants/api';
import { todayIn } from '@/features/team-views/calendar-dates';
import { teamsQueryOptions } from '@/features/teams/api';
import { isApiError, validationIssues } from '@/lib/http';
import { Alert, AlertDescription } from '@/ui/alert';
import { Button } from '@/ui/button';
import { DateInput } from '@/ui/date-input';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { RadioGroup, RadioGroupItem } from '@/ui/radio-group';
import { SectionCard } from '@/ui/section-card';
import { toast } from '@/ui/toast';
import { useRequestAuditPack } from './api';

type Field = 'scopeId' | 'periodFrom' | 'periodTo';

/**
 * The form that asks for a pack: the period (the last four quarters as shortcuts, or any dates) and the
 * scope (the whole organisation, a team or a participant). The build runs on the server; the list below
 * shows its progress.
 */
export function NewAuditPackForm({ tenantId, timeZone }: { tenantId: string; timeZone?: string }) {
  const id = useId();
  const quarters = useMemo(() => recentQuarters(todayIn(timeZone), 4), [timeZone]);
  // The last finished quarter is what an audit usually asks for.
  const [periodFrom, setPeriodFrom] = useState(quarters[1]!.from);
  const [periodTo, setPeriodTo] = useState(quarters[1]!.to);
  const [scope, setScope] = useState<AuditPackScope>('organisation');
  const [teamId, setTeamId] = useState('');
  const [participantQuery, setParticipantQuery] = useState('');
  const [participantId, setParticipantId] = useState('');
  const [issues, setIssues] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const request = useRequestAuditPack(tenantId);

  const teams = useQuery({ ...teamsQueryOptions(tenantId), enabled: scope === 'team' });
  const participants = useQuery({
    ...participantPickerQueryOptions(tenantId, participantQuery),
    enabled: scope === 'participant',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = {
      scope,
      scopeId:
        scope === 'team'
          ? teamId || undefined
          : scope === 'participant'
            ? participantId || undefined
            : undefined,
      periodFrom,
      periodTo,
    };
    const parsed = CreateAuditPackSchema.safeParse(body);
    if (!parsed.success) {
      setIssues(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setIssues({});
    request.mutate(parsed.data, {
      onSuccess: () =>
        toast.success('Building the audit pack. It appears below when it is ready to download.'),
      onError: (error) => {
        const fields = validationIssues(error);
        if (fields.length > 0)
          setIssues(Object.fromEntries(fields.map((i) => [String(i.path[0]), i.message])));
        else
          setFailure(isApiError(error) ? error.message : 'The audit pack could not be started. Try again.');
      },
    });
  };

  return (
    <SectionCard
      title="Build an audit pack"
      description="One ZIP of the evidence an NDIS Practice Standards auditor asks for: plan PDFs, the incident and restrictive-practice registers, training registers, consent forms and the audit log, with a manifest of every file's SHA-256."
    >
      <form className="flex flex-col gap-5" onSubmit={submit} noValidate aria-label="Build an audit pack">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-medium text-sm">Period</legend>
          <div className="flex flex-wrap gap-2">
            {quarters.map((quarter) => {
              const isChosen = quarter.from === periodFrom && quarter.to === periodTo;
              return (
                <Button
                  key={quarter.from}
                  type="button"
                  size="sm"
                  variant={isChosen ? 'default' : 'outline'}
                  aria-pressed={isChosen}
                  onClick={() => {
                    setPeriodFrom(quarter.from);
                    setPeriodTo(quarter.to);
                  }}
                >
                  {quarter.label}
                </Button>
              );
            })}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id={`${id}-from`} label="From" isRequired error={issues.periodFrom}>
              <DateInput
                id={`${id}-from`}
                value={periodFrom}
                onChange={setPeriodFrom}
                aria-invalid={!!issues.periodFrom}
              />
            </FormField>
            <FormField id={`${id}-to`} label="To" isRequired error={issues.periodTo}>
              <DateInput
                id={`${id}-to`}
                value={periodTo}
                onChange={setPeriodTo}
                aria-invalid={!!issues.periodTo}
              />
            </FormField>
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 font-medium text-sm">Scope</legend>
          <RadioGroup
            value={scope}
            onValueChange={(value) => {
              setScope(value as AuditPackScope);
              setIssues({});
            }}
            className="flex flex-wrap gap-4"
            aria-label="Scope"
          >
            {auditPackScopes.map((option) => (
              <div key={option} className="flex items-center gap-2">
                <RadioGroupItem id={`${id}-scope-${option}`} value={option} />
                <Label htmlFor={`${id}-scope-${option}`}>{auditPackScopeLabels[option]}</Label>
              </div>
            ))}
          </RadioGroup>
          {scope === 'team' ? (
            <FormField id={`${id}-team`} label="Team" isRequired error={issues.scopeId}>
              <NativeSelect
                id={`${id}-team`}
                value={teamId}
                onChange={(event) => {
                  setTeamId(event.target.value);
                  setIssues(({ scopeId: _chosen, ...rest }) => rest);
                }}
                aria-invalid={!!issues.scopeId}
                wrapperClassName="w-full sm:max-w-sm"
              >
                <option value="">{teams.isPending ? 'Loading teams...' : 'Choose a team'}</option>
                {(teams.data ?? []).map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          ) : null}
          {scope === 'participant' ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField
                id={`${id}-participant-search`}
                label="Find a participant"
                hint="Name or NDIS number"
              >
                <Input
                  id={`${id}-participant-search`}
                  type="search"
                  value={participantQuery}
                  onChange={(event) => setParticipantQuery(event.target.value)}
                />
              </FormField>
              <FormField id={`${id}-participant`} label="Participant" isRequired error={issues.scopeId}>
                <NativeSelect
                  id={`${id}-participant`}
                  value={participantId}
                  onChange={(event) => {
                    setParticipantId(event.target.value);
                    setIssues(({ scopeId: _chosen, ...rest }) => rest);
                  }}
                  aria-invalid={!!issues.scopeId}
                  wrapperClassName="w-full"
                >
                  <option value="">
                    {participants.isPending ? 'Loading participants...' : 'Choose a participant'}
                  </option>
                  {(participants.data ?? []).map((participant) => (
                    <option key={participant.id} value={participant.id}>
                      {participant.name}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            </div>
          ) : null}
        </fieldset>

        {failure ? (
          <Alert variant="destructive">
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        ) : null}
        <div>
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            Build pack
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
