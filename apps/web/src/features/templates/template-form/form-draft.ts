import type { FieldValue, FieldValues } from '@wattle/domain/templates/schemas';
import { storageKeys } from '../../../lib/storage-keys';

/**
 * The local draft of a template form (spec work section 4, "Dirty tracking and auto-save"): the
 * values typed but not yet saved, mirrored to localStorage on every change under a per-form key,
 * removed after a successful save and kept after a failed one. Opening the card again restores them.
 */

export interface FormDraft {
  /** The unsaved values by field id. */
  values: FieldValues;
  /** The card version the values were typed over (the oldest of `bases`; kept for older drafts). */
  baseVersion: number;
  /** The card version each field's change started from. */
  bases: Record<string, number>;
  /** When the draft was last written (ISO instant). */
  savedAt: string;
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): DraftStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage blocked (private browsing, sandboxed frames).
    return null;
  }
}

export function formDraftKey(tenantId: string, cardId: string): string {
  return `${storageKeys.formDraft}.${tenantId}.${cardId}`;
}

function isSignatureLike(value: object): boolean {
  const record = value as Record<string, unknown>;
  return (
    (record.kind === 'drawn' || record.kind === 'typed') &&
    typeof record.signerName === 'string' &&
    typeof record.signedAt === 'string'
  );
}

/** A stored value of a shape a field can hold; anything else (an older or tampered entry) is dropped. */
function isFieldValue(value: unknown): value is FieldValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.every((item) => typeof item === 'string');
  return typeof value === 'object' && isSignatureLike(value);
}

export function readFormDraft(
  tenantId: string,
  cardId: string,
  storage: DraftStorage | null = defaultStorage(),
): FormDraft | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(formDraftKey(tenantId, cardId)) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const record = parsed as Record<string, unknown>;
  if (typeof record.values !== 'object' || record.values === null || Array.isArray(record.values))
    return null;
  const values: FieldValues = {};
  for (const [id, value] of Object.entries(record.values as Record<string, unknown>)) {
    if (isFieldValue(value)) values[id] = value;
  }
  if (Object.keys(values).length === 0) return null;
  const bases: Record<string, number> = {};
  if (typeof record.bases === 'object' && record.bases !== null) {
    for (const [id, version] of Object.entries(record.bases as Record<string, unknown>)) {
      if (id in values && typeof version === 'number' && Number.isInteger(version) && version > 0)
        bases[id] = version;
    }
  }
  return {
    values,
    bases,
    baseVersion: typeof record.baseVersion === 'number' ? record.baseVersion : 0,
    savedAt: typeof record.savedAt === 'string' ? record.savedAt : new Date(0).toISOString(),
  };
}

/** Writes the draft, or removes it when nothing is left unsaved. Full or blocked storage is ignored. */
export function writeFormDraft(
  tenantId: string,
  cardId: string,
  values: FieldValues,
  bases: Record<string, number>,
  currentVersion: number,
  storage: DraftStorage | null = defaultStorage(),
  now: Date = new Date(),
): void {
  if (Object.keys(values).length === 0) {
    removeFormDraft(tenantId, cardId, storage);
    return;
  }
  const fieldBases: Record<string, number> = {};
  for (const id of Object.keys(values)) fieldBases[id] = bases[id] ?? currentVersion;
  const draft: FormDraft = {
    values,
    bases: fieldBases,
    baseVersion: Math.min(...Object.values(fieldBases)),
    savedAt: now.toISOString(),
  };
  try {
    storage?.setItem(formDraftKey(tenantId, cardId), JSON.stringify(draft));
  } catch {
    // A full quota: the values are still in the form and in the save queue.
  }
}

export function removeFormDraft(
  tenantId: string,
  cardId: string,
  storage: DraftStorage | null = defaultStorage(),
): void {
  try {
    storage?.removeItem(formDraftKey(tenantId, cardId));
  } catch {
    // Blocked storage: nothing was written either.
  }
}
