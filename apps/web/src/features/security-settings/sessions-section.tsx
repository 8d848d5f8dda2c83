import { useQuery } from '@tanstack/react-query';
import type { MySession } from '@wattle/domain/users/sessions';
import { Loader2Icon, LogOutIcon, MonitorSmartphoneIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ConfirmDialog, ConfirmDialogAction } from '@/ui/confirm-dialog';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SectionCard } from '@/ui/section-card';
import { toast } from '@/ui/toast';
import { mySessionsQueryOptions, useSignOutOtherSessions, useSignOutSession } from './api';
import { formatWhen } from './format';

/** Where the person is signed in, with sign-out of one session or of all the others. */
export function SessionsSection() {
  const sessions = useQuery(mySessionsQueryOptions());
  const signOutOne = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const [isConfirmingAll, setIsConfirmingAll] = useState(false);
  const others = sessions.data?.filter((session) => !session.isCurrent) ?? [];

  const signOut = (session: MySession) =>
    signOutOne.mutate(session.id, {
      onSuccess: () => toast.success(`Signed out ${session.device}`),
      onError: (error) => toast.error('That session was not signed out', { description: error.message }),
    });

  return (
    <SectionCard
      title="Where you're signed in"
      description="Each browser you signed in with. Sign out any you don't recognise or no longer use: it is signed out on its next click."
      contentClassName="flex flex-col gap-4"
    >
      {sessions.isPending ? (
        <LoadingStatus>Loading your sessions...</LoadingStatus>
      ) : sessions.isError ? (
        <LoadError
          title="Could not load your sessions"
          error={sessions.error}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <>
          <ul className="flex flex-col divide-y rounded-md border" aria-label="Your sessions">
            {sessions.data.map((session) => (
              <li
                key={session.id}
                className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center"
                data-testid="session-row"
                data-session-id={session.id}
              >
                <MonitorSmartphoneIcon
                  className="hidden size-5 shrink-0 text-muted-foreground sm:block"
                  aria-hidden="true"
                />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-sm">
                    {session.device}
                    {session.isCurrent ? <Badge variant="secondary">This device</Badge> : null}
                  </p>
                  <p className="text-muted-foreground text-xs">
                    {session.ip ? `IP ${session.ip} · ` : ''}Signed in {formatWhen(session.createdAt)} · Last
                    active {formatWhen(session.lastSeenAt)}
                  </p>
                </div>
                {session.isCurrent ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    className="self-start sm:self-center"
                    disabled={signOutOne.isPending && signOutOne.variables === session.id}
                    aria-label={`Sign out ${session.device}, last active ${formatWhen(session.lastSeenAt)}`}
                    onClick={() => signOut(session)}
                  >
                    <LogOutIcon aria-hidden="true" />
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {others.length > 0 ? (
            <div>
              <Button
                variant="outline"
                onClick={() => setIsConfirmingAll(true)}
                disabled={signOutOthers.isPending}
              >
                {signOutOthers.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
                Sign out all other sessions
              </Button>
            </div>
          ) : (
            <p className="text-muted-foreground text-sm">You're signed in on this device only.</p>
          )}
        </>
      )}
      <ConfirmDialog
        open={isConfirmingAll}
        title="Sign out all other sessions?"
        description={`${others.length === 1 ? 'The other session' : `All ${others.length} other sessions`} will be signed out. You stay signed in here.`}
        cancelLabel="Cancel"
        onKeepEditing={() => setIsConfirmingAll(false)}
        isBusy={signOutOthers.isPending}
      >
        <ConfirmDialogAction asChild>
          <Button
            variant="destructive"
            onClick={() =>
              signOutOthers.mutate(undefined, {
                onSuccess: ({ signedOut }) =>
                  toast.success(
                    signedOut === 1 ? 'Signed out 1 other session' : `Signed out ${signedOut} other sessions`,
                  ),
                onError: (error) =>
                  toast.error('The other sessions were not signed out', { description: error.message }),
              })
            }
          >
            Sign out others
          </Button>
        </ConfirmDialogAction>
      </ConfirmDialog>
    </SectionCard>
  );
}
