import { useQuery } from '@tanstack/react-query';
import { SearchIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useDebouncedValue } from '@/features/search/use-debounced-value';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { RadioGroup, RadioGroupItem } from '@/ui/radio-group';
import { participantsWithoutTeamQueryOptions } from './api';
import type { WizardDraft } from './wizard-draft';

/**
 * Step 1's other choice: one of the tenant's participants who has no care team yet (a participant
 * belongs to at most one team). The search asks the server; 300 ms after typing stops, as the
 * spec's searches do.
 */
export function ParticipantPicker({ tenantId }: { tenantId: string }) {
  const { control } = useFormContext<WizardDraft>();
  const { field, fieldState } = useController({ control, name: 'existingParticipant' });
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, 300);
  const participants = useQuery(participantsWithoutTeamQueryOptions(tenantId, q));
  const base = useId();
  const selected = field.value;
  const list = participants.data ?? [];
  // The chosen one stays listed while a search would hide it.
  const options: { id: string; name: string; ndisNumber?: string | null }[] =
    selected && !list.some((p) => p.id === selected.id) ? [selected, ...list] : list;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${base}-search`}>Search participants without a team</Label>
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={`${base}-search`}
            type="search"
            className="pl-8"
            value={search}
            placeholder="Name or NDIS number"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      {participants.isPending ? (
        <LoadingStatus>Loading participants...</LoadingStatus>
      ) : participants.isError ? (
        <LoadError
          title="Could not load the participants"
          error={participants.error}
          onRetry={() => void participants.refetch()}
        />
      ) : options.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
          {q.trim()
            ? 'No participant without a team matches this search.'
            : 'Every participant already has a care team. Add a new participant instead.'}
        </p>
      ) : (
        <RadioGroup
          aria-labelledby={`${base}-legend`}
          aria-invalid={fieldState.error ? true : undefined}
          aria-describedby={fieldState.error ? `${base}-error` : undefined}
          value={selected?.id ?? ''}
          onValueChange={(id) => {
            const chosen = options.find((p) => p.id === id);
            if (chosen) field.onChange({ id: chosen.id, name: chosen.name });
          }}
          className="max-h-80 gap-2 overflow-y-auto"
        >
          <span id={`${base}-legend`} className="sr-only">
            Participant
          </span>
          {options.map((participant) => (
            <Label
              key={participant.id}
              htmlFor={`${base}-${participant.id}`}
              className="flex cursor-pointer items-center gap-3 rounded-lg border p-3 font-normal has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/60"
            >
              <RadioGroupItem id={`${base}-${participant.id}`} value={participant.id} />
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className="truncate font-medium">{participant.name}</span>
                {participant.ndisNumber ? (
                  <span className="text-muted-foreground text-xs">NDIS {participant.ndisNumber}</span>
                ) : null}
              </span>
            </Label>
          ))}
        </RadioGroup>
      )}
      {fieldState.error?.message ? (
        <p id={`${base}-error`} className="text-destructive text-sm">
          {fieldState.error.message}
        </p>
      ) : null}
    </div>
  );
}
