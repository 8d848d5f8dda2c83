import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import type { Plan } from '@wattle/domain/behaviour-support/schemas';
import {
  planKindLabels,
  planStatusLabels,
  planVersionStatusLabels,
} from '@wattle/domain/behaviour-support/workflow';
import { deadlineKindLabels } from '@wattle/domain/deadlines/schemas';
import type { Team } from '@wattle/domain/teams/schemas';
import { AlertCircleIcon, FilePenIcon, FileTextIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { DeadlineBadge } from '@/features/deadlines/deadline-badge';
import { useRouteTeam } from '@/features/placeholders/use-route-team';
import { useCurrentTenant } from '@/features/tenants/api';
import { isApiError } from '@/lib/http';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { DateInput } from '@/ui/date-input';
import { Label } from '@/ui/label';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SectionCard } from '@/ui/section-card';
import { Switch } from '@/ui/switch';
import { toast } from '@/ui/toast';
import { behaviourSupportKeys, type PlanStep, planQueryOptions, takePlanStep } from './api';
import { displayDate } from './plan-format';
import { TextStepDialog } from './text-step-dialog';
import { VersionDiffView } from './version-diff-view';

const stepToasts: Record<PlanStep['step'], string> = {
  submit: 'Plan submitted for approval',
  approve: 'Plan approved',
  reject: 'Plan sent back to draft',
  versions: 'New version started',
  share: 'Sharing updated',
  'needs-changed': 'Change in needs recorded',
};

const dateTime = (iso: string | null) => (iso ? displayDate(iso.slice(0, 10)) : '');

/**
 * /my-teams/{teamSlug}/bsp/{planId} (issue 16 item 1): the plan's version and status, who approved
 * it, the restrictive practices in it, review dates and deadlines, its form's compliance, every
 * version with a side-by-side comparison, and the steps the caller may take.
 */
export function BspOverviewPage() {
  const team = useRouteTeam();
  const { planId = '' } = useParams({ strict: false });
  const { tenant } = useCurrentTenant();
  const plan = useQuery(planQueryOptions(tenant.id, planId));
  useDocumentTitle(plan.data ? `${plan.data.title}` : 'Behaviour Support Plan');
  if (!team) return null;
  return (
    <div className="mx-auto flex w-full min-w-0 max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      {plan.isPending ? (
        <LoadingStatus>Loading plan...</LoadingStatus>
      ) : plan.isError ? (
        isApiError(plan.error) && (plan.error.status === 404 || plan.error.status === 400) ? (
          <div className="grid justify-items-start gap-3">
            <h1 className="font-semibold text-xl">Plan not found</h1>
            <p className="text-muted-foreground text-sm">It may not exist, or it is not shared with you.</p>
            <Button asChild variant="outline">
              <Link to="/my-teams/$teamSlug/bsp" params={{ teamSlug: team.slug }}>
                Back to Behaviour Support Plans
              </Link>
            </Button>
          </div>
        ) : (
          <LoadError title="Could not load the plan" error={plan.error} onRetry={() => void plan.refetch()} />
        )
      ) : (
        <PlanOverview tenantId={tenant.id} team={team} plan={plan.data} />
      )}
    </div>
  );
}

