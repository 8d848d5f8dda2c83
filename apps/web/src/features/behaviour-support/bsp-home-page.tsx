import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { can } from '@wattle/domain/auth/permissions';
import type { Engagement } from '@wattle/domain/behaviour-support/schemas';
import { planKindLabels, planStatusLabels } from '@wattle/domain/behaviour-support/workflow';
import { deadlineKindLabels } from '@wattle/domain/deadlines/schemas';
import type { Team } from '@wattle/domain/teams/schemas';
import { AlertTriangleIcon, FilePlusIcon, HandHeartIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { DeadlineBadge } from '@/features/deadlines/deadline-badge';
import { TeamSummary } from '@/features/placeholders/team-summary';
import { useRouteTeam } from '@/features/placeholders/use-route-team';
import { useCurrentTenant } from '@/features/tenants/api';
import { validationIssues } from '@/lib/http';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { DateInput } from '@/ui/date-input';
import { FormField, fieldAria } from '@/ui/form-field';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SectionCard } from '@/ui/section-card';
import { toast } from '@/ui/toast';
import {
  behaviourSupportKeys,
  createEngagement,
  teamEngagementsQueryOptions,
  teamPlansQueryOptions,
} from './api';
import { displayDate, nextOpenDeadline, overdueMessages } from './plan-format';

/**
 * /my-teams/{teamSlug}/bsp (issue 16 item 1): the team's participant's behaviour support plans, when
 * specialist behaviour support started (recorded here when it is not yet), the Commission's plan
 * deadlines that run from it, and what is overdue.
 */
export function BspHomePage() {
  const team = useRouteTeam();
  const { tenant } = useCurrentTenant();
  useDocumentTitle(team ? `Behaviour Support Plans · ${team.name}` : 'Behaviour Support Plans');
  if (!team) return null;
  const canWrite = can(team.myRole, 'write:plans');
  const readsAll = can(team.myRole, 'read:cards');
  return (
    <div className="mx-auto flex w-full min-w-0 max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
            <HandHeartIcon className="size-6 text-muted-foreground" aria-hidden="true" />
            Behaviour Support Plans
          </h1>
          <p className="text-muted-foreground text-sm">
            This team's behaviour support plans, with their status, approvals and review dates.
          </p>
        </div>
        {canWrite && team.participant ? (
          <Button asChild>
            <Link to="/my-teams/$teamSlug/bsp/new" params={{ teamSlug: team.slug }}>
              <FilePlusIcon aria-hidden="true" />
              New plan
            </Link>
          </Button>
        ) : null}
      </div>
      <TeamSummary team={team} />
      {!team.participant ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-muted-foreground text-sm" role="status">
          {team.name} has no participant yet. Behaviour support plans are written for the participant a team
          supports.
        </p>
      ) : (
        <>
          {readsAll ? (
            <EngagementSection
              tenantId={tenant.id}
              team={team}
              participantId={team.participant.id}
              canWrite={canWrite}
            />
          ) : null}
          <PlansSection tenantId={tenant.id} team={team} />
        </>
      )}
    </div>
  );
}

function EngagementSection({
  tenantId,
  team,
  participantId,
  canWrite,
}: {
  tenantId: string;
  team: Team;
  participantId: string;
  canWrite: boolean;
}) {
  const engagements = useQuery(teamEngagementsQueryOptions(tenantId, team.id));
  if (engagements.isPending) return <LoadingStatus>Loading behaviour support...</LoadingStatus>;
  if (engagements.isError) {
    return (
      <LoadError
        title="Could not load when behaviour support started"
        error={engagements.error}
        onRetry={() => void engagements.refetch()}
      />
    );
  }
  const open = engagements.data.data.find((e) => e.endedOn === null) ?? null;
  return (
    <SectionCard
      title="Specialist behaviour support"
      description="The Commission's deadlines run from the day specialist behaviour support started: an interim plan within 1 month, a comprehensive plan within 6 months."
    >
      {open ? (
        <OpenEngagement engagement={open} />
      ) : canWrite ? (
        <StartedForm tenantId={tenantId} participantId={participantId} />
      ) : (
        <p className="text-muted-foreground text-sm" role="status">
          No start of specialist behaviour support is recorded for {team.participant?.name}.
        </p>
      )}
    </SectionCard>
  );
}

