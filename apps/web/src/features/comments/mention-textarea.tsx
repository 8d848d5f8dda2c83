import { useQuery } from '@tanstack/react-query';
import { commentMaxLength } from '@wattle/domain/comments/constants';
import { type ChangeEvent, type KeyboardEvent, type RefObject, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { mentionableQueryOptions } from './api';
import {
  activeMentionQuery,
  type ChosenMention,
  filterMentionable,
  insertMention,
  type MentionQuery,
} from './mentions';

export const commentTextareaClasses =
  'w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs outline-none transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-50';

export interface MentionTextareaProps {
  tenantId: string;
  cardId: string;
  /** The comment is internal: only people who may read internal comments are offered. */
  isInternal: boolean;
  value: string;
  onValueChange: (value: string) => void;
  /** The people mentioned so far: a name already chosen at an '@' is not searched again. */
  chosen: readonly ChosenMention[];
  /** Someone was picked from the list; the text already holds '@Name '. */
  onChoose: (person: ChosenMention) => void;
  /** Keys the list did not take (Enter to send, Escape to cancel an edit...). */
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  id?: string;
  'aria-labelledby'?: string;
  placeholder?: string;
  className?: string;
  autoFocus?: boolean;
}

/**
 * A comment's text box with the '@' picker, shared by the composer and the edit box. It follows the
 * ARIA combobox pattern: the textarea is the combobox (aria-expanded, aria-controls naming the list,
 * aria-activedescendant naming the highlighted person) and keeps the focus; the arrows move through
 * the list, Enter or Tab picks, Escape closes it until another '@' is typed. The list is always in
 * the page (hidden while closed) so aria-controls always names it.
 */
export function MentionTextarea({
  tenantId,
  cardId,
  isInternal,
  value,
  onValueChange,
  chosen,
  onChoose,
  onKeyDown,
  textareaRef,
  id,
  'aria-labelledby': labelledBy,
  placeholder,
  className,
  autoFocus,
}: MentionTextareaProps) {
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const textarea = textareaRef ?? ownRef;
  const listId = useId();
  const [caret, setCaret] = useState(0);
  // The '@' the person closed the list for with Escape: it stays closed until they type another.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [highlighted, setHighlighted] = useState(0);

  const mention: MentionQuery | null = (() => {
    const found = activeMentionQuery(value, caret);
    if (!found || found.start === dismissedAt) return null;
    // A name already chosen at this '@' is complete: what follows is the comment, not a search.
    const isChosen = chosen.some((person) => value.startsWith(`@${person.name}`, found.start));
    return isChosen ? null : found;
  })();
  const people = useQuery({
    ...mentionableQueryOptions(tenantId, cardId, isInternal),
    enabled: mention !== null,
  });
  const candidates = mention && people.data ? filterMentionable(people.data, mention.query).slice(0, 8) : [];
  const isListOpen = mention !== null && candidates.length > 0;
  const active = Math.min(highlighted, Math.max(candidates.length - 1, 0));
  const optionId = (index: number) => `${listId}-${index}`;

  const choose = (index: number) => {
    const person = candidates[index];
    if (!mention || !person) return;
    const next = insertMention(value, mention, person.name);
    onValueChange(next.text);
    onChoose({ userId: person.userId, name: person.name });
    setCaret(next.caret);
    setHighlighted(0);
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
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
    onKeyDown?.(event);
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    onValueChange(event.target.value);
    setCaret(event.target.selectionStart);
    setHighlighted(0);
    if (dismissedAt !== null && event.target.value[dismissedAt] !== '@') setDismissedAt(null);
  };

  return (
    <div className="relative">
      <textarea
        ref={textarea}
        id={id}
        role="combobox"
        aria-labelledby={labelledBy}
        aria-autocomplete="list"
        aria-haspopup="listbox"
        aria-expanded={isListOpen}
        aria-controls={listId}
        aria-activedescendant={isListOpen ? optionId(active) : undefined}
        className={cn(commentTextareaClasses, 'min-h-20', className)}
        placeholder={placeholder}
        value={value}
        maxLength={commentMaxLength}
        // biome-ignore lint/a11y/noAutofocus: only the edit box asks, right after the person chose Edit.
        autoFocus={autoFocus}
        onChange={onChange}
        onKeyDown={handleKeyDown}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onBlur={() => setDismissedAt(mention?.start ?? dismissedAt)}
        onFocus={() => setDismissedAt(null)}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="People to mention"
        hidden={!isListOpen}
        className={cn(
          isListOpen
            ? 'absolute top-full left-0 z-20 mt-1 flex max-h-64 w-72 max-w-full flex-col overflow-y-auto rounded-md border bg-card p-1 shadow-lg'
            : 'hidden',
        )}
        data-testid="mention-list"
      >
        {isListOpen
          ? candidates.map((person, index) => (
              // Focus stays in the textarea, which handles the keys and names the active option through
              // aria-activedescendant; options take the pointer only.
              <div
                key={person.userId}
                id={optionId(index)}
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
            ))
          : null}
      </div>
    </div>
  );
}
