import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { can } from '@wattle/domain/auth/permissions';
import type { IntegrationKind, IntegrationStatus } from '@wattle/domain/integrations/schemas';
import { AlertCircleIcon, CheckCircle2Icon, Loader2Icon, PlugIcon, XCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { meQueryOptions } from '@/features/auth/api';
import { tenantWideRole } from '@/features/participants/participant-access';
import { formatBytes } from '@/features/system-settings/format-usage';
import { useCurrentTenant } from '@/features/tenants/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SectionCard } from '@/ui/section-card';
import { integrationStatusQueryOptions, useTestIntegration } from './api';

/**
 * /settings/integrations (issue 17 item 3): how this Wattle installation signs people in, sends
 * e-mail, keeps files and scans them, each with a "Test connection" that really connects. Tenant
 * admins and up (the spec's settings table); never a secret, only whether one is set.
 */
export function IntegrationsSettingsPage() {
  useDocumentTitle('Integrations');
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { tenant } = useCurrentTenant();
  const canRead = can(tenantWideRole(me.platformRole, tenant.role), 'manage:tenant');
  const status = useQuery({ ...integrationStatusQueryOptions(tenant.id), enabled: canRead });

  return (
    <div className="flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
          <PlugIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          Integrations
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">
          The services Wattle connects to for your organisation, as the server is configured. Passwords and
          keys are never shown, only whether they are set.
        </p>
      </div>
      {!canRead ? (
        <Alert>
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>Only owners and admins see Integrations</AlertTitle>
          <AlertDescription>
            Ask an admin of your organisation if e-mail or sign-in is not working.
          </AlertDescription>
        </Alert>
      ) : status.isPending ? (
        <LoadingStatus>Loading the integrations...</LoadingStatus>
      ) : status.isError ? (
        <LoadError
          title="Could not load the integrations"
          error={status.error}
          onRetry={() => void status.refetch()}
        />
      ) : (
        <IntegrationCards tenantId={tenant.id} status={status.data} />
      )}
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="shrink-0 text-muted-foreground text-sm sm:w-40">{term}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

function SetBadge({ isSet, children }: { isSet: boolean; children: string }) {
  return <Badge variant={isSet ? 'success' : 'outline'}>{children}</Badge>;
}

function IntegrationCards({ tenantId, status }: { tenantId: string; status: IntegrationStatus }) {
  const { signIn, smtp, storage, clamd } = status;
  return (
    <div className="flex flex-col gap-4">
      <SectionCard title="Sign-in" description="How people prove who they are.">
        <dl className="flex flex-col gap-2">
          <Fact term="Method">
            {signIn.mode === 'oidc' ? 'Single sign-on (OpenID Connect)' : 'Demo sign-in (not for real use)'}
          </Fact>
          {signIn.mode === 'oidc' ? (
            <>
              <Fact term="Identity provider">{signIn.issuer}</Fact>
              <Fact term="Client id">{signIn.clientId}</Fact>
              <Fact term="Client secret">
                <SetBadge isSet={signIn.hasClientSecret}>
                  {signIn.hasClientSecret ? 'Set' : 'Not set'}
                </SetBadge>
              </Fact>
            </>
          ) : null}
          <Fact term="Public address">{signIn.publicUrl ?? 'Not set (PUBLIC_URL)'}</Fact>
        </dl>
        <ConnectionTest tenantId={tenantId} kind="sign-in" label="sign-in" />
      </SectionCard>

      <SectionCard
        title="E-mail (SMTP)"
        description="Invitations, notifications and invoices sent by e-mail."
      >
        <dl className="flex flex-col gap-2">
          <Fact term="State">
            <SetBadge isSet={smtp.isConfigured}>
              {smtp.isConfigured ? 'Configured' : 'Not configured'}
            </SetBadge>
          </Fact>
          {smtp.isConfigured ? (
            <>
              <Fact term="Server">
                {smtp.host}:{smtp.port} {smtp.isTls ? '(TLS)' : '(STARTTLS when offered)'}
              </Fact>
              <Fact term="Sign-in">{smtp.hasCredentials ? 'User name and password set' : 'None'}</Fact>
            </>
          ) : (
            <Fact term="Without it">Wattle sends no e-mail; invitation links are shown to copy.</Fact>
          )}
          <Fact term="Sent from">{smtp.from}</Fact>
        </dl>
        <ConnectionTest tenantId={tenantId} kind="smtp" label="e-mail" />
      </SectionCard>

      <SectionCard title="File storage" description="Where attachments and audit packs are kept.">
        <dl className="flex flex-col gap-2">
          <Fact term="Kind">
            {storage.kind === 'directory' ? 'A directory on the server' : 'S3-compatible bucket'}
          </Fact>
          <Fact term="Location">
            <span className="break-all">{storage.location}</span>
          </Fact>
          {storage.kind === 'directory' ? (
            <>
              <Fact term="Writable">
                <SetBadge isSet={storage.isWritable === true}>{storage.isWritable ? 'Yes' : 'No'}</SetBadge>
              </Fact>
              <Fact term="Free space">
                {storage.freeBytes === null ? 'Unknown' : formatBytes(storage.freeBytes)}
              </Fact>
            </>
          ) : null}
        </dl>
        <ConnectionTest tenantId={tenantId} kind="storage" label="file storage" />
      </SectionCard>

      <SectionCard
        title="Virus scanning (clamd)"
        description="Every upload is scanned before anyone can download it."
      >
        <dl className="flex flex-col gap-2">
          <Fact term="State">
            <SetBadge isSet={clamd.isConfigured}>
              {clamd.isConfigured ? 'Configured' : 'Not configured'}
            </SetBadge>
          </Fact>
          {clamd.isConfigured ? (
            <Fact term="Address">
              {clamd.host}:{clamd.port}
            </Fact>
          ) : (
            <Fact term="Without it">Uploads are kept and marked “not scanned”.</Fact>
          )}
        </dl>
        <ConnectionTest tenantId={tenantId} kind="clamd" label="virus scanning" />
      </SectionCard>
    </div>
  );
}

/** A "Test connection" button and, once run, what it found (announced to screen readers). */
function ConnectionTest({
  tenantId,
  kind,
  label,
}: {
  tenantId: string;
  kind: IntegrationKind;
  label: string;
}) {
  const test = useTestIntegration(tenantId, kind);
  return (
    <div className="mt-4 flex flex-col items-start gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={() => test.mutate()}
        disabled={test.isPending}
        aria-label={`Test connection: ${label}`}
      >
        {test.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
        Test connection
      </Button>
      <div role="status" aria-live="polite" className="text-sm" data-testid={`test-result-${kind}`}>
        {test.isPending ? (
          'Testing...'
        ) : test.isError ? (
          <span className="flex items-start gap-1.5 text-destructive">
            <XCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            The test could not run: {test.error.message}
          </span>
        ) : test.data ? (
          <span
            className={`flex items-start gap-1.5 ${test.data.isOk ? 'text-emerald-800' : 'text-destructive'}`}
          >
            {test.data.isOk ? (
              <CheckCircle2Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            ) : (
              <XCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            )}
            <span>
              {test.data.isOk ? 'Connected. ' : 'Failed. '}
              {test.data.message} ({Math.round(test.data.latencyMs)} ms)
            </span>
          </span>
        ) : null}
      </div>
    </div>
  );
}
