import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { InvitationLink } from '@wattle/domain/care-teams/schemas';
import type { Me } from '@wattle/domain/users/schemas';
import { AlertCircleIcon, CheckCircle2Icon, Loader2Icon, MailIcon, UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CenteredLayout } from '@/app/centered-layout';
import { logout, meQueryOptions } from '@/features/auth/api';
import { forgetUserData } from '@/features/auth/session';
import { AccessibilityPreferencesApplier } from '@/features/preferences/accessibility-preferences';
import { makeTenantCurrent, tenantsQueryOptions } from '@/features/tenants/api';
import { isApiError } from '@/lib/http';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/ui/card';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { toast } from '@/ui/toast';
import { type AcceptInvitationResult, invitationLinkQueryOptions, useAcceptInvitation } from './api';
import { formatDay, type InviteState, inviteState } from './invite-state';

const inviteRoute = getRouteApi('/invite/$token');

function Details({ link }: { link: InvitationLink }) {
  const rows: [string, string][] = [
    ['Organisation', link.tenantName],
    ['Team', link.teamName ?? 'No team: the organisation only'],
    ['Role', link.role ?? 'Member'],
    ['Invited by', link.invitedByName ?? 'Someone at the organisation'],
    ['Sent to', link.email],
    ['Expires', formatDay(link.expiresAt)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border bg-muted/40 p-4 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="min-w-0 break-words font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Why the link cannot be accepted, in the inviter's terms. */
function closedMessage(
  state: Exclude<InviteState, 'open'>,
  link: InvitationLink,
  me: Me,
): { title: string; text: string } {
  const inviter = link.invitedByName ?? 'the person who invited you';
  const team = link.teamName ?? link.tenantName;
  switch (state) {
    case 'expired':
      return {
        title: 'This invitation has expired',
        text: `It expired on ${formatDay(link.expiresAt)}. Ask ${inviter} to send you a new one.`,
      };
    case 'revoked':
      return {
        title: 'This invitation was withdrawn',
        text: `${inviter} withdrew it. Ask them if you should still join ${team}.`,
      };
    case 'accepted':
      return {
        title: 'This invitation has already been accepted',
        text: `The link works once. If you accepted it, ${team} is in your list of teams.`,
      };
    case 'not-for-me':
      return {
        title: `Sign in with ${link.email} to accept`,
        text: `This invitation was sent to ${link.email}, and you are signed in as ${me.email}.`,
      };
  }
}

function PageCard({ children }: { children: ReactNode }) {
  return (
    <CenteredLayout>
      <AccessibilityPreferencesApplier />
      <Card>{children}</Card>
    </CenteredLayout>
  );
}

/**
 * /invite/{token} (issue 13 part 5): the invitation a link stands for (organisation, team, role, who
 * invited and until when) and 'Accept invitation', which joins the team, makes its organisation the
 * current one and opens the team. Only the invited e-mail may accept; the page says so otherwise.
 */
export function InvitePage() {
  useDocumentTitle('Invitation');
  const { token } = inviteRoute.useParams();
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const link = useQuery(invitationLinkQueryOptions(token));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const accept = useAcceptInvitation(token);
  const tenants = useQuery(tenantsQueryOptions());

  const signOut = useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      await navigate({ to: '/login', search: { redirect: `/invite/${token}` } });
      forgetUserData(queryClient, { kind: 'signed-out' });
    },
  });

  async function openTeam(result: Pick<AcceptInvitationResult, 'tenantId' | 'teamId' | 'teamSlug'>) {
    makeTenantCurrent(me.id, result.tenantId);
    await queryClient.fetchQuery({ ...tenantsQueryOptions(), staleTime: 0 });
    const team = result.teamSlug ?? result.teamId;
    if (team) {
      await navigate({ to: '/my-teams/$teamSlug/$view', params: { teamSlug: team, view: 'work-board' } });
    } else {
      await navigate({ to: '/inbox' });
    }
  }

  function onAccept() {
    accept.mutate(undefined, {
      onSuccess: async (result) => {
        toast.success('Invitation accepted', {
          description: link.data?.teamName
            ? `Welcome to ${link.data.teamName}.`
            : `Welcome to ${link.data?.tenantName ?? 'the organisation'}.`,
        });
        await openTeam(result);
      },
    });
  }

  if (link.isPending) {
    return (
      <PageCard>
        <CardContent>
          <LoadingStatus>Loading the invitation...</LoadingStatus>
        </CardContent>
      </PageCard>
    );
  }

  if (link.isError) {
    const isUnknown = isApiError(link.error) && link.error.status === 404;
    return (
      <PageCard>
        <CardHeader>
          <h1 className="font-semibold text-2xl tracking-tight">Invitation</h1>
        </CardHeader>
        <CardContent>
          {isUnknown ? (
            <Alert variant="destructive">
              <AlertCircleIcon aria-hidden="true" />
              <AlertTitle>This invitation link is not valid</AlertTitle>
              <AlertDescription>
                Check that the whole link was copied, or ask the person who invited you to send it again.
              </AlertDescription>
            </Alert>
          ) : (
            <LoadError
              title="Could not load the invitation"
              error={link.error}
              onRetry={() => void link.refetch()}
            />
          )}
        </CardContent>
        <CardFooter className="justify-end">
          <Button variant="outline" onClick={() => void navigate({ to: '/' })}>
            Return to home
          </Button>
        </CardFooter>
      </PageCard>
    );
  }

  const data = link.data;
  const state = inviteState(data, new Date());
  const closed = state === 'open' ? null : closedMessage(state, data, me);

  return (
    <PageCard>
      <CardHeader>
        <div className="mb-2 flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
          {data.teamName ? (
            <UsersIcon className="size-5" aria-hidden="true" />
          ) : (
            <MailIcon className="size-5" aria-hidden="true" />
          )}
        </div>
        <h1 className="font-semibold text-2xl tracking-tight">
          {data.teamName ? `Join ${data.teamName}` : `Join ${data.tenantName}`}
        </h1>
        <CardDescription>
          {data.invitedByName ?? 'Someone'} invited you to {data.teamName ? 'this care team at ' : ''}
          {data.tenantName} in Wattle.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Details link={data} />
        {closed ? (
          <Alert variant={state === 'accepted' ? 'default' : 'destructive'}>
            {state === 'accepted' ? (
              <CheckCircle2Icon aria-hidden="true" />
            ) : (
              <AlertCircleIcon aria-hidden="true" />
            )}
            <AlertTitle className="line-clamp-none">{closed.title}</AlertTitle>
            <AlertDescription>{closed.text}</AlertDescription>
          </Alert>
        ) : null}
        {accept.error ? (
          <Alert variant="destructive">
            <AlertCircleIcon aria-hidden="true" />
            <AlertTitle>The invitation was not accepted</AlertTitle>
            <AlertDescription>{accept.error.message}</AlertDescription>
          </Alert>
        ) : null}
      </CardContent>
      <CardFooter className="flex flex-wrap justify-end gap-2">
        {state === 'not-for-me' ? (
          <Button onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {signOut.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            Sign out and switch account
          </Button>
        ) : (
          <Button variant="outline" onClick={() => void navigate({ to: '/' })}>
            Return to home
          </Button>
        )}
        {state === 'accepted' && tenants.data?.some((tenant) => tenant.id === data.tenantId) ? (
          <Button onClick={() => void openTeam(data)}>Open {data.teamName ?? data.tenantName}</Button>
        ) : null}
        {state === 'open' ? (
          <Button onClick={onAccept} disabled={accept.isPending || accept.isSuccess}>
            {accept.isPending || accept.isSuccess ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : null}
            Accept invitation
          </Button>
        ) : null}
      </CardFooter>
    </PageCard>
  );
}
