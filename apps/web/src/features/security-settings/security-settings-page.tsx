import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { can } from '@wattle/domain/auth/permissions';
import { LockIcon } from 'lucide-react';
import { meQueryOptions } from '@/features/auth/api';
import { tenantWideRole } from '@/features/participants/participant-access';
import { useCurrentTenant } from '@/features/tenants/api';
import { currentTenantQueryOptions } from '@/features/time/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { ApiTokensSection } from './api-tokens-section';
import { OrganisationSecuritySection } from './organisation-security-section';
import { SessionsSection } from './sessions-section';

/**
 * /settings/security (issue 17 `security`): the person's sessions and personal API tokens, and for
 * owners and admins the organisation's session idle time and allowed e-mail domains.
 */
export function SecuritySettingsPage() {
  useDocumentTitle('Security');
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { tenant } = useCurrentTenant();
  const canManage = can(tenantWideRole(me.platformRole, tenant.role), 'manage:tenant');
  const current = useQuery({ ...currentTenantQueryOptions(tenant.id), enabled: canManage });

  return (
    <div className="flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
          <LockIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          Security
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">
          Where you're signed in, and the tokens scripts use to reach Wattle as you.
        </p>
      </div>
      <SessionsSection />
      <ApiTokensSection />
      {!canManage ? null : current.isPending ? (
        <LoadingStatus>Loading the organisation's sign-in rules...</LoadingStatus>
      ) : current.isError ? (
        <LoadError
          title="Could not load the organisation's sign-in rules"
          error={current.error}
          onRetry={() => void current.refetch()}
        />
      ) : (
        <OrganisationSecuritySection tenant={current.data} />
      )}
    </div>
  );
}
