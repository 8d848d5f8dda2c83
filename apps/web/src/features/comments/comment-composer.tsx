import { useQueryClient } from '@tanstack/react-query';
import { commentTypeLabels, userCommentTypes } from '@wattle/domain/comments/constants';
import type { Comment } from '@wattle/domain/comments/schemas';
import { documentMaxBytes, uploadMessages } from '@wattle/domain/files/constants';
import { Loader2Icon, PaperclipIcon, SendIcon, XIcon } from 'lucide-react';
import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/ui/button';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { Switch } from '@/ui/switch';
import { toast } from '@/ui/toast';
import { mentionableQueryOptions } from './api';
import { readCommentDraft, resumeDraft, type UserCommentType, writeCommentDraft } from './comment-draft';
import { MentionTextarea } from './mention-textarea';
import { type ChosenMention, mentionsInText, setAsideNotice } from './mentions';
import type { useCommentActions } from './use-comment-actions';

/** The file types the picker offers; the server checks the content regardless of the name. */
const acceptedFiles = '.pdf,.doc,.docx';

export interface ComposerProps {
  /** The signed-in person: their drafts are theirs alone. */
  userId: string;
  tenantId: string;
  cardId: string;
  actions: ReturnType<typeof useCommentActions>;
  /** read:internal-comments: may write (and see) internal comments. */
  canWriteInternal: boolean;
  /** May attach files to the card. */
  canAttach: boolean;
  /** The template's fields, for the 'Re:' picker (empty when the card has no template). */
  fields: { id: string; name: string }[];
  /**
   * The thread once its load has settled (undefined while loading or when it failed), so a draft
   * written as a reply goes on answering its comment if that is still there.
   */
  thread: { comments: readonly Comment[] | undefined; isSettled: boolean };
  replyTo: Comment | null;
  onReply: (comment: Comment) => void;
  onCancelReply: () => void;
}

/**
 * The composer (spec work section 2): Enter sends, Shift+Enter breaks the line, empty text cannot be
 * sent; a type, Internal for those who may read internal comments, '@' mentions, an optional 'Re:'
 * field and a file to attach. What is typed is kept as a draft, with how it was meant (internal, a
 * reply, its type and field), until it is posted.
 */
