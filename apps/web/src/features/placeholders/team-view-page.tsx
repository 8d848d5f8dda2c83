import { Link, useParams } from '@tanstack/react-router';
import { CalendarIcon, ChartGanttIcon, ListIcon, type LucideIcon, SquareKanbanIcon } from 'lucide-react';
import { TeamCardList } from '@/features/cards/card-list';
import { useCurrentTenant } from '@/features/tenants/api';
import { PlaceholderPage } from './placeholder-page';
import { TeamSummary } from './team-summary';
import { useRouteTeam } from './use-route-team';

/** The views of a team (spec shell section 2): work-board, list, calendar and roadmap. */
export const teamViews = ['work-board', 'list', 'calendar', 'roadmap'] as const;
export type TeamView = (typeof teamViews)[number];

const views: Record<TeamView, { label: string; icon: LucideIcon; description: string }> = {
  'work-board': {
    label: 'Work Board',
    icon: SquareKanbanIcon,
    description: "This team's work items on a board, one column per workflow state.",
  },
  list: {
    label: 'List',
    icon: ListIcon,
    description: "This team's work items in a list you can sort and filter.",
  },
  calendar: {
    label: 'Calendar',
    icon: CalendarIcon,
    description: "This team's work items on a calendar by due date.",
  },
  roadmap: {
    label: 'Roadmap',
    icon: ChartGanttIcon,
    description: "This team's work items on a timeline from start to due date.",
  },
};

/**
 * /my-teams/{teamSlug}/{view}: the team's work. Until the board, list, calendar and roadmap views
 * arrive, each view shows the team's cards as a plain list (with the offline copy) under its tabs.
 */
export function TeamViewPage() {
  const { view } = useParams({ strict: false }) as { view?: TeamView };
  const team = useRouteTeam();
  const { tenant } = useCurrentTenant();
  const current = views[view ?? 'work-board'] ?? views['work-board'];
  if (!team) return null;

  return (
    <PlaceholderPage
      title={team.name}
      documentTitle={`${current.label} · ${team.name}`}
      icon={current.icon}
      description={current.description}
    >
      <TeamSummary team={team} />
      <nav aria-label="Team views">
        <ul className="flex gap-1 overflow-x-auto border-b">
          {teamViews.map((name) => {
            const { label, icon: Icon } = views[name];
            const isCurrent = name === (view ?? 'work-board');
            return (
              <li key={name}>
                <Link
                  to="/my-teams/$teamSlug/$view"
                  params={{ teamSlug: team.slug, view: name }}
                  aria-current={isCurrent ? 'page' : undefined}
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
      <TeamCardList key={team.id} tenantId={tenant.id} team={team} />
    </PlaceholderPage>
  );
}
