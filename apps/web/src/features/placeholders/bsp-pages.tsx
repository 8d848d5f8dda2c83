import { FilePenIcon, FilePlusIcon, FileTextIcon, HandHeartIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';
import { TeamSummary } from './team-summary';
import { useRouteTeam } from './use-route-team';

/** Behaviour support plans of a team (/my-teams/{teamSlug}/bsp…): built in a later release. */

function BspPlaceholder({ title, description, icon }: Parameters<typeof PlaceholderPage>[0]) {
  const team = useRouteTeam();
  if (!team) return null;
  return (
    <PlaceholderPage
      title={title}
      documentTitle={`${title} · ${team.name}`}
      icon={icon}
      description={description}
    >
      <TeamSummary team={team} />
    </PlaceholderPage>
  );
}

export function BspHomePage() {
  return (
    <BspPlaceholder
      title="Behaviour Support Plans"
      icon={HandHeartIcon}
      description="This team's behaviour support plans, with their status, sign-offs and review dates."
    />
  );
}

export function BspNewPage() {
  return (
    <BspPlaceholder
      title="New Behaviour Support Plan"
      icon={FilePlusIcon}
      description="A guided editor for a new behaviour support plan for this team's participant."
    />
  );
}

export function BspOverviewPage() {
  return (
    <BspPlaceholder
      title="Behaviour Support Plan"
      icon={FileTextIcon}
      description="This plan's strategies, sign-offs and review history."
    />
  );
}

export function BspEditorPage() {
  return (
    <BspPlaceholder
      title="Edit Behaviour Support Plan"
      icon={FilePenIcon}
      description="The editor for this plan's sections, with drafts kept as you type."
    />
  );
}
