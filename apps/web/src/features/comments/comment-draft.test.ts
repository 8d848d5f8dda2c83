import type { Comment } from '@wattle/domain/comments/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CommentDraft,
  emptyDraft,
  readCommentDraft,
  resumeDraft,
  writeCommentDraft,
} from './comment-draft';
import { forgetCommentDrafts } from './forget-comment-drafts';

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

const draft = (change: Partial<CommentDraft>): CommentDraft => ({ ...emptyDraft, ...change });

function comment(id: string, change: Partial<Comment> = {}): Comment {
  return {
    id,
    cardId: 'card',
    userId: 'u1',
    userName: 'Lee Lead',
    userRole: 'Team Lead',
    content: 'Hello',
    type: 'general',
    isInternal: false,
    mentions: [],
    parentCommentId: null,
    isEdited: false,
    isDeleted: false,
    reactions: {},
    metadata: {},
    createdAt: '2026-05-20T10:00:00.000Z',
    updatedAt: '2026-05-20T10:00:00.000Z',
    ...change,
  };
}

describe('comment drafts', () => {
  it('keeps the text, mentions, type, Internal, reply and field per person, tenant and card', () => {
    const written = draft({
      content: 'Hi @Lee Lead',
      mentions: [{ userId: 'u1', name: 'Lee Lead' }],
      type: 'review',
      isInternal: true,
      replyTo: { id: 'c9', isInternal: true },
      fieldId: 'participant-name',
    });
    writeCommentDraft('me', 't1', 'c1', written);
    expect([...entries.keys()]).toEqual(['wattle.commentDraft.me.t1.c1']);
    expect(readCommentDraft('me', 't1', 'c1')).toEqual(written);
    expect(readCommentDraft('me', 't1', 'c2')).toEqual(emptyDraft);
    // Someone else signed in on the same browser never reads it.
    expect(readCommentDraft('someone-else', 't1', 'c1')).toEqual(emptyDraft);
  });

  it('forgets the draft once the box is empty', () => {
    writeCommentDraft('me', 't1', 'c1', draft({ content: 'Something', isInternal: true }));
    writeCommentDraft('me', 't1', 'c1', draft({ content: '  ', isInternal: true }));
    expect(entries.size).toBe(0);
  });

  it('reads a damaged entry as no draft, dropping malformed parts', () => {
    entries.set('wattle.commentDraft.me.t1.c1', 'not json');
    expect(readCommentDraft('me', 't1', 'c1')).toEqual(emptyDraft);
    entries.set(
      'wattle.commentDraft.me.t1.c1',
      JSON.stringify({
        content: 5,
        mentions: [{ userId: 1 }, { userId: 'u', name: 'N' }],
        type: 'system',
        isInternal: 'yes',
        replyTo: { id: 7 },
        fieldId: null,
      }),
    );
    expect(readCommentDraft('me', 't1', 'c1')).toEqual(draft({ mentions: [{ userId: 'u', name: 'N' }] }));
    // A reply target whose standing was not kept counts as internal: the text never opens up.
    entries.set('wattle.commentDraft.me.t1.c1', JSON.stringify({ content: 'x', replyTo: { id: 'c9' } }));
    expect(readCommentDraft('me', 't1', 'c1').replyTo).toEqual({ id: 'c9', isInternal: true });
  });

  it('forgets every draft at sign-out, and all but the signed-in person’s at sign-in', () => {
    writeCommentDraft('me', 't1', 'c1', draft({ content: 'Mine' }));
    writeCommentDraft('me', 't2', 'c2', draft({ content: 'Mine too' }));
    writeCommentDraft('you', 't1', 'c1', draft({ content: 'Yours' }));
    entries.set('wattle.formDraft.t1.c1', '{}');
    forgetCommentDrafts({ keepUserId: 'me' });
    expect([...entries.keys()].sort()).toEqual([
      'wattle.commentDraft.me.t1.c1',
      'wattle.commentDraft.me.t2.c2',
      'wattle.formDraft.t1.c1',
    ]);
    forgetCommentDrafts();
    expect([...entries.keys()]).toEqual(['wattle.formDraft.t1.c1']);
  });
});

describe('resumeDraft', () => {
  const internalParent = comment('p1', { isInternal: true });
  const openParent = comment('p2');

  it('goes on as a reply when the comment it answers is still there', () => {
    expect(
      resumeDraft({ isInternal: false, replyTo: { id: 'p1', isInternal: true } }, [
        internalParent,
        openParent,
      ]),
    ).toEqual({ replyTo: internalParent, isInternal: false });
    expect(resumeDraft({ isInternal: false, replyTo: null }, [openParent])).toEqual({
      replyTo: null,
      isInternal: false,
    });
  });

  it('falls back to a comment of its own, internal when the reply was, if its comment is gone', () => {
    const deleted = comment('p1', { isInternal: true, isDeleted: true, content: '' });
    for (const comments of [[openParent], [deleted], undefined]) {
      expect(resumeDraft({ isInternal: false, replyTo: { id: 'p1', isInternal: true } }, comments)).toEqual({
        replyTo: null,
        isInternal: true,
      });
    }
    expect(resumeDraft({ isInternal: false, replyTo: { id: 'gone', isInternal: false } }, [])).toEqual({
      replyTo: null,
      isInternal: false,
    });
    expect(resumeDraft({ isInternal: true, replyTo: { id: 'gone', isInternal: false } }, [])).toEqual({
      replyTo: null,
      isInternal: true,
    });
  });
});
