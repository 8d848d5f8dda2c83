import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { can } from '@wattle/domain/auth/permissions';
import type { TenantFeatureFlags } from '@wattle/domain/global-settings/schemas';
import { type TenantFeature, tenantFeatureInfo, tenantFeatures } from '@wattle/domain/tenants/features';
import { AlertCircleIcon, GlobeIcon } from 'lucide-react';
import { meQueryOptions } from '@/features/auth/api';
import { platformRoleOf } from '@/features/tenants/current-role';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SectionCard } from '@/ui/section-card';
import { Switch } from '@/ui/switch';
import { toast } from '@/ui/toast';
import { tenantFeatureFlagsQueryOptions, useSetTenantFeatures } from './api';

/**
 * /settings/global (issue 17 item 3): global admins turn each organisation's features on and off.
 * A feature that is off is hidden in that organisation's app and refused by the server with the way
 * to turn it on; every change is written to the organisation's audit log.
 */
export function GlobalSettingsPage() {
  useDocumentTitle('Global Settings');
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const isGlobalAdmin = can(platformRoleOf(me.platformRole), 'manage:tenant-features');

  return (
    <div className="flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
          <GlobeIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          Global Settings
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">
          The features each organisation uses. A feature turned off disappears from that organisation’s menus,
          and anyone there who opens it is told it is off and who can turn it on. Each change is recorded in
          the organisation’s audit log.
        </p>
      </div>
      {isGlobalAdmin ? (
        <FeatureFlagList />
      ) : (
        <Alert>
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>Only global admins see Global Settings</AlertTitle>
          <AlertDescription>They decide which features each organisation on Wattle uses.</AlertDescription>
        </Alert>
      )}
    </div>
  );
}

function FeatureFlagList() {
  const flags = useQuery(tenantFeatureFlagsQueryOptions());
  if (flags.isPending) return <LoadingStatus>Loading each organisation’s features...</LoadingStatus>;
  if (flags.isError) {
    return (
      <LoadError
        title="Could not load the organisations’ features"
        error={flags.error}
        onRetry={() => void flags.refetch()}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {flags.data.map((tenant) => (
        <TenantFeatureCard key={tenant.id} tenant={tenant} />
      ))}
    </div>
  );
}

function TenantFeatureCard({ tenant }: { tenant: TenantFeatureFlags }) {
  const save = useSetTenantFeatures();
  const toggle = (feature: TenantFeature, isOn: boolean) => {
    const { label } = tenantFeatureInfo[feature];
    save.mutate(
      { tenantId: tenant.id, version: tenant.version, features: { [feature]: isOn } },
      {
        onSuccess: () => toast.success(`${label} turned ${isOn ? 'on' : 'off'} for ${tenant.name}`),
        onError: (error) => toast.error(`${label} was not changed for ${tenant.name}: ${error.message}`),
      },
    );
  };
  return (
    <section aria-labelledby={`features-${tenant.id}`} data-testid="tenant-features">
      <SectionCard title={tenant.name} description={tenant.slug}>
        <h2 id={`features-${tenant.id}`} className="sr-only">
          Features of {tenant.name}
        </h2>
        <ul className="flex flex-col divide-y">
          {tenantFeatures.map((feature) => {
            const { label, description } = tenantFeatureInfo[feature];
            const id = `feature-${tenant.id}-${feature}`;
            return (
              <li key={feature} className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0">
                  <label htmlFor={id} className="font-medium text-sm">
                    {label}
                  </label>
                  <p id={`${id}-description`} className="text-muted-foreground text-sm">
                    {description}
                  </p>
                </div>
                <Switch
                  id={id}
                  checked={tenant.features[feature]}
                  disabled={save.isPending}
                  aria-describedby={`${id}-description`}
                  onCheckedChange={(isOn) => toggle(feature, isOn)}
                />
              </li>
            );
          })}
        </ul>
      </SectionCard>
    </section>
  );
}
