import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { cardStatusLabels } from '@wattle/domain/cards/workflow';
import { FileTextIcon } from 'lucide-react';
import { Badge } from '@/ui/badge';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { participantCardsQueryOptions } from './api';
import { FormCard } from './participant-fields';
import { formatDate } from './participant-format';

/**
 * The participant's cards (issue 13 part 3) on the teams the caller may read, newest change first,
 * each opening its card page.
 */
export function ParticipantCards({
  tenantId,
  participantId,
  participantName,
}: {
  tenantId: string;
  participantId: string;
  participantName: string;
}) {
  const cards = useQuery(participantCardsQueryOptions(tenantId, participantId));
  const total = cards.data?.meta.total ?? 0;
  return (
    <FormCard
      title="Cards"
      description={`Work items about ${participantName}.`}
      icon={<FileTextIcon className="size-4" aria-hidden="true" />}
      testId="participant-cards"
    >
      {cards.isPending ? <LoadingStatus>Loading cards...</LoadingStatus> : null}
      {cards.isError ? (
        <LoadError
          title="Could not load the cards"
          error={cards.error}
          onRetry={() => void cards.refetch()}
        />
      ) : null}
      {cards.isSuccess && cards.data.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No cards for {participantName} yet.</p>
      ) : null}
      {cards.isSuccess && cards.data.data.length > 0 ? (
        <>
          <ul className="-mx-2 flex flex-col">
            {cards.data.data.map((card) => (
              <li key={card.id}>
                <Link
                  to="/card/$cardId"
                  params={{ cardId: card.id }}
                  className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 rounded-md px-2 py-2 text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:grid-cols-[auto_minmax(0,1fr)_auto]"
                  data-testid="participant-card"
                >
                  <span className="font-mono text-muted-foreground text-xs">{card.workItemId}</span>
                  <span className="truncate font-medium">{card.title || 'Untitled'}</span>
                  <span className="col-start-2 flex flex-wrap items-center gap-2 sm:col-start-auto sm:justify-end">
                    <Badge variant="secondary">{cardStatusLabels[card.status]}</Badge>
                    {card.dueDate ? (
                      <span className="whitespace-nowrap text-muted-foreground text-xs">
                        Due {formatDate(card.dueDate)}
                      </span>
                    ) : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {total > cards.data.data.length ? (
            <p className="mt-2 text-muted-foreground text-xs">
              The {cards.data.data.length} most recently changed of {total} cards.
            </p>
          ) : null}
        </>
      ) : null}
    </FormCard>
  );
}
