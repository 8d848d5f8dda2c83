import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Team } from '@wattle/domain/teams/schemas';
import { AlertCircleIcon, CheckCheckIcon, InboxIcon, Loader2Icon, UsersIcon } from 'lucide-react';
import { useMemo } from 'react';
import { notificationsQueryOptions } from '@/features/notifications/api';
import { flattenNotifications } from '@/features/notifications/notification-cache';
import { useUnreadCount } from '@/features/notifications/use-unread-count';
import { teamsQueryOptions } from '@/features/teams/api';
import { ParticipantLine } from '@/features/teams/participant-line';
import { useCurrentTenant } from '@/features/tenants/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNow } from '@/lib/use-now';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { usePreloadCardPage } from '../cards/preload-card-page';
import { NotificationItem } from './notification-item';
import { useMarkAllRead } from './use-notification-actions';

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
        <ParticipantLine team={team} as="p" />
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
          <LoadingStatus>Loading teams...</LoadingStatus>
        </CardContent>
      ) : teams.isError ? (
        <CardContent className="pb-6">
          <LoadError
            title="Could not load the teams"
            error={teams.error}
            onRetry={() => void teams.refetch()}
          />
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

function NotificationsCard({ tenantId, tenantName }: { tenantId: string; tenantName: string }) {
  const query = useInfiniteQuery(notificationsQueryOptions(tenantId));
  // Most notifications open a card.
  usePreloadCardPage(query.data !== undefined);
  const notifications = useMemo(() => flattenNotifications(query.data), [query.data]);
  const unread = useUnreadCount();
  const markAllRead = useMarkAllRead(tenantId);
  const now = useNow(60_000);
  const headingId = 'notifications-heading';
  const hasUnreadLoaded = notifications.some((notification) => !notification.read);

  return (
    <Card className="gap-4 pb-0" aria-labelledby={headingId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle id={headingId}>Notifications</CardTitle>
          <CardDescription data-testid="unread-summary">
            {unread === 0 ? 'Nothing unread' : `${unread} unread`}
          </CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={(unread === 0 && !hasUnreadLoaded) || markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          {markAllRead.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <CheckCheckIcon aria-hidden="true" />
          )}
          Mark all read
        </Button>
      </CardHeader>

      {query.isPending ? (
        <CardContent className="pb-6">
          <LoadingStatus>Loading notifications...</LoadingStatus>
        </CardContent>
      ) : query.isError && notifications.length === 0 ? (
        <CardContent className="pb-6">
          <LoadError
            title="Could not load your notifications"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        </CardContent>
      ) : notifications.length === 0 ? (
        <CardContent className="flex flex-col items-center px-8 pt-4 pb-10 text-center">
          <span
            className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground"
            aria-hidden="true"
          >
            <InboxIcon className="size-6" />
          </span>
          <h3 className="font-semibold text-lg">You're all caught up</h3>
          <p className="mt-2 max-w-md text-muted-foreground text-sm">
            Notifications and approvals for {tenantName} will appear here: invoices waiting for your approval,
            payments received and overdue invoices, access requests, and trial reminders.
          </p>
        </CardContent>
      ) : (
        <>
          {query.isRefetchError ? (
            <CardContent>
              <Alert variant="destructive">
                <AlertCircleIcon aria-hidden="true" />
                <AlertTitle>Could not refresh your notifications</AlertTitle>
                <AlertDescription>
                  <p>What you see may be out of date. {query.error?.message}</p>
                </AlertDescription>
              </Alert>
            </CardContent>
          ) : null}
          <ul className="divide-y border-t" aria-labelledby={headingId}>
            {notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                tenantId={tenantId}
                notification={notification}
                now={now}
              />
            ))}
          </ul>
          {query.hasNextPage ? (
            <CardContent className="border-t py-4">
              <Button
                variant="outline"
                size="sm"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? 'Loading...' : 'Show older notifications'}
              </Button>
            </CardContent>
          ) : null}
        </>
      )}
    </Card>
  );
}

/**
 * /inbox: home after sign-in (spec shell sections 2 and 4). The user's notifications in the current
 * tenant, newest first, with access requests to decide; beside them the teams of the tenant.
 */
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
        <NotificationsCard key={tenant.id} tenantId={tenant.id} tenantName={tenant.name} />
        <TeamsCard tenantId={tenant.id} tenantName={tenant.name} />
      </div>
    </div>
  );
}
