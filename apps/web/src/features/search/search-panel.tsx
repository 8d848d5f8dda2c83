import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AlertCircleIcon, FileTextIcon, InfoIcon, Loader2Icon, SearchIcon } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { Button } from '@/ui/button';
import { Kbd } from '@/ui/kbd';
import { isSearchUnavailable, type SearchResult, searchDebounceMs, searchQueryOptions } from './api';
import { useDebouncedValue } from './use-debounced-value';

function resultCountText(count: number): string {
  return `${count} result(s)`;
}

function SearchResultOption({
  id,
  result,
  isActive,
  onOpen,
  onHover,
}: {
  id: string;
  result: SearchResult;
  isActive: boolean;
  onOpen: () => void;
  onHover: () => void;
}) {
  return (
    // The listbox pattern: focus stays in the search field and the active option is announced
    // through aria-activedescendant, so options take clicks but not focus.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the search field handles the keys for every option
    <div
      id={id}
      role="option"
      aria-selected={isActive}
      tabIndex={-1}
      onClick={onOpen}
      onMouseMove={onHover}
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm',
        isActive ? 'bg-accent text-accent-foreground' : 'text-foreground',
      )}
      data-testid="search-result"
    >
      <FileTextIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="min-w-0 flex-1 truncate">{result.title}</span>
      {result.teamName ? (
        <span className="hidden truncate text-muted-foreground text-xs sm:inline">{result.teamName}</span>
      ) : null}
      {result.workItemId ? (
        <span className="shrink-0 font-mono text-muted-foreground text-xs">{result.workItemId}</span>
      ) : null}
    </div>
  );
}

/**
 * What the global search dialog holds: the field, the status line and the results. Mounted while
 * the dialog is open, so each opening starts with an empty search. Its code loads when the dialog
 * first opens (global-search-dialog.tsx, in the shell, holds only the dialog and its opener).
 */
export function SearchPanel({ onOpenResult }: { onOpenResult: (result: SearchResult) => void }) {
  const tenantId = useCurrentTenantId();
  const [text, setText] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const query = text.trim();
  const debouncedQuery = useDebouncedValue(query, searchDebounceMs);
  const search = useQuery({
    ...searchQueryOptions(tenantId ?? '', debouncedQuery),
    enabled: Boolean(tenantId) && debouncedQuery.length > 0,
    placeholderData: keepPreviousData,
  });
  const ids = useId();
  const listId = `${ids}-results`;
  const fieldRef = useRef<HTMLInputElement>(null);
  const optionId = (index: number) => `${ids}-result-${index}`;

  const isUnavailable = search.isError && isSearchUnavailable(search.error);
  const isUpdating = query.length > 0 && (query !== debouncedQuery || search.isFetching);
  const results = query.length > 0 && !search.isError ? (search.data ?? []) : [];
  const active = results.length > 0 ? Math.min(activeIndex, results.length - 1) : -1;

  useEffect(() => {
    // A new answer starts at its first result.
    if (search.data) setActiveIndex(0);
  }, [search.data]);

  useEffect(() => {
    // The dialog keeps focus while this code loads on its first opening; the field takes it on arrival.
    fieldRef.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (results.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((active + step + results.length) % results.length);
      document.getElementById(optionId((active + step + results.length) % results.length))?.scrollIntoView({
        block: 'nearest',
      });
    } else if (event.key === 'Enter') {
      const result = results[active];
      if (result) {
        event.preventDefault();
        onOpenResult(result);
      }
    }
  };

  let status: ReactNode = null;
  if (query.length === 0) {
    status = 'Start typing to search work items across your tenant...';
  } else if (search.isError) {
    // The note or the error below says what happened.
  } else if (isUpdating) {
    status = (
      <span className="inline-flex items-center gap-2">
        <Loader2Icon className="size-3.5 animate-spin" aria-hidden="true" />
        Updating...
      </span>
    );
  } else if (results.length === 0) {
    status = 'No matches found';
  } else {
    status = resultCountText(results.length);
  }

  return (
    <>
      <div className="flex items-center gap-2 border-b pr-12 pl-4">
        <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <input
          ref={fieldRef}
          type="search"
          role="combobox"
          aria-label="Search across this tenant"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          placeholder="Search across this tenant..."
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

        {isUnavailable ? (
          <div
            className="mx-2 mb-2 flex items-start gap-3 rounded-lg border bg-muted/50 p-3 text-sm"
            role="note"
            aria-label="Search is not available yet"
          >
            <InfoIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <div>
              <p className="font-medium">Search results arrive with work cards.</p>
              <p className="mt-1 text-muted-foreground">
                Searching work items by title, description, assignee, dates and field values starts once work
                cards are part of Wattle.
              </p>
            </div>
          </div>
        ) : search.isError ? (
          <div className="mx-2 mb-2 flex items-start gap-3 rounded-lg border border-destructive/30 bg-red-50 p-3 text-destructive text-sm">
            <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div role="alert">
              <p className="font-medium">Search failed</p>
              <p className="mt-1">{search.error.message}</p>
              <Button variant="outline" size="sm" className="mt-2" onClick={() => void search.refetch()}>
                Try again
              </Button>
            </div>
          </div>
        ) : null}

        <div id={listId} role="listbox" aria-label="Search results" className="flex flex-col gap-0.5">
          {results.map((result, index) => (
            <SearchResultOption
              key={result.id}
              id={optionId(index)}
              result={result}
              isActive={index === active}
              onOpen={() => onOpenResult(result)}
              onHover={() => setActiveIndex(index)}
            />
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
