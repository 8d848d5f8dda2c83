import type { TimeCode } from '@wattle/domain/time/time-codes';
import { readStoredJson, storageKeys, writeStoredJson } from '../../lib/storage-keys';
import { defaultTimeCodeId } from './entry-form-values';

/**
 * The time code a person last saved an entry with, per tenant, on this browser: Quick Add's Start
 * Timer starts with it, so a worker billing one code all week never picks it again.
 */
type Stored = Record<string, string>;

function readAll(): Stored {
  const stored = readStoredJson(storageKeys.lastTimeCode);
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
  );
}

export function rememberTimeCode(tenantId: string, userId: string, timeCodeId: string): void {
  writeStoredJson(storageKeys.lastTimeCode, { ...readAll(), [`${tenantId}:${userId}`]: timeCodeId });
}

export function readLastTimeCode(tenantId: string, userId: string): string | undefined {
  return readAll()[`${tenantId}:${userId}`];
}

/** The code a timer starts with: the last one used while it is still active, else the dialog's default. */
export function timerTimeCodeId(
  codes: readonly Pick<TimeCode, 'id' | 'code' | 'isActive'>[],
  lastUsedId: string | undefined,
): string | null {
  const lastUsed = codes.find((code) => code.id === lastUsedId && code.isActive);
  return lastUsed?.id ?? (defaultTimeCodeId(codes) || null);
}
