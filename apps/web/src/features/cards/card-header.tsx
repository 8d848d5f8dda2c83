import { useNavigate, useRouter } from '@tanstack/react-router';
import type { CardStatus } from '@wattle/domain/cards/schemas';
import { cardStatusLabels } from '@wattle/domain/cards/workflow';
import { ArrowLeftIcon, PanelRightCloseIcon, PanelRightOpenIcon, PencilIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { FavoriteToggle } from '@/features/favorites/favorite-toggle';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ApproveConfirmDialog } from './approve-confirm-dialog';
import { SaveQueueStatus } from './field-save-queue-status';
import type { CardView } from './use-card-view';
import { WatchToggle } from './watch-toggle';
import { availableMoves } from './workflow-availability';

const statusBadgeClasses: Record<CardStatus, string> = {
  draft: 'border-transparent bg-muted text-foreground',
  'in-progress': 'border-transparent bg-sky-100 text-sky-900',
  'pending-review': 'border-transparent bg-amber-100 text-amber-900',
  approved: 'border-transparent bg-emerald-100 text-emerald-900',
  archived: 'border-transparent bg-zinc-200 text-zinc-800',
};

export function CardStatusBadge({ status }: { status: CardStatus }) {
  return (
    <Badge className={statusBadgeClasses[status]} data-testid="card-status">
      <span className="sr-only">Status: </span>
      {cardStatusLabels[status]}
    </Badge>
  );
}

/**
 * The compliance workflow (decision 0009): the card's status and the moves allowed from it, each a
 * queued change of `status`. A move the server would refuse (a clinician is needed, required fields
 * are empty) is offered disabled with its reason beside it, from the same rules in packages/domain
 * (issue 18 item 4); the server still checks every move. Approving asks first: it locks the card and
 * moves it to Done.
 */
function WorkflowActions({ card }: { card: CardView }) {
  const { view, template, isClinician, canWrite, change } = card;
  const reasonsId = useId();
  const [isConfirmingApproval, setIsConfirmingApproval] = useState(false);
  const moves = canWrite ? availableMoves({ view, template, isClinician }) : [];
  const refused = moves.filter((move) => move.refusal !== null);
  const isMoving = card.queue.pending.some((item) => item.key === 'status' && item.state !== 'failed');
  const move = (to: CardStatus) => change('status', to, { label: 'Status', toast: false });
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="workflow-actions">
      <CardStatusBadge status={view.status} />
      {moves.map((candidate) => (
        <Button
          key={candidate.to}
          size="sm"
          variant={candidate.isBack ? 'outline' : 'default'}
          disabled={isMoving || candidate.refusal !== null}
          title={candidate.refusal ?? undefined}
          aria-describedby={candidate.refusal ? reasonsId : undefined}
          onClick={() => {
            if (candidate.to === 'approved') setIsConfirmingApproval(true);
            else move(candidate.to);
          }}
        >
          {candidate.label}
        </Button>
      ))}
      {refused.length > 0 ? (
        <ul id={reasonsId} className="w-full text-muted-foreground text-xs" data-testid="workflow-refusals">
          {refused.map((candidate) => (
            <li key={candidate.to}>
              {candidate.label}: {candidate.refusal}
            </li>
          ))}
        </ul>
      ) : null}
      <ApproveConfirmDialog
        open={isConfirmingApproval}
        onCancel={() => setIsConfirmingApproval(false)}
        onApprove={() => move('approved')}
      />
    </div>
  );
}

/** Back: to the page the user came from, or their team's page when the card was opened directly. */
function useGoBack(teamSlug: string | undefined) {
  const router = useRouter();
  const navigate = useNavigate();
  return () => {
    if (router.history.canGoBack()) router.history.back();
    else if (teamSlug) void navigate({ to: '/my-teams/$teamSlug', params: { teamSlug } });
    else void navigate({ to: '/inbox' });
  };
}

export function CardHeader({
  card,
  onEdit,
  isDetailsOpen,
  onToggleDetails,
  detailsId,
  extra,
}: {
  card: CardView;
  /** Opens the Edit Card side panel; absent: no Edit button. */
  onEdit?: () => void;
  isDetailsOpen?: boolean;
  onToggleDetails?: () => void;
  detailsId?: string;
  extra?: ReactNode;
}) {
  const { view, queue, team, canWrite } = card;
  const goBack = useGoBack(team?.slug);
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b px-4 py-2 sm:px-6">
      <Button variant="ghost" size="sm" className="-ml-2 px-2" onClick={goBack}>
        <ArrowLeftIcon aria-hidden="true" />
        Back
      </Button>
      <span className="font-medium font-mono text-sm" data-testid="work-item-id">
        {view.workItemId}
      </span>
      <FavoriteToggle path={`/card/${view.id}`} label={`${view.workItemId} ${view.title}`.slice(0, 255)} />
      <WatchToggle cardId={view.id} />
      <SaveQueueStatus queue={queue} />
      <div className={cn('ml-auto flex flex-wrap items-center gap-2')}>
        <WorkflowActions card={card} />
        {onEdit && canWrite ? (
          <Button size="sm" variant="outline" onClick={onEdit}>
            <PencilIcon aria-hidden="true" />
            Edit
          </Button>
        ) : null}
        {onToggleDetails ? (
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={isDetailsOpen}
            aria-controls={detailsId}
            onClick={onToggleDetails}
          >
            {isDetailsOpen ? (
              <PanelRightCloseIcon aria-hidden="true" />
            ) : (
              <PanelRightOpenIcon aria-hidden="true" />
            )}
            {isDetailsOpen ? 'Hide details' : 'Show details'}
          </Button>
        ) : null}
        {extra}
      </div>
    </header>
  );
}
