import { useQueryClient } from '@tanstack/react-query';
import type { Tenant } from '@wattle/domain/tenants/schemas';
import { useEffect, useState } from 'react';
import { currentTenantQueryOptions } from '@/features/time/api';
import { ApiError } from '@/lib/http';
import { conflictTenant, useUpdateCurrentTenant } from './api';

/**
 * An edit of part of the current tenant (Tenant Settings, and the sign-in rules on Security): the
 * values as typed, the version the edit started from, and what a 409 does. A newer tenant from
 * elsewhere shows unless the person is part-way through a change; a conflict reloads what was saved.
 */
export function useTenantDraft<TValues>(tenant: Tenant, toValues: (tenant: Tenant) => TValues) {
  const queryClient = useQueryClient();
  const save = useUpdateCurrentTenant(tenant.id);
  const [values, setValues] = useState<TValues>(() => toValues(tenant));
  const [baseVersion, setBaseVersion] = useState(tenant.version);
  const [isConflict, setIsConflict] = useState(false);
  const isDirty = JSON.stringify(values) !== JSON.stringify(toValues(tenant));

  const show = (shown: Tenant) => {
    setValues(toValues(shown));
    setBaseVersion(shown.version);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new tenant record resets the values.
  useEffect(() => {
    if (!isDirty) show(tenant);
  }, [tenant]);

  /**
   * True when `error` was someone else's newer save: the values are reloaded from it and the
   * conflict notice shows. Other errors (a 409 without a tenant, such as a domain in use) are the caller's.
   */
  const takeConflict = (error: Error): boolean => {
    if (!(error instanceof ApiError && error.code === 'CONFLICT')) return false;
    const current = conflictTenant(error.details);
    if (!current) return false;
    queryClient.setQueryData(currentTenantQueryOptions(tenant.id).queryKey, current);
    show(current);
    setIsConflict(true);
    return true;
  };

  return {
    values,
    setValues,
    baseVersion,
    isDirty,
    isConflict,
    /** Before each save: the last conflict notice goes. */
    clearConflict: () => setIsConflict(false),
    /** After a save: the saved tenant becomes the start of the next edit. */
    showSaved: show,
    discard: () => setValues(toValues(tenant)),
    takeConflict,
    save,
  };
}
