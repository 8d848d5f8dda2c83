import { useQuery } from '@tanstack/react-query';
import {
  type Comment,
  commentMaxLength,
  commentTypeLabels,
  userCommentTypes,
} from '@wattle/domain/comments/schemas';
import { documentMaxBytes, uploadMessages } from '@wattle/domain/files/schemas';
import { Loader2Icon, PaperclipIcon, SendIcon, XIcon } from 'lucide-react';
import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { Switch } from '@/ui/switch';
import { mentionableQueryOptions } from './api';
import { readCommentDraft, writeCommentDraft } from './comment-draft';
import { commentTextareaClasses } from './comment-item';
import {
  activeMentionQuery,
  type ChosenMention,
  filterMentionable,
  insertMention,
  type MentionQuery,
  mentionsInText,
} from './mentions';
import type { useCommentActions } from './use-comment-actions';

type UserCommentType = (typeof userCommentTypes)[number];

/** The file types the picker offers; the server checks the content regardless of the name. */
const acceptedFiles = '.pdf,.doc,.docx';

export interface ComposerProps {
  tenantId: string;
  cardId: string;
  actions: ReturnType<typeof useCommentActions>;
  /** read:internal-comments: may write (and see) internal comments. */
  canWriteInternal: boolean;
  /** May attach files to the card. */
  canAttach: boolean;
  /** The template's fields, for the 'Re:' picker (empty when the card has no template). */
  fields: { id: string; name: string }[];
  replyTo: Comment | null;
  onCancelReply: () => void;
}

/**
 * The composer (spec work section 2): Enter sends, Shift+Enter breaks the line, empty text cannot be
 * sent; a type, Internal for those who may read internal comments, '@' mentions, an optional 'Re:'
 * field and a file to attach. What is typed is kept as a draft until it is posted.
 */
