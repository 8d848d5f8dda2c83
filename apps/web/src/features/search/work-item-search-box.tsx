import { useNavigate } from '@tanstack/react-router';
import { searchMessages, searchQueryMaxLength, workItemBoxLimit } from '@wattle/domain/search/rules';
import { Loader2Icon, SearchIcon } from 'lucide-react';
import { type FocusEvent, type KeyboardEvent, useRef, useState } from 'react';
import { formatCalendarDate } from '@/features/cards/card-list-format';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/org-dates';
import { type SearchResult, useWorkItemSearch } from './api';
import { ResultOption, useActiveResult } from './result-list';

/** Ctrl+K, or Cmd+K on a Mac: toggles this box's dropdown while the box has focus. */
function isToggleKey(event: KeyboardEvent): boolean {
  return (
    (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k'
  );
}

function WorkItemResult({ result }: { result: SearchResult }) {
  // The day in the tenant's time zone, as the search matches it (not the UTC day of createdAt).
  const created = formatDay(result.createdDate);
  return (
    <>
      <span className="flex items-baseline gap-2">
        <span className="min-w-0 flex-1 truncate font-medium">{result.title}</span>
        <span className="shrink-0 font-mono text-muted-foreground text-xs">{result.workItemId}</span>
      </span>
      {result.description ? (
        <span className="line-clamp-2 text-muted-foreground text-xs">{result.description}</span>
      ) : null}
      <span className="flex flex-wrap gap-x-3 text-muted-foreground text-xs">
        <span>{result.assigneeName ?? 'Unassigned'}</span>
        {result.dueDate ? <span>Due {formatCalendarDate(result.dueDate)}</span> : null}
        <span>Created {created}</span>
      </span>
    </>
  );
}

/**
 * The work-item search box of the top bar (spec work section 2): 'Search work items...', a dropdown
 * of at most 8 matches (400 px at most, then it scrolls) that opens as the box takes focus or text.
 * Ctrl/Cmd+K toggles the dropdown while the box has focus (elsewhere it opens the global search
 * dialog), Escape closes it, the arrow keys choose a match and Enter opens it at /card/{id}.
 */
export function WorkItemSearchBox({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const { query, results, isUpdating } = useWorkItemSearch(text, workItemBoxLimit);
  const rootRef = useRef<HTMLDivElement>(null);
  const { active, setActiveIndex, listId, optionId, step } = useActiveResult(results);

  const open = (result: SearchResult) => {
    setIsOpen(false);
    setText('');
    void navigate({ href: `/card/${encodeURIComponent(result.id)}` });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isToggleKey(event)) {
      // Handled here, so the global shortcut (the search dialog) leaves it alone.
      event.preventDefault();
      setIsOpen((was) => !was);
      return;
    }
    if (event.key === 'Escape') {
      if (isOpen) {
        event.preventDefault();
        setIsOpen(false);
      }
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) {
        setIsOpen(true);
        return;
      }
      step(event.key === 'ArrowDown' ? 1 : -1);
      return;
    }
    if (event.key === 'Enter' && isOpen) {
      const result = results[active];
      if (result) {
        event.preventDefault();
        open(result);
      }
    }
  };

  const onBlur = (event: FocusEvent) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setIsOpen(false);
  };

  let status: string;
  if (query.length === 0) status = searchMessages.box.idle;
  else if (isUpdating) status = searchMessages.box.searching;
  else if (results.length === 0) status = searchMessages.box.empty;
  else status = searchMessages.box.found(results.length);

  return (
    <div ref={rootRef} className={cn('relative', className)}>
      <SearchIcon
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
        aria-hidden="true"
      />
      <input
        type="search"
        role="combobox"
        aria-label="Search work items"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={isOpen && active >= 0 ? optionId(active) : undefined}
        aria-keyshortcuts="Control+K Meta+K"
        placeholder={searchMessages.box.placeholder}
        maxLength={searchQueryMaxLength}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setIsOpen(true);
        }}
        onFocus={() => setIsOpen(true)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        autoComplete="off"
        spellCheck={false}
        className="h-9 w-full min-w-0 rounded-md border border-input bg-transparent pr-3 pl-8 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-search-cancel-button]:hidden"
        data-testid="work-item-search-input"
      />
      {isOpen ? (
        <div
          className="absolute top-full right-0 z-40 mt-1 flex max-h-[400px] w-full min-w-[22rem] flex-col rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
          data-testid="work-item-search-dropdown"
        >
          <p
            role="status"
            className="flex items-center gap-2 px-3 py-2 text-muted-foreground text-xs"
            data-testid="work-item-search-status"
          >
            {isUpdating ? <Loader2Icon className="size-3.5 animate-spin" aria-hidden="true" /> : null}
            {status}
          </p>
          {/* The list scrolls past 400 px; pressing its scroll bar must not take focus from the box. */}
          <div
            id={listId}
            role="listbox"
            aria-label="Work items found"
            onMouseDown={(event) => event.preventDefault()}
            className="flex min-h-0 flex-col gap-0.5 overflow-y-auto"
          >
            {results.map((result, index) => (
              <ResultOption
                key={result.id}
                id={optionId(index)}
                isActive={index === active}
                onOpen={() => open(result)}
                onHover={() => setActiveIndex(index)}
                className="flex-col gap-0.5"
                testId="work-item-search-result"
              >
                <WorkItemResult result={result} />
              </ResultOption>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
