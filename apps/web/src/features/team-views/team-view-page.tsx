import { Link, useParams } from '@tanstack/react-router';
import { can } from '@wattle/domain/auth/permissions';
import type { Team } from '@wattle/domain/teams/schemas';
import {
  CalendarIcon,
  ChartGanttIcon,
  CloudOffIcon,
  ListIcon,
  type LucideIcon,
  PlusIcon,
  ShieldAlertIcon,
  SquareKanbanIcon,
} from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription } from '@/ui/alert';
import { Button } from '@/ui/button';
import { LazyPartBoundary, LazyPartLoading, lazyPart } from '@/ui/lazy-part';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { formatDateTime } from '../cards/card-list-format';
import { usePreloadCardPage } from '../cards/preload-card-page';
import { TeamSummary } from '../placeholders/team-summary';
import { useRouteTeam } from '../placeholders/use-route-team';
import { useCurrentTenant } from '../tenants/api';
import { canReadTeamCards } from './my-work';
import { isTeamView, type TeamView, teamViewParts, teamViews } from './team-view-parts';
import { usePatchWorkItem, useWorkItems } from './use-work-items';

const EditCardPanel = lazyPart(() => import('../cards/edit-card-panel'), 'EditCardPanel');
const WorkflowEditor = lazyPart(() => import('./workflow-editor'), 'WorkflowEditor');

const viewLabels: Record<TeamView, { label: string; icon: LucideIcon }> = {
  'work-board': { label: 'Work Board', icon: SquareKanbanIcon },
  list: { label: 'List', icon: ListIcon },
  calendar: { label: 'Calendar', icon: CalendarIcon },
  roadmap: { label: 'Roadmap', icon: ChartGanttIcon },
};

/**
 * /my-teams/{teamId}/list is My Work (spec shell section 2): the route names the team by its id
 * instead of its slug, and the list holds only the caller's own cards.
 */
export function isMyWorkRoute(team: Pick<Team, 'id'>, teamSlugOrId: string, view: TeamView): boolean {
  return view === 'list' && teamSlugOrId === team.id;
}

