import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { can } from '@wattle/domain/auth/permissions';
import { cardStatusLabels } from '@wattle/domain/cards/workflow';
import type { Team } from '@wattle/domain/teams/schemas';
import { ChevronLeftIcon, ChevronRightIcon, CloudOffIcon, PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { resilientRequest } from '@/lib/http';
import { Alert, AlertDescription } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { LazyPartBoundary, lazyPart } from '@/ui/lazy-part';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { cardKeys, fetchCards } from './api';
import { cardStatusTone, formatCalendarDate, formatDateTime } from './card-list-format';
import { type CardListItem, loadTeamCards } from './offline-card-cache';

const EditCardPanel = lazyPart(() => import('./edit-card-panel'), 'EditCardPanel');

/** Cards per page of the list (the API's default page). */
export const cardListPageSize = 50;

function CardRow({ card }: { card: CardListItem }) {
  return (
    <tr className="border-b last:border-b-0 hover:bg-muted/40">
      <td className="whitespace-nowrap px-3 py-2 font-mono text-muted-foreground text-xs">
        {card.workItemId}
      </td>
      <td className="px-3 py-2">
        <Link
          to="/card/$cardId"
          params={{ cardId: card.id }}
          className="font-medium underline-offset-4 hover:underline focus-visible:underline"
        >
          {card.title || 'Untitled'}
        </Link>
      </td>
      <td className="px-3 py-2 text-muted-foreground">{card.templateName ?? 'No template'}</td>
      <td className="px-3 py-2">
        <Badge className={cn(cardStatusTone[card.status])}>{cardStatusLabels[card.status]}</Badge>
      </td>
      <td className="px-3 py-2">
        {card.assigneeName ?? <span className="text-muted-foreground">Unassigned</span>}
      </td>
      <td className="whitespace-nowrap px-3 py-2">
        {card.dueDate ? (
          <time dateTime={card.dueDate}>{formatCalendarDate(card.dueDate)}</time>
        ) : (
          <span className="text-muted-foreground">None</span>
        )}
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
        <span className={card.compliance.isCompliant ? 'text-emerald-800' : undefined}>
          {card.compliance.completion}%
        </span>
      </td>
    </tr>
  );
}

/**
 * A team's cards, 50 a page, newest change first (GET /api/cards?teamId=), with a 'New card' button.
 * When the server cannot be reached, the first page saved on this device in the last 24 hours is
 * shown with a notice (offline-card-cache.ts). The board, list, calendar and roadmap views replace it.
 */
export function TeamCardList({ tenantId, team }: { tenantId: string; team: Team }) {
  const headingId = useId();
  const [offset, setOffset] = useState(0);
  const [isCreating, setIsCreating] = useState(false);
  const canWrite = team.status === 'active' && can(team.myRole, 'write:cards');
  const query = { teamId: team.id, limit: cardListPageSize, offset };

  const cards = useQuery({
    queryKey: cardKeys.list(tenantId, query),
    queryFn: ({ signal }) =>
      loadTeamCards({
        tenantId,
        teamId: team.id,
        limit: cardListPageSize,
        offset,
        fetchPage: (pageQuery) =>
          fetchCards(tenantId, pageQuery, signal, {
            timeoutMs: resilientRequest.timeoutMs,
            retries: resilientRequest.retries,
          }),
      }),
    // The fetcher already retries as the spec says, then falls back to the saved copy.
    retry: false,
    placeholderData: keepPreviousData,
  });

  const page = cards.data;
  const total = page?.total ?? 0;
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + (page?.cards.length ?? 0), total);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="team-cards">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="font-semibold text-lg">
          Cards
        </h2>
        {canWrite ? (
          <Button size="sm" onClick={() => setIsCreating(true)}>
            <PlusIcon aria-hidden="true" />
            New card
          </Button>
        ) : null}
      </div>

      {page?.source === 'cache' ? (
        <Alert role="status" data-testid="offline-card-notice">
          <CloudOffIcon aria-hidden="true" />
          <AlertDescription>
            Offline — showing cards saved on this device at {formatDateTime(page.savedAt)}.
          </AlertDescription>
        </Alert>
      ) : null}

      {cards.isPending ? (
        <LoadingStatus>Loading cards...</LoadingStatus>
      ) : cards.isError ? (
        <LoadError
          title="The cards could not be loaded"
          error={cards.error}
          onRetry={() => void cards.refetch()}
        />
      ) : page && page.cards.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
          No cards yet.{canWrite ? ' Use New card to create the first one.' : ''}
        </p>
      ) : page ? (
        <>
          <div className="overflow-x-auto rounded-lg border">
            <table className="w-full text-sm" aria-labelledby={headingId}>
              <thead className="border-b bg-muted/50 text-left text-muted-foreground text-xs">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    ID
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Title
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Template
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Assignee
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Due
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Compliance
                  </th>
                </tr>
              </thead>
              <tbody aria-busy={cards.isPlaceholderData || undefined}>
                {page.cards.map((card) => (
                  <CardRow key={card.id} card={card} />
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Card pages" className="flex items-center justify-between gap-2 text-sm">
            <p className="text-muted-foreground" aria-live="polite">
              Showing {from}–{to} of {total}
            </p>
            {total > cardListPageSize ? (
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={offset === 0 || cards.isFetching}
                  onClick={() => setOffset((current) => Math.max(0, current - cardListPageSize))}
                >
                  <ChevronLeftIcon aria-hidden="true" />
                  Previous
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={offset + cardListPageSize >= total || cards.isFetching || page.source === 'cache'}
                  onClick={() => setOffset((current) => current + cardListPageSize)}
                >
                  Next
                  <ChevronRightIcon aria-hidden="true" />
                </Button>
              </div>
            ) : null}
          </nav>
        </>
      ) : null}

      {isCreating ? (
        <LazyPartBoundary fallback={null}>
          <EditCardPanel
            tenantId={tenantId}
            card={null}
            teamId={team.id}
            open={isCreating}
            onOpenChange={setIsCreating}
          />
        </LazyPartBoundary>
      ) : null}
    </section>
  );
}
