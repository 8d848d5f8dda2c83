import { globalSearchLimit, searchMessages, searchQueryMaxLength } from '@wattle/domain/search/rules';
import { FileTextIcon, Loader2Icon, SearchIcon } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { formatCalendarDate } from '@/features/cards/card-list-format';
import { Kbd } from '@/ui/kbd';
import { type SearchResult, useWorkItemSearch } from './api';
import { ResultOption, useActiveResult } from './result-list';

function SearchResultLine({ result }: { result: SearchResult }) {
  const facts = [
    result.assigneeName,
    result.dueDate ? `Due ${formatCalendarDate(result.dueDate)}` : null,
  ].filter(Boolean);
  return (
    <>
      <FileTextIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className="block truncate">{result.title}</span>
        {facts.length > 0 ? (
          <span className="block truncate text-muted-foreground text-xs">{facts.join(' · ')}</span>
        ) : null}
      </span>
      <span className="shrink-0 font-mono text-muted-foreground text-xs">{result.workItemId}</span>
    </>
  );
}

/**
 * What the global search dialog holds: the field, the status line and the results. Mounted while
 * the dialog is open, so each opening starts with an empty search. Its code loads when the dialog
 * first opens (global-search-dialog.tsx, in the shell, holds only the dialog and its opener).
 */
export function SearchPanel({ onOpenResult }: { onOpenResult: (result: SearchResult) => void }) {
  const [text, setText] = useState('');
  const { query, results, isUpdating } = useWorkItemSearch(text, globalSearchLimit);
  const fieldRef = useRef<HTMLInputElement>(null);
  const { active, setActiveIndex, listId, optionId, step } = useActiveResult(results);

  useEffect(() => {
    // The dialog keeps focus while this code loads on its first opening; the field takes it on arrival.
    fieldRef.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (results.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      step(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      const result = results[active];
      if (result) {
        event.preventDefault();
        onOpenResult(result);
      }
    }
  };

  // A failed search shows as an empty result (spec work section 8).
  let status: ReactNode;
  if (query.length === 0) {
    status = searchMessages.dialog.idle;
  } else if (isUpdating) {
    status = (
      <span className="inline-flex items-center gap-2">
        <Loader2Icon className="size-3.5 animate-spin" aria-hidden="true" />
        {searchMessages.dialog.updating}
      </span>
    );
  } else if (results.length === 0) {
    status = searchMessages.dialog.empty;
  } else {
    status = searchMessages.dialog.count(results.length);
  }

  return (
    <>
      <div className="flex items-center gap-2 border-b pr-12 pl-4">
        <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <input
          ref={fieldRef}
          type="search"
          role="combobox"
          aria-label="Search across this organisation"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          placeholder={searchMessages.dialog.placeholder}
          maxLength={searchQueryMaxLength}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          spellCheck={false}
          className="h-12 w-full min-w-0 bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm [&::-webkit-search-cancel-button]:hidden"
        />
      </div>

      <div className="flex max-h-[min(60svh,28rem)] min-h-24 flex-col gap-2 overflow-y-auto p-2">
        <p
          role="status"
          className="px-2 py-1.5 text-muted-foreground text-sm empty:hidden"
          data-testid="search-status"
        >
          {status}
        </p>

        <div id={listId} role="listbox" aria-label="Search results" className="flex flex-col gap-0.5">
          {results.map((result, index) => (
            <ResultOption
              key={result.id}
              id={optionId(index)}
              isActive={index === active}
              onOpen={() => onOpenResult(result)}
              onHover={() => setActiveIndex(index)}
              className="items-center gap-3"
              testId="search-result"
            >
              <SearchResultLine result={result} />
            </ResultOption>
          ))}
        </div>
      </div>

      <div className="hidden items-center gap-4 border-t px-4 py-2 text-muted-foreground text-xs sm:flex">
        <span className="inline-flex items-center gap-1">
          <Kbd>↑</Kbd>
          <Kbd>↓</Kbd> to move
        </span>
        <span className="inline-flex items-center gap-1">
          <Kbd>Enter</Kbd> to open
        </span>
        <span className="inline-flex items-center gap-1">
          <Kbd>Esc</Kbd> to close
        </span>
      </div>
    </>
  );
}
