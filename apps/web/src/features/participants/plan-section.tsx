import { useQuery } from '@tanstack/react-query';
import {
  daysToStart,
  formatCents,
  isBudgetOverAlert,
  type Plan,
  type PlanBudget,
  planEndingSoonDays,
  planManagementLabels,
  planStatusLabels,
} from '@wattle/domain/participants/plans';
import { CalendarRangeIcon, ChevronDownIcon, PencilIcon, PlusIcon, RefreshCwIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/ui/collapsible';
import { Progress } from '@/ui/progress';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { currentPlanQueryOptions, plansQueryOptions } from './api';
import { FormCard } from './participant-fields';
import { daysLeftText, formatDate, startsInText } from './participant-format';
import { PlanEditorDialog, type PlanEditorMode } from './plan-editor-dialog';

/**
 * The participant's NDIS plan (issue 13 part 2): dates and days left, how it is managed, and each
 * budget with what is committed, spent and remaining; a budget more than 80% used stands out. A plan
 * recorded to start later shows below it as upcoming until its start date, when the server (from the
 * dates) makes it the current plan. Those who may change the participant edit the current or an
 * upcoming plan or start a new one; earlier plans open on request (each read of them is audited).
 */
export function PlanSection({
  tenantId,
  participantId,
  participantName,
  canEdit,
}: {
  tenantId: string;
  participantId: string;
  participantName: string;
  canEdit: boolean;
}) {
  const plan = useQuery(currentPlanQueryOptions(tenantId, participantId));
  // Plans recorded to start after the participant's plan (newest first): read with it, as it is shown.
  const upcoming = useQuery({
    ...plansQueryOptions(tenantId, participantId, 'upcoming'),
    enabled: !!plan.data,
  });
  const later = (upcoming.data ?? []).filter((other) => other.id !== plan.data?.id);
  const lastPlan = later[0] ?? plan.data ?? null;
  const [editor, setEditor] = useState<{ mode: PlanEditorMode; plan: Plan | null } | null>(null);

  const actions =
    canEdit && plan.isSuccess ? (
      plan.data ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditor({ mode: 'edit', plan: plan.data })}>
            <PencilIcon aria-hidden="true" />
            Edit plan
          </Button>
          <Button variant="outline" size="sm" onClick={() => setEditor({ mode: 'new', plan: lastPlan })}>
            <RefreshCwIcon aria-hidden="true" />
            Start a new plan
          </Button>
        </div>
      ) : (
        <Button size="sm" onClick={() => setEditor({ mode: 'edit', plan: null })}>
          <PlusIcon aria-hidden="true" />
          Add NDIS plan
        </Button>
      )
    ) : null;

  return (
    <FormCard
      title="NDIS Plan"
      icon={<CalendarRangeIcon className="size-4" aria-hidden="true" />}
      testId="ndis-plan"
      actions={actions}
    >
      <div className="flex flex-col gap-4">
        {plan.isPending ? <LoadingStatus>Loading the plan...</LoadingStatus> : null}
        {plan.isError ? (
          <LoadError title="Could not load the plan" error={plan.error} onRetry={() => void plan.refetch()} />
        ) : null}
        {plan.isSuccess && !plan.data ? (
          <p className="text-muted-foreground text-sm">No NDIS plan recorded yet.</p>
        ) : null}
        {plan.data ? <PlanDetails plan={plan.data} /> : null}
        {upcoming.isError ? (
          <LoadError
            title="Could not load the upcoming plans"
            error={upcoming.error}
            onRetry={() => void upcoming.refetch()}
          />
        ) : null}
        {later.map((next) => (
          <section
            key={next.id}
            aria-label={`Upcoming plan ${formatDate(next.startDate)} to ${formatDate(next.endDate)}`}
            className="flex flex-col gap-3 rounded-lg border border-sky-200 bg-sky-50/50 p-3"
            data-testid="upcoming-plan"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <Badge variant="outline" className="border-sky-300 bg-sky-100 text-sky-950">
                  {planStatusLabels.upcoming}
                </Badge>
                <span>This plan becomes the current one on {formatDate(next.startDate)}.</span>
              </p>
              {canEdit ? (
                <Button variant="outline" size="sm" onClick={() => setEditor({ mode: 'edit', plan: next })}>
                  <PencilIcon aria-hidden="true" />
                  Edit upcoming plan
                </Button>
              ) : null}
            </div>
            <PlanDetails plan={next} compact />
          </section>
        ))}
        {plan.data ? <EarlierPlans tenantId={tenantId} participantId={participantId} /> : null}
      </div>
      {plan.isSuccess ? (
        <PlanEditorDialog
          open={editor !== null}
          onOpenChange={(open) => {
            if (!open) setEditor(null);
          }}
          tenantId={tenantId}
          participantId={participantId}
          participantName={participantName}
          mode={editor?.mode ?? 'edit'}
          plan={editor ? editor.plan : plan.data}
        />
      ) : null}
    </FormCard>
  );
}

/**
 * One plan's facts and budgets: in full for the participant's plan (`current-plan`, which before the
 * first plan starts is an upcoming one, so marked), compact (no progress bars) for an upcoming plan
 * after it and for earlier plans (`earlier-plan`).
 */
