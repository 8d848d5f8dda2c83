import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { can } from '@wattle/domain/auth/permissions';
import { meQueryOptions } from '@/features/auth/api';
import { EditCardPanel } from '@/features/cards/edit-card-panel';
import { teamsQueryOptions } from '@/features/teams/api';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { chooseTeamForNewCard, readLastSelectedTeam } from './last-selected-team';
import { LoadingCardSheet } from './loading-card-sheet';
import { type NewWorkItemKind, newWorkItemPanels } from './new-work-item-kinds';

/**
 * Quick Add's New Task and New Incident (spec shell section 2: "large card panel with a default
 * category"): the Edit Card side panel in create mode. New Task makes a task in the plan category
 * with no template; New Incident an incident in the incident category with the Incident Report
 * template chosen. The team is the current page's, else the last selected, else the first team
 * where the user may add cards. Loaded with its own code on first opening.
 */
export function NewWorkItemPanel({
  kind,
  onClose,
  onCloseAutoFocus,
}: {
  kind: NewWorkItemKind;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const panel = newWorkItemPanels[kind];
  const tenantId = useCurrentTenantId();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { data: me } = useQuery(meQueryOptions());
  const teams = useQuery({ ...teamsQueryOptions(tenantId ?? ''), enabled: Boolean(tenantId) });

  if (!tenantId || teams.isPending) {
    return (
      <LoadingCardSheet
        title={panel.title}
        description={panel.description}
        onClose={onClose}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    );
  }

  const writableTeams = (teams.data ?? []).filter(
    (team) => team.status === 'active' && can(team.myRole, 'write:cards'),
  );
  const teamId = chooseTeamForNewCard({
    pathname,
    lastSelected: me ? readLastSelectedTeam(tenantId, me.id) : undefined,
    writableTeams,
  });

  return (
    <EditCardPanel
      tenantId={tenantId}
      card={null}
      teamId={teamId}
      defaultType={panel.type}
      defaultCategory={panel.category}
      defaultTemplateId={panel.templateId}
      createTitle={panel.title}
      createDescription={panel.description}
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