function PlanOverview({ tenantId, team, plan }: { tenantId: string; team: Team; plan: Plan }) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'reject' | 'new-version' | null>(null);
  const [stepError, setStepError] = useState<string | null>(null);
  const needsId = useId();
  const [needsChangedOn, setNeedsChangedOn] = useState('');
  const step = useMutation({
    mutationFn: (input: PlanStep) => takePlanStep(tenantId, plan.id, input),
    onSuccess: (updated, input) => {
      toast.success(stepToasts[input.step]);
      queryClient.setQueryData(behaviourSupportKeys.plan(tenantId, plan.id), updated);
      void queryClient.invalidateQueries({ queryKey: behaviourSupportKeys.all(tenantId) });
      setDialog(null);
      setStepError(null);
    },
    onError: (failure) => {
      const issues = (failure as { details?: { issues?: { description: string }[] } }).details?.issues;
      setStepError(
        issues?.length
          ? `${failure.message}: ${issues.map((i) => i.description).join('; ')}`
          : failure.message,
      );
      if (isApiError(failure, 'CONFLICT')) {
        void queryClient.invalidateQueries({ queryKey: behaviourSupportKeys.plan(tenantId, plan.id) });
      }
    },
  });
  const allows = (action: Plan['allowedActions'][number]) => plan.allowedActions.includes(action);
  const newest = plan.versions.at(-1);
  const inForce = plan.versions.find((v) => v.number === plan.approvedVersion);
  const busy = step.isPending;

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
            <FileTextIcon className="size-6 text-muted-foreground" aria-hidden="true" />
            {plan.title}
          </h1>
          <p className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
            <span>{planKindLabels[plan.kind]}</span>
            <span aria-hidden="true">·</span>
            <span>Version {plan.currentVersion}</span>
            <Badge variant="outline" data-testid="bsp-plan-status">
              {planStatusLabels[plan.status]}
            </Badge>
            {plan.sharedWithFamily ? <Badge variant="secondary">Shared with family</Badge> : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {plan.cardId ? (
            <Button asChild variant={allows('edit') ? 'default' : 'outline'}>
              <Link
                to="/my-teams/$teamSlug/bsp/$planId/edit"
                params={{ teamSlug: team.slug, planId: plan.id }}
              >
                <FilePenIcon aria-hidden="true" />
                {allows('edit') ? 'Edit plan' : 'View form'}
              </Link>
            </Button>
          ) : null}
          {allows('submit') ? (
            <Button disabled={busy} onClick={() => step.mutate({ step: 'submit', version: plan.version })}>
              Submit for approval
            </Button>
          ) : null}
          {allows('approve') ? (
            <Button disabled={busy} onClick={() => step.mutate({ step: 'approve', version: plan.version })}>
              Approve
            </Button>
          ) : null}
          {allows('reject') ? (
            <Button variant="outline" disabled={busy} onClick={() => setDialog('reject')}>
              Reject
            </Button>
          ) : null}
          {allows('new-version') ? (
            <Button variant="outline" disabled={busy} onClick={() => setDialog('new-version')}>
              Start new version
            </Button>
          ) : null}
        </div>
      </div>

      {stepError && dialog === null ? (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>That did not go through</AlertTitle>
          <AlertDescription>{stepError}</AlertDescription>
        </Alert>
      ) : null}
      {newest?.rejectionReason && newest.status === 'draft' ? (
        <Alert>
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>Sent back for changes</AlertTitle>
          <AlertDescription>{newest.rejectionReason}</AlertDescription>
        </Alert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard title="Approval">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted-foreground">In force</dt>
            <dd>
              {inForce
                ? `Version ${inForce.number}, approved ${dateTime(inForce.approvedAt)} by ${inForce.approvedByName ?? 'someone'}`
                : 'No version approved yet'}
            </dd>
            <dt className="text-muted-foreground">Being written</dt>
            <dd>
              {newest && newest.number !== plan.approvedVersion
                ? `Version ${newest.number}: ${planVersionStatusLabels[newest.status]}`
                : '—'}
            </dd>
            <dt className="text-muted-foreground">Participant</dt>
            <dd>{plan.participantName}</dd>
          </dl>
          {allows('share') ? (
            <div className="mt-4 flex items-center gap-2">
              <Switch
                id={`${needsId}-share`}
                checked={plan.sharedWithFamily}
                disabled={busy}
                onCheckedChange={(checked) =>
                  step.mutate({ step: 'share', version: plan.version, sharedWithFamily: checked })
                }
              />
              <Label htmlFor={`${needsId}-share`}>Share with family</Label>
            </div>
          ) : null}
        </SectionCard>

        <SectionCard title="Review and deadlines">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Review due</dt>
            <dd>{displayDate(plan.reviewDueOn) || '—'}</dd>
            <dt className="text-muted-foreground">Needs changed</dt>
            <dd>{displayDate(plan.needsChangedOn) || '—'}</dd>
          </dl>
          {plan.deadlines.length > 0 ? (
            <ul className="mt-3 flex flex-col gap-2" aria-label="Deadlines">
              {plan.deadlines.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <span>{deadlineKindLabels[d.kind]}</span>
                  <DeadlineBadge deadline={d} />
                </li>
              ))}
            </ul>
          ) : null}
          {allows('needs-changed') ? (
            <form
              className="mt-4 flex flex-wrap items-end gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                if (!needsChangedOn) {
                  setStepError('Enter the date the participant’s needs changed');
                  return;
                }
                step.mutate({ step: 'needs-changed', version: plan.version, needsChangedOn });
              }}
            >
              <div className="grid gap-1.5">
                <Label htmlFor={`${needsId}-needs`}>Needs changed on</Label>
                <DateInput
                  id={`${needsId}-needs`}
                  className="w-48"
                  value={needsChangedOn}
                  onChange={setNeedsChangedOn}
                />
              </div>
              <Button type="submit" variant="outline" disabled={busy}>
                Record change in needs
              </Button>
            </form>
          ) : null}
        </SectionCard>

        <SectionCard title="Restrictive practices in this plan">
          {plan.restrictivePractices.length === 0 ? (
            <p className="text-muted-foreground text-sm">
              This version names no regulated restrictive practice.
            </p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label="Restrictive practices">
              {plan.restrictivePractices.map((p) => (
                <li key={p}>
                  <Badge variant="outline">{p}</Badge>
                </li>
              ))}
            </ul>
          )}
        </SectionCard>

        <SectionCard title="Compliance">
          {plan.compliance ? (
            <div className="flex flex-col gap-2 text-sm">
              <p>
                <strong>{plan.compliance.completion}% complete</strong>
                {plan.compliance.isCompliant ? ' · Compliant' : ''}
              </p>
              {plan.compliance.issues.length > 0 ? (
                <ul className="list-disc pl-5 text-muted-foreground">
                  {plan.compliance.issues.slice(0, 8).map((issue) => (
                    <li key={issue.id}>{issue.description}</li>
                  ))}
                  {plan.compliance.issues.length > 8 ? (
                    <li>and {plan.compliance.issues.length - 8} more</li>
                  ) : null}
                </ul>
              ) : null}
            </div>
          ) : (
            <p className="text-muted-foreground text-sm">The plan's form is not available.</p>
          )}
        </SectionCard>
      </div>

      <SectionCard title="Versions">
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-left text-muted-foreground">
              <tr>
                <th className="py-2 pr-3 font-medium">Version</th>
                <th className="py-2 pr-3 font-medium">Status</th>
                <th className="py-2 pr-3 font-medium">What changed</th>
                <th className="py-2 pr-3 font-medium">Submitted</th>
                <th className="py-2 font-medium">Approved</th>
              </tr>
            </thead>
            <tbody>
              {plan.versions.map((v) => (
                <tr key={v.number} className="border-t align-top" data-testid="bsp-version-row">
                  <td className="py-2 pr-3">{v.number}</td>
                  <td className="py-2 pr-3">{planVersionStatusLabels[v.status]}</td>
                  <td className="py-2 pr-3">{v.changeSummary}</td>
                  <td className="py-2 pr-3">
                    {v.submittedAt ? `${dateTime(v.submittedAt)} by ${v.submittedByName ?? 'someone'}` : '—'}
                  </td>
                  <td className="py-2">
                    {v.approvedAt ? `${dateTime(v.approvedAt)} by ${v.approvedByName ?? 'someone'}` : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </SectionCard>

      {plan.versions.length > 1 ? (
        <SectionCard title="Compare versions">
          <VersionDiffView tenantId={tenantId} planId={plan.id} versions={plan.versions} />
        </SectionCard>
      ) : null}

      {dialog === 'reject' ? (
        <TextStepDialog
          title="Send the plan back"
          description="The plan returns to draft with your reason, for its writer to change and submit again."
          label="Reason"
          emptyMessage="Say why the plan is sent back"
          confirmLabel="Send back"
          isBusy={busy}
          error={stepError}
          onConfirm={(reason) => step.mutate({ step: 'reject', version: plan.version, reason })}
          onClose={() => {
            setDialog(null);
            setStepError(null);
          }}
        />
      ) : null}
      {dialog === 'new-version' ? (
        <TextStepDialog
          title="Start a new version"
          description="The approved version stays in force, unchanged, until the new one is approved."
          label="What this version changes"
          emptyMessage="Say what this version changes"
          confirmLabel="Start new version"
          isBusy={busy}
          error={stepError}
          onConfirm={(changeSummary) =>
            step.mutate({ step: 'versions', version: plan.version, changeSummary })
          }
          onClose={() => {
            setDialog(null);
            setStepError(null);
          }}
        />
      ) : null}
    </>
  );
}
