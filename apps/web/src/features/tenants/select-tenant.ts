import type { TenantSummary } from '@wattle/domain/tenants/schemas';
import { readStoredJson, storageKeys, writeStoredJson } from '../../lib/storage-keys';

type TenantChoice = Pick<TenantSummary, 'id' | 'role'>;

/**
 * The default tenant (spec shell section 4): the preferred one (the current or stored selection) if
 * the user is still a member, else the first where they are owner or admin, else the first.
 */
export function selectTenant<T extends TenantChoice>(
  tenants: readonly T[],
  preferredIds: readonly (string | null | undefined)[],
): T | undefined {
  for (const id of preferredIds) {
    const match = id ? tenants.find((tenant) => tenant.id === id) : undefined;
    if (match) return match;
  }
  return tenants.find((tenant) => tenant.role === 'owner' || tenant.role === 'admin') ?? tenants[0];
}

function readSelections(): Record<string, string> {
  const stored = readStoredJson(storageKeys.selectedTenant);
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The tenant this user last selected on this browser. */
export function readStoredTenantId(userId: string): string | undefined {
  return readSelections()[userId];
}

/**
 * The tenant last selected on this browser, when it has been used by one person only: a guess at
 * where this session will work, made before `GET /api/me` has said whose it is (app/first-reads.ts).
 * Undefined when it has kept no choice, or the choices of several people.
 */
export function soleStoredTenantId(): string | undefined {
  const tenantIds = Object.values(readSelections());
  return tenantIds.length === 1 ? tenantIds[0] : undefined;
}

export function storeTenantId(userId: string, tenantId: string): void {
  writeStoredJson(storageKeys.selectedTenant, { ...readSelections(), [userId]: tenantId });
}
