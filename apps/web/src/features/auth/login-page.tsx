import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { DemoUser } from '@wattle/domain/users/schemas';
import { AlertCircleIcon, ChevronRightIcon, InfoIcon, Loader2Icon, LogInIcon } from 'lucide-react';
import { CenteredLayout } from '@/app/centered-layout';
import { personInitials } from '@/lib/person-initials';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/ui/card';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { authConfigQueryOptions, authKeys, demoLogin, demoUsersQueryOptions, oidcLoginPath } from './api';
import { forgetUserData } from './session';

const loginRoute = getRouteApi('/login');

function DemoUserButton({
  user,
  onSelect,
  isPending,
  disabled,
}: {
  user: DemoUser;
  onSelect: (email: string) => void;
  isPending: boolean;
  disabled: boolean;
}) {
  return (
    <li className="flex">
      <button
        type="button"
        onClick={() => onSelect(user.email)}
        disabled={disabled}
        className="group flex h-full w-full items-center gap-3 rounded-lg border bg-background px-3 py-2.5 text-left transition-colors hover:border-primary/40 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground text-xs group-hover:bg-background"
          aria-hidden="true"
        >
          {personInitials(user.name)}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-sm">
            <span className="sr-only">Sign in as </span>
            {user.name}
            <span className="sr-only">,</span>
          </span>
          <span className="mt-0.5 line-clamp-3 text-muted-foreground text-xs" title={user.description}>
            {user.description}
          </span>
        </span>
        {isPending ? (
          <Loader2Icon className="size-4 shrink-0 animate-spin text-muted-foreground" aria-hidden="true" />
        ) : (
          <ChevronRightIcon
            className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
            aria-hidden="true"
          />
        )}
      </button>
    </li>
  );
}

function DemoSignIn({ returnTo }: { returnTo: string | undefined }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const users = useQuery(demoUsersQueryOptions());
  const login = useMutation({
    mutationFn: demoLogin,
    onSuccess: async (me) => {
      forgetUserData(queryClient, { kind: 'signed-in', userId: me.id });
      queryClient.setQueryData(authKeys.me, me);
      // The tenant guard sends users without a tenant on to /onboarding; an invite link comes back.
      await (returnTo ? navigate({ href: returnTo }) : navigate({ to: '/inbox' }));
    },
  });

  return (
    <div className="flex flex-col gap-4">
      <Alert>
        <InfoIcon aria-hidden="true" />
        <AlertTitle>Demo sign-in</AlertTitle>
        <AlertDescription>
          This server runs with demonstration accounts. Choose a person to sign in as; each has a different
          role.
        </AlertDescription>
      </Alert>
      {login.error ? (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>Sign-in failed</AlertTitle>
          <AlertDescription>{login.error.message}</AlertDescription>
        </Alert>
      ) : null}
      {users.isPending ? (
        <LoadingStatus>Loading demo accounts...</LoadingStatus>
      ) : users.isError ? (
        <LoadError
          title="Could not load the demo accounts"
          error={users.error}
          onRetry={() => void users.refetch()}
        />
      ) : users.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">There are no demo accounts on this server.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label="Demo accounts">
          {users.data.map((user) => (
            <DemoUserButton
              key={user.email}
              user={user}
              onSelect={(email) => login.mutate(email)}
              isPending={login.isPending && login.variables === user.email}
              disabled={login.isPending}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function OidcSignIn({ returnTo }: { returnTo: string | undefined }) {
  return (
    <div className="flex flex-col gap-3">
      <Button size="lg" className="w-full" asChild>
        <a href={returnTo ? `${oidcLoginPath}?returnTo=${encodeURIComponent(returnTo)}` : oidcLoginPath}>
          <LogInIcon aria-hidden="true" />
          Sign in with your work account
        </a>
      </Button>
      <p className="text-center text-muted-foreground text-xs">
        You will be taken to your organisation's sign-in page and brought back here.
      </p>
    </div>
  );
}

/** What each `/login?error=` code from the single sign-on callback means for the person signing in. */
const signInErrors: Record<string, string> = {
  oidc_expired: 'The sign-in took too long. Please try again.',
  oidc_state: 'The sign-in could not be matched to this browser. Please try again.',
  oidc_denied: 'Sign-in was cancelled or refused at your organisation. Please try again.',
  oidc_failed: 'Your organisation’s sign-in service did not answer as expected. Please try again.',
  email_unverified:
    'Your account does not have a verified email address. Ask your organisation’s administrator to verify it.',
  account_disabled: 'This account has been deactivated. Ask your organisation’s administrator for access.',
  account_conflict:
    'This email is already linked to a different sign-in. Ask your organisation’s administrator to check it.',
};

export function signInErrorMessage(code: string): string {
  return signInErrors[code] ?? 'Sign-in did not complete. Please try again.';
}

/** /login: demo accounts or the organisation's single sign-on, whichever the server runs. */
export function LoginPage() {
  useDocumentTitle('Sign in');
  const { error: callbackError, redirect: returnTo } = loginRoute.useSearch();
  const config = useQuery(authConfigQueryOptions());
  const isDemo = config.data?.mode === 'demo';

  return (
    <CenteredLayout wide={isDemo}>
      <Card>
        <CardHeader className="text-center">
          <h1 className="font-semibold text-2xl tracking-tight">Sign in to Wattle</h1>
          <CardDescription>Care coordination for your NDIS participants and teams.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {callbackError ? (
            <Alert variant="destructive">
              <AlertCircleIcon aria-hidden="true" />
              <AlertTitle>Sign-in failed</AlertTitle>
              <AlertDescription>{signInErrorMessage(callbackError)}</AlertDescription>
            </Alert>
          ) : null}
          {config.isPending ? (
            <p role="status" className="flex items-center justify-center gap-2 text-muted-foreground text-sm">
              <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
              Loading...
            </p>
          ) : config.isError ? (
            <LoadError
              title="Sign-in is unavailable"
              error={config.error}
              onRetry={() => void config.refetch()}
            />
          ) : isDemo ? (
            <DemoSignIn returnTo={returnTo} />
          ) : (
            <OidcSignIn returnTo={returnTo} />
          )}
        </CardContent>
      </Card>
    </CenteredLayout>
  );
}
