import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCommentDraft, writeCommentDraft } from './comment-draft';

let entries: Map<string, string>;

beforeEach(() => {
  entries = new Map();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => entries.get(key) ?? null,
      setItem: (key: string, value: string) => entries.set(key, value),
      removeItem: (key: string) => entries.delete(key),
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('comment drafts', () => {
  it('keeps the text and chosen mentions per tenant and card', () => {
    writeCommentDraft('t1', 'c1', {
      content: 'Hi @Lee Lead',
      mentions: [{ userId: 'u1', name: 'Lee Lead' }],
    });
    expect([...entries.keys()]).toEqual(['wattle.commentDraft.t1.c1']);
    expect(readCommentDraft('t1', 'c1')).toEqual({
      content: 'Hi @Lee Lead',
      mentions: [{ userId: 'u1', name: 'Lee Lead' }],
    });
    expect(readCommentDraft('t1', 'c2')).toEqual({ content: '', mentions: [] });
  });

  it('forgets the draft once the box is empty', () => {
    writeCommentDraft('t1', 'c1', { content: 'Something', mentions: [] });
    writeCommentDraft('t1', 'c1', { content: '  ', mentions: [] });
    expect(entries.size).toBe(0);
  });

  it('reads a damaged entry as no draft, dropping malformed mentions', () => {
    entries.set('wattle.commentDraft.t1.c1', 'not json');
    expect(readCommentDraft('t1', 'c1')).toEqual({ content: '', mentions: [] });
    entries.set(
      'wattle.commentDraft.t1.c1',
      JSON.stringify({ content: 5, mentions: [{ userId: 1 }, { userId: 'u', name: 'N' }] }),
    );
    expect(readCommentDraft('t1', 'c1')).toEqual({ content: '', mentions: [{ userId: 'u', name: 'N' }] });
  });
});
