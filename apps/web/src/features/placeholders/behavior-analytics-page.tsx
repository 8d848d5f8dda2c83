import { ChartLineIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';
import { TeamSummary } from './team-summary';
import { useRouteTeam } from './use-route-team';

/** /behavior-analytics and /behavior-analytics/{teamSlug}: built in a later release. */
export function BehaviorAnalyticsPage() {
  const team = useRouteTeam();
  return (
    <PlaceholderPage
      title={team ? `Behavior Analytics: ${team.name}` : 'Behavior Analytics'}
      icon={ChartLineIcon}
      description={
        team
          ? "Charts of the behaviours recorded for this team's participant over time."
          : 'Charts of recorded behaviours over time, by participant and team.'
      }
    >
      {team ? <TeamSummary team={team} /> : null}
    </PlaceholderPage>
  );
}
