import { can } from '@wattle/domain/auth/permissions';
import { ShieldAlertIcon } from 'lucide-react';
import { TeamSummary } from '@/features/placeholders/team-summary';
import { useRouteTeam } from '@/features/placeholders/use-route-team';
import { useCurrentTenant } from '@/features/tenants/api';
import { useTenantClock } from '@/features/time/use-tenant-clock';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LogSection } from './log-section';
import { RegisterSection } from './register-section';
import { ReportsSection } from './reports-section';

/**
 * /my-teams/{teamSlug}/restrictive-practices (issue 16 item 3): the team's participant's register of
 * authorised practices, the log of uses ("Log a use"), and the monthly reports to the Commission.
 * Support workers read and log; the team's clinicians and leads keep the register and the reports;
 * family guardians are told this is for care staff.
 */
export function RestrictivePracticesPage() {
  const team = useRouteTeam();
  const { tenant } = useCurrentTenant();
  const { timeZone } = useTenantClock(tenant.id);
  useDocumentTitle(team ? `Restrictive Practices · ${team.name}` : 'Restrictive Practices');
  if (!team) return null;
  const participant = team.participant;
  const canRead = can(team.myRole, 'read:restrictive-practices');

  return (
    <div className="mx-auto flex w-full min-w-0 max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-1">
        <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
          <ShieldAlertIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          Restrictive Practices
        </h1>
        <p className="text-muted-foreground text-sm">
          The practices authorised in {participant ? `${participant.name}'s` : 'the'} behaviour support plan,
          every use of one, and each month's report to the NDIS Quality and Safeguards Commission.
        </p>
      </div>
      <TeamSummary team={team} />
      {!canRead ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-muted-foreground text-sm" role="status">
          Restrictive practices are recorded by {team.name}'s care staff. Ask the team's lead if you need to
          know about them.
        </p>
      ) : !participant ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-muted-foreground text-sm" role="status">
          {team.name} has no participant yet. Restrictive practices are recorded for the participant a team
          supports.
        </p>
      ) : (
        <>
          <RegisterSection tenantId={tenant.id} team={team} participantId={participant.id} />
          <LogSection tenantId={tenant.id} team={team} participantId={participant.id} timeZone={timeZone} />
          <ReportsSection
            tenantId={tenant.id}
            team={team}
            participantId={participant.id}
            timeZone={timeZone}
          />
        </>
      )}
    </div>
  );
}
