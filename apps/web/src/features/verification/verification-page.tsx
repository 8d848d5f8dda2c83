import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { AlertCircleIcon, CheckCircle2Icon, Loader2Icon, ShieldCheckIcon } from 'lucide-react';
import { CenteredLayout } from '@/app/centered-layout';
import { authKeys, meQueryOptions } from '@/features/auth/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/ui/card';
import { acknowledgeVerification, verificationAcknowledgement } from './api';

const verificationRoute = getRouteApi('/signed-in/verification-required');

/**
 * /verification-required: participant records need a verified account (spec shell sections 2, 4;
 * DESIGN.md section 5). 'I understand' verifies the account and returns to where the user came from.
 */
export function VerificationPage() {
  useDocumentTitle('Verification required');
  const { redirect: returnTo } = verificationRoute.useSearch();
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const acknowledge = useMutation({
    mutationFn: acknowledgeVerification,
    onSuccess: async (updated) => {
      queryClient.setQueryData(authKeys.me, updated);
      await navigate({ href: returnTo ?? '/inbox', replace: true });
    },
  });

  return (
    <CenteredLayout>
      <Card>
        <CardHeader>
          <div className="mb-2 flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <ShieldCheckIcon className="size-5" aria-hidden="true" />
          </div>
          <h1 className="font-semibold text-2xl tracking-tight">Verification required</h1>
          <CardDescription>
            Participant records hold sensitive personal and health information, so Wattle only shows them to
            verified accounts.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 text-sm">
          {me.isVerified ? (
            <Alert>
              <CheckCircle2Icon aria-hidden="true" />
              <AlertTitle>Your account is verified</AlertTitle>
              <AlertDescription>You can view participant records your role allows.</AlertDescription>
            </Alert>
          ) : (
            <>
              <p>By selecting '{verificationAcknowledgement}' you confirm that you will:</p>
              <ul className="list-disc space-y-1.5 pl-5 text-muted-foreground">
                <li>open participant records only when your work with that participant needs it;</li>
                <li>
                  keep what you see confidential, as the NDIS Code of Conduct and the Privacy Act require;
                </li>
                <li>use participant information only to plan, deliver and account for their supports.</li>
              </ul>
            </>
          )}
          {acknowledge.error ? (
            <Alert variant="destructive">
              <AlertCircleIcon aria-hidden="true" />
              <AlertTitle>Your account was not verified</AlertTitle>
              <AlertDescription>{acknowledge.error.message}</AlertDescription>
            </Alert>
          ) : null}
        </CardContent>
        <CardFooter className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => void navigate({ to: '/' })}>
            Return to home
          </Button>
          {me.isVerified ? null : (
            <Button onClick={() => acknowledge.mutate()} disabled={acknowledge.isPending}>
              {acknowledge.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {verificationAcknowledgement}
            </Button>
          )}
        </CardFooter>
      </Card>
    </CenteredLayout>
  );
}
