import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { can } from '@wattle/domain/auth/permissions';
import { type PlanKind, planKindLabels } from '@wattle/domain/behaviour-support/workflow';
import { FilePlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { TeamSummary } from '@/features/placeholders/team-summary';
import { useRouteTeam } from '@/features/placeholders/use-route-team';
import { useCurrentTenant } from '@/features/tenants/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Label } from '@/ui/label';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { RadioGroup, RadioGroupItem } from '@/ui/radio-group';
import { SectionCard } from '@/ui/section-card';
import { toast } from '@/ui/toast';
import { behaviourSupportKeys, createPlan, planPrefillQueryOptions } from './api';

const kindHints: Record<PlanKind, string> = {
  interim:
    'A short plan to keep everyone safe while the comprehensive plan is developed: due within 1 month of behaviour support starting.',
  comprehensive:
    'The full plan, built on the functional behaviour assessment: due within 6 months of behaviour support starting.',
};

/**
 * /my-teams/{teamSlug}/bsp/new (issue 16 item 1): choose an interim or comprehensive plan, see what
 * will be filled in from the participant's record and latest functional behaviour assessment, create
 * it and go to its editor.
 */
export function BspNewPage() {
  const team = useRouteTeam();
  const { tenant } = useCurrentTenant();
  const [kind, setKind] = useState<PlanKind>('interim');
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useDocumentTitle(team ? `New Behaviour Support Plan · ${team.name}` : 'New Behaviour Support Plan');
  const canWrite = !!team && can(team.myRole, 'write:plans') && !!team.participant;
  const prefill = useQuery({
    ...planPrefillQueryOptions(tenant.id, team?.id ?? '', kind),
    enabled: canWrite,
  });
  const create = useMutation({
    mutationFn: () => createPlan(tenant.id, { teamId: team!.id, kind }),
    onSuccess: (plan) => {
      toast.success(`${planKindLabels[kind]} created`);
      void queryClient.invalidateQueries({ queryKey: behaviourSupportKeys.all(tenant.id) });
      void navigate({
        to: '/my-teams/$teamSlug/bsp/$planId/edit',
        params: { teamSlug: team!.slug, planId: plan.id },
      });
    },
  });
  if (!team) return null;

  return (
    <div className="mx-auto flex w-full min-w-0 max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-1">
        <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
          <FilePlusIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          New Behaviour Support Plan
        </h1>
        <p className="text-muted-foreground text-sm">
          Start a plan for {team.participant?.name ?? "this team's participant"}: it opens in the form editor.
        </p>
      </div>
      <TeamSummary team={team} />
      {!team.participant ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-muted-foreground text-sm" role="status">
          {team.name} has no participant yet. Behaviour support plans are written for the participant a team
          supports.
        </p>
      ) : !canWrite ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-muted-foreground text-sm" role="status">
          Behaviour support plans are written by the team's practitioners, therapists and leads.
        </p>
      ) : (
        <>
          <SectionCard title="Kind of plan">
            <RadioGroup
              value={kind}
              onValueChange={(value) => setKind(value as PlanKind)}
              aria-label="Kind of plan"
              className="gap-3"
            >
              {(['interim', 'comprehensive'] as const).map((option) => (
                <div key={option} className="flex items-start gap-3">
                  <RadioGroupItem
                    id={`${id}-${option}`}
                    value={option}
                    aria-describedby={`${id}-${option}-hint`}
                  />
                  <div className="grid gap-1">
                    <Label htmlFor={`${id}-${option}`}>{planKindLabels[option]}</Label>
                    <p id={`${id}-${option}-hint`} className="text-muted-foreground text-xs">
                      {kindHints[option]}
                    </p>
                  </div>
                </div>
              ))}
            </RadioGroup>
          </SectionCard>
          <SectionCard
            title="Filled in for you"
            description={
              prefill.data?.assessment
                ? `From ${prefill.data.participantName}'s record and the assessment “${prefill.data.assessment.title}”.`
                : `From ${team.participant.name}'s record. No functional behaviour assessment is recorded yet.`
            }
          >
            {prefill.isPending ? (
              <LoadingStatus>Loading what will be filled in...</LoadingStatus>
            ) : prefill.isError ? (
              <LoadError
                title="Could not load what will be filled in"
                error={prefill.error}
                onRetry={() => void prefill.refetch()}
              />
            ) : (
              <dl
                className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]"
                aria-label="Prefilled fields"
              >
                {prefill.data.fields.map((field) => (
                  <div key={field.id} className="contents">
                    <dt className="text-muted-foreground">{field.name}</dt>
                    <dd className="min-w-0 break-words">{field.value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </SectionCard>
          {create.isError ? (
            <Alert variant="destructive">
              <AlertDescription>{create.error.message}</AlertDescription>
            </Alert>
          ) : null}
          <div className="flex justify-end">
            <Button onClick={() => create.mutate()} disabled={create.isPending}>
              {create.isPending ? 'Creating...' : `Create ${planKindLabels[kind].toLowerCase()}`}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