export function CommentComposer({
  tenantId,
  cardId,
  actions,
  canWriteInternal,
  canAttach,
  fields,
  replyTo,
  onCancelReply,
}: ComposerProps) {
  const [initialDraft] = useState(() => readCommentDraft(tenantId, cardId));
  const [content, setContent] = useState(initialDraft.content);
  const [chosen, setChosen] = useState<ChosenMention[]>(initialDraft.mentions);
  const [type, setType] = useState<UserCommentType>('general');
  const [isInternal, setIsInternal] = useState(false);
  const [fieldId, setFieldId] = useState('');
  const [caret, setCaret] = useState(0);
  // The '@' the person closed the list for with Escape: it stays closed until they type another.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [highlighted, setHighlighted] = useState(0);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // One key per comment being written: a retry after a lost answer cannot post it twice.
  const idempotencyKey = useRef<string | null>(null);
  const ids = { text: useId(), type: useId(), internal: useId(), field: useId(), list: useId() };
  const { add, upload } = actions;

  useEffect(() => {
    writeCommentDraft(tenantId, cardId, { content, mentions: chosen });
  }, [tenantId, cardId, content, chosen]);

  useEffect(() => {
    if (!replyTo) return;
    textarea.current?.focus();
  }, [replyTo]);

  const internal = canWriteInternal && (isInternal || replyTo?.isInternal === true);
  const mention: MentionQuery | null = (() => {
    const found = activeMentionQuery(content, caret);
    if (!found || found.start === dismissedAt) return null;
    // A name already chosen at this '@' is complete: what follows is the comment, not a search.
    const isChosen = chosen.some((person) => content.startsWith(`@${person.name}`, found.start));
    return isChosen ? null : found;
  })();
  const people = useQuery({
    ...mentionableQueryOptions(tenantId, cardId, internal),
    enabled: mention !== null,
  });
  const candidates = mention && people.data ? filterMentionable(people.data, mention.query).slice(0, 8) : [];
  const isListOpen = mention !== null && candidates.length > 0;
  const active = Math.min(highlighted, Math.max(candidates.length - 1, 0));

  const canSend = content.trim() !== '' && !add.isPending;

  const send = () => {
    if (!canSend) return;
    idempotencyKey.current ??= crypto.randomUUID();
    add.mutate(
      {
        input: {
          content: content.trimEnd(),
          type,
          isInternal: internal,
          parentCommentId: replyTo?.id ?? null,
          mentions: mentionsInText(content, chosen),
          ...(fieldId ? { fieldId } : {}),
        },
        idempotencyKey: idempotencyKey.current,
      },
      {
        // On failure nothing is cleared: the text stays in the box (and in the draft) to send again.
        onSuccess: () => {
          idempotencyKey.current = null;
          setContent('');
          setChosen([]);
          setType('general');
          setIsInternal(false);
          setFieldId('');
          onCancelReply();
        },
      },
    );
  };

  const choose = (index: number) => {
    const person = candidates[index];
    if (!mention || !person) return;
    const next = insertMention(content, mention, person.name);
    setContent(next.text);
    setChosen((list) => [...list, { userId: person.userId, name: person.name }]);
    setCaret(next.caret);
    setHighlighted(0);
    idempotencyKey.current = null;
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (isListOpen) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlighted((active + step + candidates.length) % candidates.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        choose(active);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setDismissedAt(mention.start);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      // Enter sends; with nothing to send it does nothing (no stray line break either).
      event.preventDefault();
      send();
    }
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setContent(event.target.value);
    setCaret(event.target.selectionStart);
    setHighlighted(0);
    idempotencyKey.current = null;
    if (dismissedAt !== null && event.target.value[dismissedAt] !== '@') setDismissedAt(null);
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // A quick answer for an obviously large file; the server checks size and type again by content.
    if (file.size > documentMaxBytes) {
      toast.error('Upload failed', { description: uploadMessages.tooLarge(documentMaxBytes) });
      return;
    }
    upload.mutate(file);
  };

  return (
    <div className="grid gap-2 rounded-lg border p-3" data-testid="comment-composer">
      {replyTo ? (
        <div className="flex items-center gap-2 rounded-md bg-muted px-3 py-1.5 text-sm">
          <p className="min-w-0 flex-1 truncate">
            <span className="font-medium">Replying to comment</span>
            <span className="text-muted-foreground">
              {' '}
              by {replyTo.userName}
              {replyTo.content ? `: ${replyTo.content}` : ''}
            </span>
          </p>
          <Button variant="ghost" size="sm" className="h-7 px-2" onClick={onCancelReply}>
            <XIcon aria-hidden="true" />
            Cancel
          </Button>
        </div>
      ) : null}
      <Label htmlFor={ids.text} className="sr-only">
        {replyTo ? 'Write a reply' : 'Write a comment'}
      </Label>
      <div className="relative">
        <textarea
          ref={textarea}
          id={ids.text}
          className={cn(commentTextareaClasses, 'min-h-20')}
          placeholder="Add a comment... Type @ to mention someone. Enter sends, Shift+Enter for a new line."
          value={content}
          maxLength={commentMaxLength}
          aria-autocomplete="list"
          aria-controls={isListOpen ? ids.list : undefined}
          aria-activedescendant={isListOpen ? `${ids.list}-${active}` : undefined}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onBlur={() => setDismissedAt(mention?.start ?? dismissedAt)}
          onFocus={() => setDismissedAt(null)}
        />
        {isListOpen ? (
          <div
            id={ids.list}
            role="listbox"
            aria-label="People to mention"
            className="absolute top-full left-0 z-20 mt-1 flex max-h-64 w-72 max-w-full flex-col overflow-y-auto rounded-md border bg-card p-1 shadow-lg"
            data-testid="mention-list"
          >
            {candidates.map((person, index) => (
              // The listbox pattern: focus stays in the textarea, which handles the keys and names the
              // active option through aria-activedescendant; options take the pointer only.
              <div
                key={person.userId}
                id={`${ids.list}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={cn(
                  'flex cursor-pointer items-baseline justify-between gap-2 rounded px-2 py-1.5 text-sm',
                  index === active && 'bg-accent text-accent-foreground',
                )}
                // Chosen on pointer down, before the textarea's blur would close the list.
                onPointerDown={(event) => {
                  event.preventDefault();
                  choose(index);
                }}
                onPointerEnter={() => setHighlighted(index)}
              >
                <span className="truncate">{person.name}</span>
                <span className="shrink-0 text-muted-foreground text-xs">{person.role}</span>
              </div>
            ))}
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="flex items-center gap-1.5">
          <Label htmlFor={ids.type} className="text-muted-foreground text-xs">
            Type
          </Label>
          <NativeSelect
            id={ids.type}
            className="h-8 text-xs"
            value={type}
            onChange={(event) => setType(event.target.value as UserCommentType)}
          >
            {userCommentTypes.map((option) => (
              <option key={option} value={option}>
                {commentTypeLabels[option]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {fields.length > 0 ? (
          <div className="flex items-center gap-1.5">
            <Label htmlFor={ids.field} className="text-muted-foreground text-xs">
              Re:
            </Label>
            <NativeSelect
              id={ids.field}
              className="h-8 max-w-48 text-xs"
              value={fieldId}
              onChange={(event) => setFieldId(event.target.value)}
            >
              <option value="">No field</option>
              {fields.map((field) => (
                <option key={field.id} value={field.id}>
                  {field.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        {canWriteInternal ? (
          <div className="flex items-center gap-1.5">
            <Switch
              id={ids.internal}
              checked={isInternal || replyTo?.isInternal === true}
              onCheckedChange={setIsInternal}
              // The server makes a reply to an internal comment internal too; the switch says so.
              disabled={replyTo?.isInternal === true}
              title={replyTo?.isInternal ? 'A reply to an internal comment is internal' : undefined}
            />
            <Label htmlFor={ids.internal} className="text-xs">
              Internal
            </Label>
          </div>
        ) : null}
        <div className="ml-auto flex items-center gap-1.5">
          {canAttach ? (
            <>
              <input
                ref={fileInput}
                type="file"
                accept={acceptedFiles}
                className="sr-only"
                tabIndex={-1}
                aria-label="File to attach"
                onChange={onFile}
                data-testid="comment-file-input"
              />
              <Button
                variant="outline"
                size="sm"
                disabled={upload.isPending}
                onClick={() => fileInput.current?.click()}
              >
                {upload.isPending ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <PaperclipIcon aria-hidden="true" />
                )}
                {upload.isPending ? 'Attaching...' : 'Attach file'}
              </Button>
            </>
          ) : null}
          <Button size="sm" onClick={send} disabled={!canSend}>
            {add.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <SendIcon aria-hidden="true" />
            )}
            Send
          </Button>
        </div>
      </div>
    </div>
  );
}
