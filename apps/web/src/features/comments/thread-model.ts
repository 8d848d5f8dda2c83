import { reactionKinds } from '@wattle/domain/comments/constants';
import type { Comment, ReactionKind } from '@wattle/domain/comments/schemas';

/**
 * How a card's flat comment list (oldest first) is shown as a thread: top-level comments with their
 * replies indented up to `maxReplyDepth` levels. A reply deeper than that would keep drifting right
 * on a phone, so it is shown at the deepest level, after its ancestor there, in time order, and says
 * whom it answers ('Replying to {name}').
 */
export const maxReplyDepth = 2;

export interface ThreadNode {
  comment: Comment;
  /** 0 for a top-level comment, at most `maxReplyDepth`. */
  depth: number;
  /** The author of the comment this one answers, when it is shown away from it. */
  replyingTo: string | null;
  replies: ThreadNode[];
}

export function buildThread(comments: readonly Comment[]): ThreadNode[] {
  const nodes = new Map<string, ThreadNode>();
  // The node whose `replies` list shows each reply: its parent, or for a flattened one the parent's holder.
  const holderOf = new Map<string, ThreadNode>();
  const roots: ThreadNode[] = [];
  const ordered = [...comments].sort((a, b) => a.createdAt.localeCompare(b.createdAt));

  for (const comment of ordered) {
    const parent = comment.parentCommentId ? nodes.get(comment.parentCommentId) : undefined;
    if (!parent) {
      // No parent, or one the list does not hold (deleted without replies): a thread of its own.
      const node: ThreadNode = { comment, depth: 0, replyingTo: null, replies: [] };
      nodes.set(comment.id, node);
      roots.push(node);
      continue;
    }
    if (parent.depth < maxReplyDepth) {
      const node: ThreadNode = { comment, depth: parent.depth + 1, replyingTo: null, replies: [] };
      nodes.set(comment.id, node);
      holderOf.set(comment.id, parent);
      parent.replies.push(node);
      continue;
    }
    // Too deep to indent: shown after its parent at the last level, in the list that holds the parent.
    const holder = holderOf.get(parent.comment.id) ?? parent;
    const node: ThreadNode = {
      comment,
      depth: maxReplyDepth,
      replyingTo: parent.comment.isDeleted ? null : parent.comment.userName,
      replies: [],
    };
    nodes.set(comment.id, node);
    holderOf.set(comment.id, holder);
    holder.replies.push(node);
  }
  return roots.filter(hasSomethingToShow).map(pruneDeletedLeaves);
}

/** A deleted comment is kept only as the placeholder its replies hang from. */
function hasSomethingToShow(node: ThreadNode): boolean {
  return !node.comment.isDeleted || node.replies.some(hasSomethingToShow);
}

function pruneDeletedLeaves(node: ThreadNode): ThreadNode {
  return { ...node, replies: node.replies.filter(hasSomethingToShow).map(pruneDeletedLeaves) };
}

export interface ReactionCount {
  kind: ReactionKind;
  count: number;
  isMine: boolean;
}

/** The reaction badges of a comment: each kind someone chose, with its count, in the spec's order. */
export function reactionCounts(
  reactions: Comment['reactions'],
  myUserId: string | undefined,
): ReactionCount[] {
  const counts = new Map<ReactionKind, number>();
  for (const kind of Object.values(reactions)) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return reactionKinds
    .filter((kind) => counts.has(kind))
    .map((kind) => ({
      kind,
      count: counts.get(kind) ?? 0,
      isMine: myUserId !== undefined && reactions[myUserId] === kind,
    }));
}

/** The reactions after the caller picks `kind`: the same kind again takes theirs back (one per person). */
export function toggledReactions(
  reactions: Comment['reactions'],
  myUserId: string,
  kind: ReactionKind,
): { reactions: Comment['reactions']; isRemoval: boolean } {
  const next = { ...reactions };
  if (next[myUserId] === kind) {
    delete next[myUserId];
    return { reactions: next, isRemoval: true };
  }
  next[myUserId] = kind;
  return { reactions: next, isRemoval: false };
}
