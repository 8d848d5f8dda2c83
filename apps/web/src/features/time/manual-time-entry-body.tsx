import { useCurrentTenantId } from '@/lib/current-tenant';
import { TimeEntryForm } from './time-entry-form';

/** Quick Add's Time Entry... (the global modal manualTimeEntry): the form, in the current tenant. */
export function ManualTimeEntryBody({ onClose }: { onClose: () => void }) {
  const tenantId = useCurrentTenantId();
  if (!tenantId) return null;
  return <TimeEntryForm tenantId={tenantId} onDone={onClose} />;
}