export function CommentComposer({
  userId,
  tenantId,
  cardId,
  actions,
  canWriteInternal,
  canAttach,
  fields,
  thread,
  replyTo,
  onReply,
  onCancelReply,
}: ComposerProps) {
  const queryClient = useQueryClient();
  const [initialDraft] = useState(() => readCommentDraft(userId, tenantId, cardId));
  const [content, setContent] = useState(initialDraft.content);
  const [chosen, setChosen] = useState<ChosenMention[]>(initialDraft.mentions);
  const [type, setType] = useState<UserCommentType>(initialDraft.type);
  const [isInternal, setIsInternal] = useState(initialDraft.isInternal);
  // Kept as drafted even before the template's fields have loaded; sent only if the form has it.
  const [fieldId, setFieldId] = useState(initialDraft.fieldId);
  const sentFieldId = fields.some((field) => field.id === fieldId) ? fieldId : '';
  // The reply the draft was written as, until the thread has loaded and it is resumed (or not).
  const [pendingReply, setPendingReply] = useState(initialDraft.replyTo);
  // Mentions taken out while the comment is internal (people who cannot read it), and what was said.
  const [setAside, setSetAside] = useState<ChosenMention[]>([]);
  const [notice, setNotice] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // One key per comment being written: a retry after a lost answer cannot post it twice.
  const idempotencyKey = useRef<string | null>(null);
  const ids = { text: useId(), type: useId(), internal: useId(), field: useId() };
  const { add, upload } = actions;

  // Never quietly more open than meant: a draft written as internal stays internal even if the
  // person's role changed since (the server then refuses it, and the switch can turn it off).
  const internal = isInternal || replyTo?.isInternal === true || pendingReply?.isInternal === true;
  const showsInternalSwitch = canWriteInternal || internal;

  // A reply resumed from the draft is not a fresh choice: the page does not jump to the box for it.
  const resumedReplyId = useRef<string | null>(null);
  useEffect(() => {
    if (!thread.isSettled || !pendingReply) return;
    const resumed = resumeDraft({ isInternal, replyTo: pendingReply }, thread.comments);
    if (resumed.replyTo) {
      resumedReplyId.current = resumed.replyTo.id;
      onReply(resumed.replyTo);
    }
    setIsInternal(resumed.isInternal);
    setPendingReply(null);
  }, [thread.isSettled, thread.comments, pendingReply, isInternal, onReply]);

  useEffect(() => {
    writeCommentDraft(userId, tenantId, cardId, {
      content,
      mentions: [...chosen, ...setAside],
      type,
      isInternal,
      replyTo: replyTo ? { id: replyTo.id, isInternal: replyTo.isInternal } : pendingReply,
      fieldId,
    });
  }, [userId, tenantId, cardId, content, chosen, setAside, type, isInternal, replyTo, pendingReply, fieldId]);

  useEffect(() => {
    if (!replyTo) return;
    if (replyTo.id === resumedReplyId.current) {
      resumedReplyId.current = null;
      return;
    }
    textarea.current?.focus();
  }, [replyTo]);

  // Internal on: people who cannot read internal comments (family guardians) are taken out of the
  // mentions, and told about in the live region; internal off again: they are put back.
  useEffect(() => {
    let isCurrent = true;
    if (internal && chosen.length > 0) {
      queryClient
        .fetchQuery(mentionableQueryOptions(tenantId, cardId, true))
        .then((readers) => {
          if (!isCurrent) return;
          const canRead = new Set(readers.map((person) => person.userId));
          const out = chosen.filter((person) => !canRead.has(person.userId));
          if (out.length === 0) return;
          setChosen((list) => list.filter((person) => canRead.has(person.userId)));
          setSetAside((list) => [...list, ...out]);
          setNotice(setAsideNotice(out));
        })
        // Not known now: the server checks the mentions when the comment is sent.
        .catch(() => undefined);
    } else if (!internal && setAside.length > 0) {
      setChosen((list) => [...list, ...setAside]);
      setSetAside([]);
      setNotice('');
    }
    return () => {
      isCurrent = false;
    };
  }, [internal, chosen, setAside, queryClient, tenantId, cardId]);

  const canSend = content.trim() !== '' && !add.isPending && pendingReply === null;

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
          ...(sentFieldId ? { fieldId: sentFieldId } : {}),
        },
        idempotencyKey: idempotencyKey.current,
      },
      {
        // On failure nothing is cleared: the text stays in the box (and in the draft) to send again.
        onSuccess: () => {
          idempotencyKey.current = null;
          setContent('');
          setChosen([]);
          setSetAside([]);
          setNotice('');
          setType('general');
          setIsInternal(false);
          setFieldId('');
          onCancelReply();
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      // Enter sends; with nothing to send it does nothing (no stray line break either).
      event.preventDefault();
      send();
    }
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
      <MentionTextarea
        textareaRef={textarea}
        id={ids.text}
        tenantId={tenantId}
        cardId={cardId}
        isInternal={internal}
        placeholder="Add a comment... Type @ to mention someone. Enter sends, Shift+Enter for a new line."
        value={content}
        onValueChange={(text) => {
          setContent(text);
          idempotencyKey.current = null;
        }}
        chosen={chosen}
        onChoose={(person) => {
          setChosen((list) => [...list, person]);
          idempotencyKey.current = null;
        }}
        onKeyDown={onKeyDown}
      />
      {/* Always in the page, so screen readers hear what is put in it; out of sight while empty. */}
      <p
        role="status"
        aria-live="polite"
        className={notice ? 'text-muted-foreground text-xs' : 'sr-only'}
        data-testid="composer-notice"
      >
        {notice}
      </p>
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
              value={sentFieldId}
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
        {showsInternalSwitch ? (
          <div className="flex items-center gap-1.5">
            <Switch
              id={ids.internal}
              checked={internal}
              onCheckedChange={setIsInternal}
              // The server makes a reply to an internal comment internal too; the switch says so.
              disabled={replyTo?.isInternal === true || pendingReply !== null}
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
