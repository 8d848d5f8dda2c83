import { reactionKinds } from '@wattle/domain/comments/constants';
import type { Comment, ReactionKind } from '@wattle/domain/comments/schemas';
import {
  CircleCheckIcon,
  CircleHelpIcon,
  FlagIcon,
  type LucideIcon,
  SmilePlusIcon,
  ThumbsUpIcon,
} from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { LazyDropdownMenu } from '@/ui/lazy-dropdown-menu';
import { reactionCounts } from './thread-model';

/** The four reactions (spec work section 9), each with its icon and the word a screen reader says. */
export const reactionLook: Record<ReactionKind, { label: string; Icon: LucideIcon }> = {
  like: { label: 'Like', Icon: ThumbsUpIcon },
  important: { label: 'Important', Icon: FlagIcon },
  question: { label: 'Question', Icon: CircleHelpIcon },
  resolved: { label: 'Resolved', Icon: CircleCheckIcon },
};

/**
 * A comment's reaction badges (count per kind, the caller's own highlighted; pressing one toggles the
 * caller's reaction to that kind) and, for those who may react, a menu to pick any of the four.
 */
export function CommentReactions({
  comment,
  myUserId,
  canReact,
  onReact,
}: {
  comment: Comment;
  myUserId: string | undefined;
  canReact: boolean;
  onReact: (kind: ReactionKind) => void;
}) {
  const counts = reactionCounts(comment.reactions, myUserId);
  if (counts.length === 0 && !canReact) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="comment-reactions">
      {counts.map(({ kind, count, isMine }) => {
        const { label, Icon } = reactionLook[kind];
        return (
          <button
            key={kind}
            type="button"
            disabled={!canReact}
            aria-pressed={isMine}
            aria-label={`${label}: ${count}${isMine ? ', including you' : ''}`}
            title={isMine ? `Remove your ${label.toLowerCase()} reaction` : label}
            onClick={() => onReact(kind)}
            className={cn(
              'inline-flex h-6 items-center gap-1 rounded-full border px-2 text-xs outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default',
              isMine
                ? 'border-primary bg-primary/10 font-medium text-primary'
                : 'border-border bg-background text-muted-foreground enabled:hover:bg-accent',
            )}
            data-testid={`reaction-${kind}`}
          >
            <Icon className="size-3.5" aria-hidden="true" />
            {count}
          </button>
        );
      })}
      {canReact ? (
        <LazyDropdownMenu
          align="start"
          trigger={
            <Button
              variant="ghost"
              size="icon"
              className="size-6 text-muted-foreground"
              aria-label="Add reaction"
              title="Add reaction"
            >
              <SmilePlusIcon className="size-3.5" aria-hidden="true" />
            </Button>
          }
        >
          {({ DropdownMenuItem }) =>
            reactionKinds.map((kind) => {
              const { label, Icon } = reactionLook[kind];
              const isMine = myUserId !== undefined && comment.reactions[myUserId] === kind;
              return (
                <DropdownMenuItem
                  key={kind}
                  onSelect={() => onReact(kind)}
                  className={cn(isMine && 'font-medium text-primary')}
                >
                  <Icon aria-hidden="true" />
                  {label}
                  {isMine ? <span className="sr-only"> (yours; choose to remove)</span> : null}
                </DropdownMenuItem>
              );
            })
          }
        </LazyDropdownMenu>
      ) : null}
    </div>
  );
}