function ViewTabs({ team, current, slugOrId }: { team: Team; current: TeamView; slugOrId: string }) {
  return (
    <nav aria-label="Team views">
      <ul className="flex gap-1 overflow-x-auto border-b">
        {teamViews.map((name) => {
          const { label, icon: Icon } = viewLabels[name];
          return (
            <li key={name}>
              <Link
                to="/my-teams/$teamSlug/$view"
                // My Work's own list stays on the id route; every other view goes by the slug.
                params={{
                  teamSlug: name === 'list' && slugOrId === team.id ? team.id : team.slug,
                  view: name,
                }}
                aria-current={name === current ? 'page' : undefined}
                className="-mb-px flex items-center gap-2 whitespace-nowrap border-transparent border-b-2 px-3 py-2 font-medium text-muted-foreground text-sm hover:text-foreground aria-[current=page]:border-primary aria-[current=page]:text-foreground"
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * /my-teams/{teamSlug}/{view}: a team's work as a board, list, calendar or roadmap (issue 5 item 1).
 * The page loads the work items once for all views and owns the loading, error and empty states; a
 * view only draws a loaded list and saves changes through `patchItem`.
 */
export function TeamViewPage() {
  const params = useParams({ strict: false }) as { view?: string; teamSlug?: string };
  const team = useRouteTeam();
  if (!team || !params.teamSlug) return null;
  // A family guardian (or a guest the team is shared with) sees the team but not its cards.
  if (!canReadTeamCards(team)) return <WorkForStaffOnly team={team} />;
  const view: TeamView = isTeamView(params.view) ? params.view : 'work-board';
  return <TeamViewContent key={`${team.id}:${view}`} team={team} view={view} slugOrId={params.teamSlug} />;
}

/**
 * The team views for someone who may see the team but not read its cards (read:cards; decision
 * 0010): what the board is and what they can open instead, the team's behaviour support plans
 * (shared with family) and their inbox, rather than an error about cards they were never meant to
 * load.
 */
function WorkForStaffOnly({ team }: { team: Team }) {
  useDocumentTitle(team.name);
  return (
    <div className="mx-auto flex w-full min-w-0 max-w-[100rem] flex-col gap-6 px-4 py-8 sm:px-6">
      <h1 className="font-semibold text-2xl tracking-tight">{team.name}</h1>
      <TeamSummary team={team} />
      <section
        aria-labelledby="staff-only-heading"
        className="flex flex-col gap-3 rounded-xl border bg-card px-6 py-8"
        data-testid="team-work-staff-only"
      >
        <h2 id="staff-only-heading" className="font-semibold text-lg">
          {team.name}'s work board is for its care staff
        </h2>
        <p className="text-muted-foreground text-sm">
          The team's cards, lists and calendar are where its staff organise their work. You can read the
          behaviour support plans the team shares with family, and talk with the team in their comments.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link to="/my-teams/$teamSlug/bsp" params={{ teamSlug: team.slug }}>
              Behaviour support plans
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to="/inbox">Go to your inbox</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}

function TeamViewContent({ team, view, slugOrId }: { team: Team; view: TeamView; slugOrId: string }) {
  const { tenant } = useCurrentTenant();
  const mine = isMyWorkRoute(team, slugOrId, view);
  const work = useWorkItems(team.id, { mine });
  usePreloadCardPage(work.data !== undefined);
  const patchItem = usePatchWorkItem();
  const [isCreating, setIsCreating] = useState(false);
  const { label } = viewLabels[view];
  useDocumentTitle(mine ? `My Work · ${team.name}` : `${label} · ${team.name}`);

  const canWrite = team.status === 'active' && can(team.myRole, 'write:cards');
  const canEditWorkflow =
    view === 'work-board' && team.status === 'active' && can(team.myRole, 'manage:workflow');
  const View = teamViewParts[view];
  const list = work.data;
  // The view is first drawn in the background once the work items have arrived: React renders a
  // deferred value's change in slices the browser can interrupt, 'Loading work items...' staying
  // until it is done. Drawn at once, the board was one long task after the page's first paint
  // (issue 19: the board's blocking time). Later changes (a move, a live update) draw at once.
  const isDrawing = useDeferredValue(work.isPending);

  return (
    <div className="mx-auto flex w-full min-w-0 max-w-[100rem] flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="font-semibold text-2xl tracking-tight">
          {mine ? (
            <>
              My Work <span className="font-normal text-muted-foreground">in {team.name}</span>
            </>
          ) : (
            team.name
          )}
        </h1>
        <div className="flex flex-wrap gap-2">
          {team.participant && can(team.myRole, 'read:restrictive-practices') ? (
            <Button asChild size="sm" variant="outline">
              <Link to="/my-teams/$teamSlug/restrictive-practices" params={{ teamSlug: team.slug }}>
                <ShieldAlertIcon aria-hidden="true" />
                Restrictive practices
              </Link>
            </Button>
          ) : null}
          {canEditWorkflow ? (
            <LazyPartBoundary fallback={null}>
              <WorkflowEditor team={team} />
            </LazyPartBoundary>
          ) : null}
          {canWrite ? (
            <Button size="sm" onClick={() => setIsCreating(true)}>
              <PlusIcon aria-hidden="true" />
              New card
            </Button>
          ) : null}
        </div>
      </div>
      <TeamSummary team={team} />
      <ViewTabs team={team} current={view} slugOrId={slugOrId} />

      <section
        aria-label={mine ? 'My Work' : label}
        className="flex min-w-0 flex-col gap-3"
        data-testid="team-view"
      >
        {work.isPending || isDrawing ? (
          <LoadingStatus>Loading work items...</LoadingStatus>
        ) : work.isError ? (
          <LoadError
            title="The work items could not be loaded"
            error={work.error}
            onRetry={() => void work.refetch()}
          />
        ) : list ? (
          <>
            {list.source === 'cache' ? (
              <Alert role="status" data-testid="offline-card-notice">
                <CloudOffIcon aria-hidden="true" />
                <AlertDescription>
                  Offline — showing cards saved on this device at {formatDateTime(list.savedAt)}.
                </AlertDescription>
              </Alert>
            ) : null}
            {list.total > list.items.length ? (
              <p role="status" className="rounded-lg border bg-amber-50 px-3 py-2 text-amber-900 text-sm">
                Showing the first {list.items.length.toLocaleString('en-AU')} of{' '}
                {list.total.toLocaleString('en-AU')} work items.
              </p>
            ) : null}
            {list.items.length === 0 ? (
              <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
                {mine ? 'No work items are assigned to you in this team.' : 'No work items yet.'}
                {canWrite && !mine ? ' Use New card to create the first one.' : ''}
              </p>
            ) : null}
            {/* The board still shows its (empty) columns: they are where new work goes. */}
            {list.items.length > 0 || view === 'work-board' ? (
              <LazyPartBoundary fallback={<LazyPartLoading />}>
                <View team={team} items={list.items} total={list.total} patchItem={patchItem} mine={mine} />
              </LazyPartBoundary>
            ) : null}
          </>
        ) : null}
      </section>

      {isCreating ? (
        <LazyPartBoundary fallback={null}>
          <EditCardPanel
            tenantId={tenant.id}
            card={null}
            teamId={team.id}
            open={isCreating}
            onOpenChange={setIsCreating}
          />
        </LazyPartBoundary>
      ) : null}
    </div>
  );
}
