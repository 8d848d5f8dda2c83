import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetParticipantDrafts } from './forget-participant-drafts';

let entries: Map<string, string>;

beforeEach(() => {
  entries = new Map();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => entries.get(key) ?? null,
      setItem: (key: string, value: string) => entries.set(key, value),
      removeItem: (key: string) => entries.delete(key),
      key: (index: number) => [...entries.keys()][index] ?? null,
      get length() {
        return entries.size;
      },
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('forgetting participant drafts', () => {
  it('forgets everyone else’s when someone signs in, and every one at sign-out', () => {
    entries.set('wattle.participantDraft.me.t1.new', '{}');
    entries.set('wattle.participantDraft.me.t2.p1', '{}');
    entries.set('wattle.participantDraft.you.t1.p1', '{}');
    entries.set('wattle.commentDraft.you.t1.c1', '{}');
    forgetParticipantDrafts({ keepUserId: 'me' });
    expect([...entries.keys()].sort()).toEqual([
      'wattle.commentDraft.you.t1.c1',
      'wattle.participantDraft.me.t1.new',
      'wattle.participantDraft.me.t2.p1',
    ]);
    forgetParticipantDrafts();
    expect([...entries.keys()]).toEqual(['wattle.commentDraft.you.t1.c1']);
  });
});
