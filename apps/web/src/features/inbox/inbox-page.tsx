import { useQuery } from '@tanstack/react-query';
import type { Team } from '@wattle/domain/teams/schemas';
import { AlertCircleIcon, InboxIcon, Loader2Icon, UserRoundIcon, UsersIcon } from 'lucide-react';
import { teamsQueryOptions } from '@/features/teams/api';
import { useCurrentTenant } from '@/features/tenants/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';

function TeamRow({ team }: { team: Team }) {
  return (
    <li className="flex items-center gap-3 px-6 py-3" data-testid="team-row">
      <span
        className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground"
        aria-hidden="true"
      >
        <UsersIcon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-sm">{team.name}</p>
        <p className="flex items-center gap-1 truncate text-muted-foreground text-sm">
          <UserRoundIcon className="size-3.5 shrink-0" aria-hidden="true" />
          {team.participant ? (
            <>
              <span className="sr-only">Participant: </span>
              {team.participant.name}
            </>
          ) : (
            'No participant linked yet'
          )}
        </p>
      </div>
      {team.status === 'archived' ? (
        <span className="rounded-full bg-muted px-2 py-0.5 text-muted-foreground text-xs">Archived</span>
      ) : null}
    </li>
  );
}

function TeamsCard({ tenantId, tenantName }: { tenantId: string; tenantName: string }) {
  const teams = useQuery(teamsQueryOptions(tenantId));
  const headingId = 'teams-heading';

  return (
    <Card className="gap-4 pb-0" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>Teams in {tenantName}</CardTitle>
        <CardDescription>The care teams you can see in this organisation.</CardDescription>
      </CardHeader>
      {teams.isPending ? (
        <CardContent className="pb-6">
          <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
            <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
            Loading teams...
          </p>
        </CardContent>
      ) : teams.isError ? (
        <CardContent className="pb-6">
          <Alert variant="destructive">
            <AlertCircleIcon aria-hidden="true" />
            <AlertTitle>Could not load the teams</AlertTitle>
            <AlertDescription>
              <p>{teams.error.message}</p>
              <Button variant="outline" size="sm" className="mt-1" onClick={() => void teams.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        </CardContent>
      ) : teams.data.length === 0 ? (
        <CardContent className="pb-6">
          <p className="text-muted-foreground text-sm">You are not on any team in this organisation yet.</p>
        </CardContent>
      ) : (
        <ul className="divide-y border-t" aria-labelledby={headingId}>
          {teams.data.map((team) => (
            <TeamRow key={team.id} team={team} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /inbox: home after sign-in. Notifications and approvals arrive in a later issue; for now the tenant's teams. */
export function InboxPage() {
  useDocumentTitle('Inbox');
  const { tenant } = useCurrentTenant();

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="font-semibold text-2xl tracking-tight">Inbox</h1>
        <p className="mt-1 text-muted-foreground text-sm" data-testid="inbox-tenant">
          {tenant.name}
        </p>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card aria-labelledby="inbox-empty-heading">
          <CardContent className="flex flex-col items-center px-8 py-10 text-center">
            <span
              className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground"
              aria-hidden="true"
            >
              <InboxIcon className="size-6" />
            </span>
            <h2 id="inbox-empty-heading" className="font-semibold text-lg">
              No notifications
            </h2>
            <p className="mt-2 max-w-md text-muted-foreground text-sm">
              Notifications and approvals for {tenant.name} will appear here: invoices waiting for your
              approval, payments received and overdue invoices, access requests, and trial reminders.
            </p>
          </CardContent>
        </Card>

        <TeamsCard tenantId={tenant.id} tenantName={tenant.name} />
      </div>
    </div>
  );
}
