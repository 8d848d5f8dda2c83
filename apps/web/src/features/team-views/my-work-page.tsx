import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CardSummary } from '@wattle/domain/cards/schemas';
import type { Team } from '@wattle/domain/teams/schemas';
import { ListTodoIcon, UsersIcon } from 'lucide-react';
import { meQueryOptions } from '@/features/auth/api';
import { teamsQueryOptions } from '@/features/teams/api';
import { useCurrentTenant } from '@/features/tenants/api';
import { formatDay } from '@/lib/org-dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Badge } from '@/ui/badge';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { usePreloadCardPage } from '../cards/preload-card-page';
import { useTenantToday } from './calendar-today';
import { doneStateIds, isOverdue } from './list-filters';
import { canReadTeamCards, groupMyWork } from './my-work';
import { myWorkQueryOptions, myWorkShown } from './my-work-api';

function columnName(team: Team, card: CardSummary): string | null {
  return team.workflowStates.find((state) => state.id === card.workflowStateId)?.name ?? null;
}

function MyWorkRow({ team, card, isOverdue }: { team: Team; card: CardSummary; isOverdue: boolean }) {
  const column = columnName(team, card);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3" data-testid="my-work-card">
      <span className="w-24 shrink-0 font-mono text-muted-foreground text-xs">{card.workItemId}</span>
      <Link
        to="/card/$cardId"
        params={{ cardId: card.id }}
        className="min-w-0 flex-1 basis-48 break-words font-medium text-sm [overflow-wrap:anywhere] hover:underline"
      >
        {card.title}
      </Link>
      <span className="flex shrink-0 items-center gap-2 text-xs">
        {column ? <Badge variant="outline">{column}</Badge> : null}
        {card.dueDate ? (
          <span className={isOverdue ? 'font-medium text-destructive' : 'text-muted-foreground'}>
            {isOverdue ? 'Overdue, due ' : 'Due '}
            <time dateTime={card.dueDate}>{formatDay(card.dueDate)}</time>
          </span>
        ) : (
          <span className="text-muted-foreground">No due date</span>
        )}
      </span>
    </li>
  );
}

/**
 * My Work (`/my-work`, issue 18 item 6): the cards assigned to the signed-in person in every team
 * whose cards they may read, team by team, soonest due first. The server reads them across the
 * teams in one request (`GET /api/cards?assigneeId=`), scoped to the organisation and to the teams
 * the person may read, so nothing outside their reach is listed.
 */
export function MyWorkPage() {
  useDocumentTitle('My Work');
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { tenant } = useCurrentTenant();
  const teams = useQuery(teamsQueryOptions(tenant.id));
  const work = useQuery(myWorkQueryOptions(tenant.id, me.id));
  usePreloadCardPage(work.data !== undefined);
  const readable = (teams.data ?? []).filter((team) => team.status !== 'archived' && canReadTeamCards(team));
  const groups = groupMyWork(readable, work.data?.cards ?? []);
  const today = useTenantToday();

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="font-semibold text-2xl tracking-tight">My Work</h1>
        <p className="mt-1 text-muted-foreground text-sm">
          The cards assigned to you in every team you work in at {tenant.name}.
        </p>
      </div>
      {teams.isPending || work.isPending ? (
        <LoadingStatus>Loading your work...</LoadingStatus>
      ) : teams.isError || work.isError ? (
        <LoadError
          title="Could not load your work"
          error={(teams.error ?? work.error) as Error}
          onRetry={() => {
            void teams.refetch();
            void work.refetch();
          }}
        />
      ) : groups.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-10 text-center">
          <ListTodoIcon className="mb-3 size-6 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">Nothing is assigned to you</p>
          <p className="mt-1 max-w-md text-muted-foreground text-sm">
            Cards assigned to you in any of your teams are listed here.
          </p>
        </div>
      ) : (
        <>
          {myWorkShown(work.data) ? null : (
            <p className="text-muted-foreground text-sm" role="note">
              Showing your {work.data?.cards.length} most recently changed cards of {work.data?.total}.
            </p>
          )}
          {groups.map(({ team, cards }) => (
            <section
              key={team.id}
              aria-labelledby={`my-work-${team.id}`}
              className="overflow-hidden rounded-xl border bg-card"
              data-testid="my-work-team"
            >
              <div className="flex flex-wrap items-center justify-between gap-2 border-b px-4 py-3">
                <h2 id={`my-work-${team.id}`} className="flex min-w-0 items-center gap-2 font-semibold">
                  <UsersIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="min-w-0 break-words">{team.name}</span>
                  <span className="font-normal text-muted-foreground text-sm">
                    {cards.length} {cards.length === 1 ? 'card' : 'cards'}
                  </span>
                </h2>
                <Link
                  to="/my-teams/$teamSlug/$view"
                  params={{ teamSlug: team.id, view: 'list' }}
                  className="text-muted-foreground text-sm underline underline-offset-4 hover:text-foreground"
                >
                  Open in the team's list
                </Link>
              </div>
              <ul className="divide-y" aria-label={`Your cards in ${team.name}`}>
                {cards.map((card) => (
                  <MyWorkRow
                    key={card.id}
                    team={team}
                    card={card}
                    isOverdue={isOverdue(card, today, doneStateIds(team.workflowStates))}
                  />
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
