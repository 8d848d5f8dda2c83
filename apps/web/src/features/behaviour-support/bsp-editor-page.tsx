import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import type { Card } from '@wattle/domain/cards/schemas';
import { ArrowLeftIcon, FilePenIcon, LockIcon } from 'lucide-react';
import { cardQueryOptions } from '@/features/cards/api';
import { useCardView } from '@/features/cards/use-card-view';
import { useRouteTeam } from '@/features/placeholders/use-route-team';
import { useCurrentTenant } from '@/features/tenants/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { LazyPartBoundary, LazyPartLoading, lazyPart } from '@/ui/lazy-part';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { planQueryOptions } from './api';

const TemplateForm = lazyPart(
  () => import('@/features/templates/template-form/template-form'),
  'TemplateForm',
);

/**
 * /my-teams/{teamSlug}/bsp/{planId}/edit (issue 16 item 1): the existing template form editor on the
 * plan's working card. Only a draft takes changes; a plan in review or approved shows its form
 * read-only (the server refuses changes to it as well), and a change to an approved plan starts a new
 * version from the overview.
 */
export function BspEditorPage() {
  const team = useRouteTeam();
  const { planId = '' } = useParams({ strict: false });
  const { tenant } = useCurrentTenant();
  const plan = useQuery(planQueryOptions(tenant.id, planId));
  const card = useQuery({
    ...cardQueryOptions(tenant.id, plan.data?.cardId ?? ''),
    enabled: !!plan.data?.cardId,
  });
  useDocumentTitle(plan.data ? `Edit ${plan.data.title}` : 'Edit Behaviour Support Plan');
  if (!team) return null;
  const back = (
    <Button asChild variant="ghost" size="sm" className="self-start">
      <Link to="/my-teams/$teamSlug/bsp/$planId" params={{ teamSlug: team.slug, planId }}>
        <ArrowLeftIcon aria-hidden="true" />
        Back to the plan
      </Link>
    </Button>
  );
  if (plan.isPending || (plan.data?.cardId && card.isPending)) {
    return (
      <div className="p-6">
        <LoadingStatus>Loading plan...</LoadingStatus>
      </div>
    );
  }
  if (plan.isError || card.isError || !card.data) {
    const error = plan.error ?? card.error ?? new Error('The plan’s form is missing');
    return (
      <div className="flex flex-col gap-3 p-6">
        {back}
        <LoadError title="Could not load the plan’s form" error={error} onRetry={() => void plan.refetch()} />
      </div>
    );
  }
  const canEdit = plan.data.allowedActions.includes('edit');
  return (
    <div className="mx-auto flex w-full min-w-0 max-w-5xl flex-col gap-4 px-4 py-8 sm:px-6">
      {back}
      <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
        <FilePenIcon className="size-6 text-muted-foreground" aria-hidden="true" />
        {plan.data.title}
      </h1>
      {!canEdit ? (
        <Alert>
          <LockIcon aria-hidden="true" />
          <AlertTitle>Read only</AlertTitle>
          <AlertDescription>
            {plan.data.status === 'approved'
              ? `Version ${plan.data.currentVersion} is approved and cannot be changed: start a new version from the plan to change it.`
              : plan.data.status === 'in-review'
                ? `Version ${plan.data.currentVersion} is waiting for approval: it can be changed once it is sent back.`
                : 'You can read this plan but not change it.'}
          </AlertDescription>
        </Alert>
      ) : null}
      <PlanForm tenantId={tenant.id} card={card.data} readOnly={!canEdit} />
    </div>
  );
}

function PlanForm({ tenantId, card, readOnly }: { tenantId: string; card: Card; readOnly: boolean }) {
  const view = useCardView(tenantId, card);
  return (
    <LazyPartBoundary fallback={<LazyPartLoading />}>
      <TemplateForm
        tenantId={tenantId}
        card={card}
        template={view.template}
        variant="panel"
        readOnly={readOnly || !view.canWrite}
        canExport={view.canWrite}
      />
    </LazyPartBoundary>
  );
}