function OpenEngagement({ engagement }: { engagement: Engagement }) {
  const overdue = overdueMessages(engagement.deadlines);
  return (
    <div className="flex flex-col gap-3" data-testid="bsp-engagement">
      <p className="text-sm">
        Behaviour support started on <strong>{displayDate(engagement.engagedOn)}</strong>
        {engagement.practitionerName ? ` with ${engagement.practitionerName}` : ''}.
      </p>
      {overdue.length > 0 ? (
        <Alert variant="destructive">
          <AlertTriangleIcon aria-hidden="true" />
          <AlertTitle>{overdue.join(' · ')}</AlertTitle>
          <AlertDescription>
            The Commission expects the plan by the date shown. Write it and have it approved as soon as you
            can.
          </AlertDescription>
        </Alert>
      ) : null}
      <ul className="flex flex-col gap-2" aria-label="Plan deadlines">
        {engagement.deadlines.map((deadline) => (
          <li key={deadline.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="min-w-56">{deadlineKindLabels[deadline.kind]}</span>
            <DeadlineBadge deadline={deadline} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function StartedForm({ tenantId, participantId }: { tenantId: string; participantId: string }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [engagedOn, setEngagedOn] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => createEngagement(tenantId, { participantId, engagedOn }),
    onSuccess: () => {
      toast.success('Behaviour support start recorded');
      void queryClient.invalidateQueries({ queryKey: behaviourSupportKeys.all(tenantId) });
    },
    onError: (failure) => setError(validationIssues(failure)[0]?.message ?? failure.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!engagedOn) {
      setError('Enter the date behaviour support started');
      return;
    }
    setError(undefined);
    save.mutate();
  };
  const field = `${id}-engaged-on`;
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
      <FormField id={field} label="Behaviour support started on" isRequired error={error}>
        <DateInput
          id={field}
          value={engagedOn}
          onChange={setEngagedOn}
          className="w-48"
          {...fieldAria(field, { error, isRequired: true })}
        />
      </FormField>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Recording...' : 'Record'}
      </Button>
    </form>
  );
}

function PlansSection({ tenantId, team }: { tenantId: string; team: Team }) {
  const plans = useQuery(teamPlansQueryOptions(tenantId, team.id));
  if (plans.isPending) return <LoadingStatus>Loading plans...</LoadingStatus>;
  if (plans.isError) {
    return (
      <LoadError title="Could not load the plans" error={plans.error} onRetry={() => void plans.refetch()} />
    );
  }
  const rows = plans.data.data;
  const current = rows.find((p) => p.status === 'approved' || p.approvedVersion !== null) ?? null;
  return (
    <SectionCard
      title="Plans"
      description={current ? `Current plan: ${current.title}` : 'No plan is approved yet.'}
    >
      {rows.length === 0 ? (
        <p className="text-muted-foreground text-sm" role="status">
          No behaviour support plan has been written for {team.participant?.name} yet.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-left text-muted-foreground">
              <tr>
                <th className="py-2 pr-3 font-medium">Plan</th>
                <th className="py-2 pr-3 font-medium">Kind</th>
                <th className="py-2 pr-3 font-medium">Status</th>
                <th className="py-2 pr-3 font-medium">Version</th>
                <th className="py-2 pr-3 font-medium">Review due</th>
                <th className="py-2 font-medium">Next deadline</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((plan) => {
                const next = nextOpenDeadline(plan.deadlines);
                return (
                  <tr key={plan.id} className="border-t" data-testid="bsp-plan-row">
                    <td className="py-2 pr-3">
                      <Link
                        to="/my-teams/$teamSlug/bsp/$planId"
                        params={{ teamSlug: team.slug, planId: plan.id }}
                        className="font-medium underline-offset-4 hover:underline"
                      >
                        {plan.title}
                      </Link>
                    </td>
                    <td className="py-2 pr-3">{planKindLabels[plan.kind]}</td>
                    <td className="py-2 pr-3">
                      <Badge variant="outline">{planStatusLabels[plan.status]}</Badge>
                    </td>
                    <td className="py-2 pr-3">
                      {plan.approvedVersion !== null && plan.approvedVersion !== plan.currentVersion
                        ? `${plan.currentVersion} (v${plan.approvedVersion} in force)`
                        : plan.currentVersion}
                    </td>
                    <td className="py-2 pr-3">{displayDate(plan.reviewDueOn) || '—'}</td>
                    <td className="py-2">{next ? <DeadlineBadge deadline={next} /> : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </SectionCard>
  );
}
