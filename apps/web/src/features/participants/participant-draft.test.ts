import { describe, expect, it } from 'vitest';
import {
  type DraftTarget,
  participantDraftKey,
  readParticipantDraft,
  removeParticipantDraft,
  resumeDraft,
  writeParticipantDraft,
} from './participant-draft';
import { emptyParticipantValues } from './participant-form-values';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const target: DraftTarget = { userId: 'u1', tenantId: 't1', participantId: 'new' };

describe('participant drafts', () => {
  it('are kept per person, tenant and participant, read back and removed', () => {
    const storage = memoryStorage();
    const values = { ...emptyParticipantValues(), name: 'Riley', goals: ['Swim'] };
    writeParticipantDraft(target, { values, original: emptyParticipantValues(), baseVersion: 0 }, storage);
    expect([...storage.items.keys()]).toEqual(['wattle.participantDraft.u1.t1.new']);
    expect(participantDraftKey(target)).toBe('wattle.participantDraft.u1.t1.new');
    const read = readParticipantDraft(target, emptyParticipantValues(), storage);
    expect(read?.values.name).toBe('Riley');
    expect(read?.values.goals).toEqual(['Swim']);
    removeParticipantDraft(target, storage);
    expect(readParticipantDraft(target, emptyParticipantValues(), storage)).toBeNull();
  });

  it('ignores entries that are not drafts', () => {
    const storage = memoryStorage();
    storage.setItem(participantDraftKey(target), '{not json');
    expect(readParticipantDraft(target, emptyParticipantValues(), storage)).toBeNull();
    storage.setItem(participantDraftKey(target), JSON.stringify({ v: 9, values: {} }));
    expect(readParticipantDraft(target, emptyParticipantValues(), storage)).toBeNull();
  });
});

describe('where the form starts', () => {
  const current = {
    ...emptyParticipantValues(),
    name: 'Riley Tran',
    ndisNumber: '431234567',
    dateOfBirth: '2001-04-05',
  };

  it('opens the record as it is when nothing was left unsaved', () => {
    expect(resumeDraft(current, 4, null)).toMatchObject({ values: current, baseVersion: 4, restored: null });
  });

  it('brings back typing over the same version', () => {
    const draft = {
      values: { ...current, phone: '0400 000 000' },
      original: current,
      baseVersion: 4,
      savedAt: 'x',
    };
    const start = resumeDraft(current, 4, draft);
    expect(start.values.phone).toBe('0400 000 000');
    expect(start.restored).toEqual({ savedAt: 'x', overlapping: [], takenFromServer: [] });
  });

  it('lays typing over an older version onto the record as it is now', () => {
    const draft = {
      values: { ...current, phone: '0400 000 000' },
      original: current,
      baseVersion: 2,
      savedAt: 'x',
    };
    const now = { ...current, address: '1 Wattle St' };
    const start = resumeDraft(now, 5, draft);
    expect(start).toMatchObject({ baseVersion: 5, original: now });
    expect(start.values).toMatchObject({ phone: '0400 000 000', address: '1 Wattle St' });
    expect(start.restored?.takenFromServer).toEqual(['address']);
  });

  it('drops a draft that holds nothing new', () => {
    const draft = { values: current, original: current, baseVersion: 4, savedAt: 'x' };
    expect(resumeDraft(current, 4, draft).restored).toBeNull();
  });
});
