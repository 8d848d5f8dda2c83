import { useQuery } from '@tanstack/react-query';
import { searchDebounceMs } from '@wattle/domain/search/rules';
import type { AustralianState, SupportItem } from '@wattle/domain/time/catalogue';
import { unitWord } from '@wattle/domain/time/time-codes';
import { CheckIcon, SearchIcon } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useDebouncedValue } from '@/features/search/use-debounced-value';
import { cn } from '@/lib/cn';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { supportItemsQueryOptions } from './api';
import { limitText, notBillableReason } from './rate-form';

/**
 * Choosing the support item of a new time code (or of an invoice line added by hand): the items in force today, searched by the server
 * (number prefix or words of the name) 300 ms after typing stops. Items that cannot be time codes
 * (capital supports, items not priced by the hour) are listed disabled with the reason. Arrow keys
 * move between the results.
 */
export function SupportItemPicker({
  tenantId,
  state,
  selected,
  onSelect,
  unavailableReason = notBillableReason,
  hint,
}: {
  tenantId: string;
  state: AustralianState;
  selected: SupportItem | null;
  onSelect: (item: SupportItem) => void;
  /**
   * Why an item cannot be chosen here, or null: by default what cannot be a time code (capital
   * supports, items not priced by the hour); an invoice line may take any item in force.
   */
  unavailableReason?: (item: SupportItem) => string | null;
  /** The line under the search box, when it should say more than where the items come from. */
  hint?: string;
}) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), searchDebounceMs);
  const results = useQuery(supportItemsQueryOptions(tenantId, q));
  const searchId = useId();
  const list = useRef<HTMLUListElement>(null);

  const options = () => [...(list.current?.querySelectorAll<HTMLButtonElement>('button[data-option]') ?? [])];
  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = options();
    const index = all.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      all[Math.min(index + 1, all.length - 1)]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (index <= 0) document.getElementById(searchId)?.focus();
      else all[index - 1]?.focus();
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={searchId}>Support item</Label>
      <div className="relative">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              options()[0]?.focus();
            }
          }}
          placeholder="Search by number (01_011) or name (self-care)"
          className="pl-8"
          aria-describedby={`${searchId}-hint`}
          autoComplete="off"
        />
      </div>
      <p id={`${searchId}-hint`} className="text-muted-foreground text-xs">
        {hint ?? `From the NDIS Support Catalogue in force today. Price limits are those of ${state}.`}
      </p>
      {results.isPending ? (
        <LoadingStatus>Searching the catalogue...</LoadingStatus>
      ) : results.isError ? (
        <LoadError
          title="Could not search the catalogue"
          error={results.error}
          onRetry={() => void results.refetch()}
        />
      ) : results.data.data.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-muted-foreground text-sm" role="status">
          {q ? `No support item matches “${q}”.` : 'No catalogue is in force yet. Import one below.'}
        </p>
      ) : (
        <>
          <ul
            ref={list}
            onKeyDown={onListKeyDown}
            aria-label="Support items"
            className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-md border p-1"
            data-testid="support-item-results"
          >
            {results.data.data.map((item) => {
              const reason = unavailableReason(item);
              const isSelected = selected?.number === item.number;
              return (
                <li key={`${item.number} ${item.startDate}`}>
                  <button
                    type="button"
                    data-option
                    disabled={reason !== null}
                    aria-pressed={isSelected}
                    title={reason ?? undefined}
                    onClick={() => onSelect(item)}
                    className={cn(
                      'flex w-full items-start gap-2 rounded px-2 py-1.5 text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60',
                      isSelected ? 'bg-accent' : 'hover:bg-accent/60',
                    )}
                  >
                    <CheckIcon
                      className={cn('mt-0.5 size-4 shrink-0', isSelected ? 'opacity-100' : 'opacity-0')}
                      aria-hidden="true"
                    />
                    <span className="flex min-w-0 flex-col">
                      <span className="font-mono text-xs">{item.number}</span>
                      <span className="min-w-0">{item.name}</span>
                      <span className="text-muted-foreground text-xs">
                        {reason ??
                          `Per ${unitWord(item.unit)} · ${limitText(item.priceLimitsCents[state], state)}`}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          {results.data.meta.total > results.data.data.length ? (
            <p className="text-muted-foreground text-xs">
              Showing {results.data.data.length} of {results.data.meta.total}: type more to narrow the list.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
