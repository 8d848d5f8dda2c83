import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { can } from '@wattle/domain/auth/permissions';
import { setFeatureCommand, type TenantFeature, tenantFeatureInfo } from '@wattle/domain/tenants/features';
import { PowerOffIcon } from 'lucide-react';
import { meQueryOptions } from '@/features/auth/api';
import { useCurrentTenant } from '@/features/tenants/api';
import { platformRoleOf } from '@/features/tenants/current-role';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * What a page of a feature that is off for the organisation shows instead of itself: which feature,
 * and how to turn it on (the server answers its routes 403 FEATURE_OFF with the same advice).
 */
export function FeatureOffNotice({ feature }: { feature: TenantFeature }) {
  const { label, description } = tenantFeatureInfo[feature];
  useDocumentTitle(`${label} is turned off`);
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { tenant } = useCurrentTenant();
  const isGlobalAdmin = can(platformRoleOf(me.platformRole), 'manage:tenant-features');
  return (
    <div className="flex w-full max-w-2xl flex-col gap-3 px-4 py-10 sm:px-6" data-testid="feature-off">
      <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
        <PowerOffIcon className="size-6 text-muted-foreground" aria-hidden="true" />
        {label} is turned off
      </h1>
      <p className="text-muted-foreground">
        {description} {tenant.name} does not use this part of Wattle at the moment.
      </p>
      {isGlobalAdmin ? (
        <p>
          You can turn it on in{' '}
          <Link to="/settings/global" className="font-medium underline underline-offset-4">
            Settings → Global Settings
          </Link>
          .
        </p>
      ) : (
        <p>
          To turn it on, ask a Wattle global admin (Settings → Global Settings), or whoever runs your Wattle
          server to run{' '}
          <code className="break-all rounded bg-muted px-1 py-0.5 text-sm">
            {setFeatureCommand(tenant.slug, feature)}
          </code>
          .
        </p>
      )}
    </div>
  );
}