function PlanDetails({ plan, compact = false }: { plan: Plan; compact?: boolean }) {
  const endingSoon = plan.daysLeft >= 0 && plan.daysLeft <= planEndingSoonDays;
  const testId = !compact ? 'current-plan' : plan.status === 'earlier' ? 'earlier-plan' : undefined;
  return (
    <div className="flex flex-col gap-4" data-testid={testId}>
      {!compact && plan.status === 'upcoming' ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="outline" className="border-sky-300 bg-sky-100 text-sky-950">
            {planStatusLabels.upcoming}
          </Badge>
          No plan is in force yet: this one starts on {formatDate(plan.startDate)}.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        <PlanFact label="Start">{formatDate(plan.startDate)}</PlanFact>
        <PlanFact label="End">{formatDate(plan.endDate)}</PlanFact>
        {plan.status === 'upcoming' ? (
          <PlanFact label="Starts">{startsInText(daysToStart(plan))}</PlanFact>
        ) : null}
        {plan.isCurrent ? (
          <PlanFact label="Days left">
            <span
              className={cn(
                endingSoon && 'font-medium text-amber-900',
                plan.daysLeft < 0 && 'text-destructive',
              )}
            >
              {daysLeftText(plan.daysLeft)}
            </span>
          </PlanFact>
        ) : null}
        <PlanFact label="Management">{planManagementLabels[plan.managementType]}</PlanFact>
        {plan.planManager ? (
          <PlanFact label="Plan manager" wide>
            {plan.planManager.name}
            <span className="block break-all text-muted-foreground">{plan.planManager.email}</span>
          </PlanFact>
        ) : null}
        <PlanFact label="Total budget">{formatCents(plan.totalCents)}</PlanFact>
      </dl>
      {plan.budgets.length === 0 ? (
        <p className="text-muted-foreground text-sm">No budgets recorded for this plan.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={compact ? 'Budgets of this plan' : 'Budgets'}>
          {plan.budgets.map((budget) => (
            <BudgetLine key={budget.category} budget={budget} compact={compact} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PlanFact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={cn('min-w-0', wide && 'col-span-2')}>
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

function BudgetLine({ budget, compact }: { budget: PlanBudget; compact: boolean }) {
  const used = budget.committedCents + budget.spentCents;
  const remaining = budget.amountCents - used;
  const isOver = isBudgetOverAlert(budget.amountCents, used);
  return (
    <li
      className={cn('flex flex-col gap-2 rounded-lg border p-3', isOver && 'border-amber-300 bg-amber-50')}
      data-testid="budget"
      data-over-alert={isOver ? 'true' : undefined}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-medium text-sm">
          <span className="mr-1.5 font-mono text-muted-foreground text-xs">{budget.category}</span>
          {budget.categoryName}
        </p>
        {isOver ? (
          <Badge variant="outline" className="border-amber-400 bg-amber-100 text-amber-950">
            Over 80% used
          </Badge>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <BudgetFigure label="Budget" cents={budget.amountCents} />
        <BudgetFigure label="Committed" cents={budget.committedCents} />
        <BudgetFigure label="Spent" cents={budget.spentCents} />
        <BudgetFigure
          label="Remaining"
          cents={remaining}
          tone={remaining < 0 ? 'text-destructive' : undefined}
        />
      </dl>
      {compact ? null : (
        <div className="flex items-center gap-3">
          <Progress
            value={budget.usedPercent}
            aria-label={`${budget.categoryName}: ${budget.usedPercent}% used`}
            className={cn(isOver && 'bg-amber-200 [&>[data-slot=progress-indicator]]:bg-amber-600')}
          />
          <span className="w-16 shrink-0 text-right text-muted-foreground text-xs tabular-nums">
            {budget.usedPercent}% used
          </span>
        </div>
      )}
    </li>
  );
}

function BudgetFigure({ label, cents, tone }: { label: string; cents: number; tone?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className={cn('tabular-nums', tone)}>{formatCents(cents)}</dd>
    </div>
  );
}

/** Earlier plans, read only when opened: reading them is audited like the record. */
function EarlierPlans({ tenantId, participantId }: { tenantId: string; participantId: string }) {
  const [open, setOpen] = useState(false);
  const plans = useQuery({ ...plansQueryOptions(tenantId, participantId, 'earlier'), enabled: open });
  const earlier = plans.data ?? [];
  return (
    <Collapsible open={open} onOpenChange={setOpen} className="border-t pt-3">
      <CollapsibleTrigger asChild>
        <Button variant="ghost" size="sm" className="-ml-2" aria-expanded={open}>
          <ChevronDownIcon className={cn('transition-transform', !open && '-rotate-90')} aria-hidden="true" />
          Earlier plans
        </Button>
      </CollapsibleTrigger>
      <CollapsibleContent className="flex flex-col gap-3 pt-2">
        {plans.isPending ? <LoadingStatus>Loading earlier plans...</LoadingStatus> : null}
        {plans.isError ? (
          <LoadError
            title="Could not load the earlier plans"
            error={plans.error}
            onRetry={() => void plans.refetch()}
          />
        ) : null}
        {plans.isSuccess && earlier.length === 0 ? (
          <p className="text-muted-foreground text-sm">No earlier plans.</p>
        ) : null}
        {earlier.map((plan) => (
          <section
            key={plan.id}
            aria-label={`Plan ${formatDate(plan.startDate)} to ${formatDate(plan.endDate)}`}
            className="rounded-lg border bg-muted/30 p-3"
          >
            <PlanDetails plan={plan} compact />
          </section>
        ))}
      </CollapsibleContent>
    </Collapsible>
  );
}
