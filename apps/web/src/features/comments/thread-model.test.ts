import type { Comment } from '@wattle/domain/comments/schemas';
import { describe, expect, it } from 'vitest';
import { buildThread, reactionCounts, type ThreadNode, toggledReactions } from './thread-model';

let clock = 0;
function comment(id: string, parent: string | null, extra: Partial<Comment> = {}): Comment {
  clock += 1;
  return {
    id,
    cardId: 'card',
    userId: `user-${id}`,
    userName: `Author ${id}`,
    userRole: 'Practitioner',
    content: `text ${id}`,
    type: 'general',
    isInternal: false,
    mentions: [],
    parentCommentId: parent,
    isEdited: false,
    isDeleted: false,
    reactions: {},
    metadata: {},
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, clock)).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 0, 1, 0, clock)).toISOString(),
    ...extra,
  };
}

/** The thread as `id@depth<replyingTo` lines, depth first, to compare shapes at a glance. */
function shape(nodes: ThreadNode[]): string[] {
  return nodes.flatMap((node) => [
    `${node.comment.id}@${node.depth}${node.replyingTo ? `<${node.replyingTo}` : ''}`,
    ...shape(node.replies),
  ]);
}

describe('buildThread', () => {
  it('nests replies two levels deep and flattens deeper ones with whom they answer', () => {
    const thread = buildThread([
      comment('a', null),
      comment('b', 'a'),
      comment('c', 'b'),
      comment('d', 'c'),
      comment('e', 'd'),
      comment('f', 'b'),
      comment('g', null),
    ]);
    expect(shape(thread)).toEqual(['a@0', 'b@1', 'c@2', 'd@2<Author c', 'e@2<Author d', 'f@2', 'g@0']);
  });

  it('orders by time, whatever order the list comes in', () => {
    const first = comment('first', null);
    const reply = comment('reply', 'first');
    const second = comment('second', null);
    expect(shape(buildThread([second, reply, first]))).toEqual(['first@0', 'reply@1', 'second@0']);
  });

  it('keeps a deleted comment only as the placeholder of its replies', () => {
    const thread = buildThread([
      comment('gone', null, { isDeleted: true, content: '' }),
      comment('answer', 'gone'),
      comment('lonely', null, { isDeleted: true, content: '' }),
      comment('kept', null),
      comment('gone-reply', 'kept', { isDeleted: true, content: '' }),
    ]);
    expect(shape(thread)).toEqual(['gone@0', 'answer@1', 'kept@0']);
  });

  it('shows a reply whose parent is missing as a thread of its own', () => {
    expect(shape(buildThread([comment('orphan', '00000000-0000-0000-0000-000000000000')]))).toEqual([
      'orphan@0',
    ]);
  });
});

describe('reactions', () => {
  it('counts each kind in the spec order and marks the caller’s own', () => {
    expect(reactionCounts({ u1: 'resolved', u2: 'like', u3: 'like' }, 'u3')).toEqual([
      { kind: 'like', count: 2, isMine: true },
      { kind: 'resolved', count: 1, isMine: false },
    ]);
    expect(reactionCounts({ u1: 'question' }, undefined)).toEqual([
      { kind: 'question', count: 1, isMine: false },
    ]);
  });

  it('replaces the caller’s reaction, and the same kind again takes it back', () => {
    expect(toggledReactions({ me: 'like', you: 'like' }, 'me', 'important')).toEqual({
      reactions: { me: 'important', you: 'like' },
      isRemoval: false,
    });
    expect(toggledReactions({ me: 'like', you: 'like' }, 'me', 'like')).toEqual({
      reactions: { you: 'like' },
      isRemoval: true,
    });
  });
});
