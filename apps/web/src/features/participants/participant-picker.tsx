import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckIcon, ChevronsUpDownIcon, SearchIcon } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useDebouncedValue } from '@/features/search/use-debounced-value';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { LazyPopover, LazyPopoverContent, LazyPopoverTrigger } from '@/ui/lazy-popover';
import { participantPickerQueryOptions } from './api';

/**
 * A card's participant (issue 13 part 3): the name links to the participant's page; those who may
 * change the card pick another from the participants they may read (searched by the server, 300 ms
 * after typing stops) or choose "No participant".
 */
export function ParticipantPicker({
  tenantId,
  participantId,
  participantName,
  disabled,
  canOpen,
  labelledBy,
  onChange,
}: {
  tenantId: string;
  participantId: string | null;
  /** The current participant's name when known. */
  participantName: string | null;
  disabled: boolean;
  /** The caller may open the participant's page (else the name is plain text). */
  canOpen: boolean;
  /** The id of the label that names the picker. */
  labelledBy: string;
  onChange: (participantId: string | null, name: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, 300);
  const results = useQuery({ ...participantPickerQueryOptions(tenantId, q), enabled: open });
  const listId = useId();
  const searchId = useId();
  const list = useRef<HTMLUListElement>(null);

  const choose = (id: string | null, name: string | null) => {
    setOpen(false);
    setSearch('');
    if (id !== participantId) onChange(id, name);
  };

  const focusOption = (index: number) => {
    const options = list.current?.querySelectorAll<HTMLButtonElement>('button[data-option]');
    if (!options || options.length === 0) return;
    options[Math.max(0, Math.min(index, options.length - 1))]?.focus();
  };
  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const options = [...(list.current?.querySelectorAll<HTMLButtonElement>('button[data-option]') ?? [])];
    const index = options.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusOption(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (index <= 0) document.getElementById(searchId)?.focus();
      else focusOption(index - 1);
    }
  };

  const current = !participantId ? (
    <span className="text-muted-foreground text-sm">No participant</span>
  ) : !canOpen ? (
    <span className="min-w-0 truncate text-sm">{participantName ?? 'A participant'}</span>
  ) : (
    <Link
      to="/participants/$participantId"
      params={{ participantId }}
      preload={false}
      className="min-w-0 truncate text-sm underline underline-offset-4"
      data-testid="card-participant-link"
    >
      {participantName ?? 'Open participant'}
    </Link>
  );

  if (disabled) return <div className="flex min-h-9 min-w-0 items-center">{current}</div>;

  return (
    <div className="flex min-w-0 items-center gap-1">
      <div className="flex min-w-0 flex-1 items-center">{current}</div>
      <LazyPopover open={open} onOpenChange={setOpen}>
        <LazyPopoverTrigger>
          <Button
            variant="ghost"
            size="sm"
            className="shrink-0 px-2"
            aria-labelledby={`${labelledBy} ${listId}-change`}
            data-testid="card-participant-change"
          >
            <span id={`${listId}-change`}>Change</span>
            <ChevronsUpDownIcon aria-hidden="true" />
          </Button>
        </LazyPopoverTrigger>
        <LazyPopoverContent align="end" className="w-80 p-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor={searchId} className="sr-only">
              Search participants
            </Label>
            <div className="relative">
              <SearchIcon
                className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id={searchId}
                type="search"
                autoFocus
                className="pl-8"
                placeholder="Name or NDIS number"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'ArrowDown') {
                    event.preventDefault();
                    focusOption(0);
                  }
                }}
              />
            </div>
            {/* Arrow keys move between the options' buttons. */}
            <ul
              ref={list}
              id={listId}
              aria-label="Participants"
              className="flex max-h-72 flex-col overflow-y-auto"
              onKeyDown={onListKeyDown}
            >
              <li>
                <PickerOption isSelected={participantId === null} onClick={() => choose(null, null)}>
                  <span className="text-muted-foreground">No participant</span>
                </PickerOption>
              </li>
              {results.isPending ? (
                <li className="px-2 py-1.5 text-muted-foreground text-sm" role="status">
                  Loading participants...
                </li>
              ) : results.isError ? (
                <li className="px-2 py-1.5 text-destructive text-sm" role="alert">
                  Could not load the participants. {results.error.message}
                </li>
              ) : results.data.length === 0 ? (
                <li className="px-2 py-1.5 text-muted-foreground text-sm">No participants match.</li>
              ) : (
                results.data.map((participant) => (
                  <li key={participant.id}>
                    <PickerOption
                      isSelected={participant.id === participantId}
                      onClick={() => choose(participant.id, participant.name)}
                    >
                      <span className="min-w-0 flex-1 truncate">{participant.name}</span>
                      {participant.teamName ? (
                        <span className="max-w-[45%] truncate text-muted-foreground text-xs">
                          {participant.teamName}
                        </span>
                      ) : null}
                    </PickerOption>
                  </li>
                ))
              )}
            </ul>
          </div>
        </LazyPopoverContent>
      </LazyPopover>
    </div>
  );
}

function PickerOption({
  isSelected,
  onClick,
  children,
}: {
  isSelected: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-option
      aria-pressed={isSelected}
      onClick={onClick}
      className={cn(
        'flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
      )}
    >
      <CheckIcon className={cn('size-4 shrink-0', !isSelected && 'invisible')} aria-hidden="true" />
      {children}
    </button>
  );
}
