import { Loader2Icon } from 'lucide-react';
import { tenantInitials } from './tenant-initials';
import { useTenantSwitchTarget } from './tenant-switch';

/**
 * The splash over the whole app while a tenant switch runs (spec shell sections 2 and 4): it reads
 * 'Switching to {org}' and hides the previous tenant's screens until the new tenant's are ready.
 */
export function TenantSwitchSplash() {
  const target = useTenantSwitchTarget();
  if (!target) return null;
  return (
    <div
      className="fixed inset-0 z-[100] flex animate-fade-in items-center justify-center bg-background p-6"
      data-testid="tenant-switch-splash"
    >
      <div className="flex flex-col items-center gap-4 text-center">
        <span
          className="flex size-14 items-center justify-center rounded-xl bg-accent font-semibold text-accent-foreground text-lg"
          aria-hidden="true"
        >
          {tenantInitials(target.name)}
        </span>
        <p role="status" aria-live="assertive" className="flex items-center gap-2 font-medium text-lg">
          <Loader2Icon className="size-5 animate-spin text-muted-foreground" aria-hidden="true" />
          Switching to {target.name}
        </p>
      </div>
    </div>
  );
}
