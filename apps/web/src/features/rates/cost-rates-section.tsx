import { useQuery } from '@tanstack/react-query';
import { membershipRoleLabels } from '@wattle/domain/auth/roles';
import { costRateText, readCostRate, type StaffCostRate } from '@wattle/domain/staff/cost-rates';
import { CheckIcon } from 'lucide-react';
import { type FocusEvent, type KeyboardEvent, useId, useState } from 'react';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SectionCard } from '@/ui/section-card';
import { costRateError, costRatesQueryOptions, useSetCostRate } from './cost-rates-api';

/**
 * One person's rate, edited in place: saved by its Save button, by Enter, or when focus leaves the
 * field and its button with the value changed. A refused value stays in the field with the reason beside it, so nothing typed is
 * lost; an empty field clears the rate.
 */
function CostRateRow({ person, tenantId }: { person: StaffCostRate; tenantId: string }) {
  const saving = useSetCostRate(tenantId);
  const [text, setText] = useState(() => costRateText(person.hourlyCostRateCents));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const statusId = `${inputId}-status`;

  function save() {
    if (saving.isPending) return;
    const read = readCostRate(text);
    if ('error' in read) {
      setError(read.error);
      setSaved(false);
      return;
    }
    if (read.cents === person.hourlyCostRateCents) {
      setError(null);
      setText(costRateText(read.cents));
      return;
    }
    saving.mutate(
      { userId: person.userId, cents: read.cents },
      {
        onSuccess: (result) => {
          setText(costRateText(result.hourlyCostRateCents));
          setError(null);
          setSaved(true);
        },
        onError: (failure) => {
          setError(costRateError(failure));
          setSaved(false);
        },
      },
    );
  }

  function onBlur(event: FocusEvent<HTMLFieldSetElement>) {
    // Focus moving between the field and its Save button is not leaving: the button saves by itself.
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    if (text !== costRateText(person.hourlyCostRateCents)) save();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    }
  }

  return (
    <tr className="border-b align-top last:border-0" data-testid="cost-rate-row">
      <th scope="row" className="py-2 pr-3 text-left font-normal">
        <span className="block font-medium">{person.name}</span>
        <span className="block break-all text-muted-foreground text-xs">{person.email}</span>
        <span className="block text-muted-foreground text-xs sm:hidden">
          {membershipRoleLabels[person.role]}
        </span>
      </th>
      <td className="hidden py-2 pr-3 sm:table-cell">{membershipRoleLabels[person.role]}</td>
      <td className="py-2">
        {/* The field and its Save button as one group: leaving both saves (focus moving between them does not). */}
        <fieldset className="m-0 flex min-w-0 items-center gap-2 border-0 p-0" onBlur={onBlur}>
          <legend className="sr-only">Cost rate of {person.name}</legend>
          <label htmlFor={inputId} className="sr-only">
            Hourly cost rate for {person.name}, in dollars
          </label>
          <div className="relative w-28 shrink-0">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 left-2.5 flex items-center text-muted-foreground text-sm"
            >
              $
            </span>
            <Input
              id={inputId}
              inputMode="decimal"
              autoComplete="off"
              placeholder="Not set"
              className="pl-6 text-right tabular-nums"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setSaved(false);
              }}
              onKeyDown={onKeyDown}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : statusId}
            />
          </div>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={save}
            disabled={saving.isPending}
            aria-label={`Save the hourly cost rate for ${person.name}`}
          >
            {saving.isPending ? 'Saving...' : 'Save'}
          </Button>
        </fieldset>
        {error ? (
          <p id={errorId} role="alert" className="mt-1 max-w-64 text-destructive text-xs">
            {error}
          </p>
        ) : (
          <p id={statusId} role="status" className="mt-1 text-muted-foreground text-xs">
            {saved ? (
              <span className="inline-flex items-center gap-1">
                <CheckIcon className="size-3" aria-hidden="true" />
                Saved
              </span>
            ) : null}
          </p>
        )}
      </td>
    </tr>
  );
}

/**
 * People's hourly cost rates (issue 17, settings user/rates), shown to owners and admins only: each
 * person of the organisation with what the organisation pays them an hour.
 */
export function CostRatesSection({ tenantId }: { tenantId: string }) {
  const people = useQuery(costRatesQueryOptions(tenantId));
  return (
    <SectionCard
      title="People's hourly cost rates"
      description="A cost rate is what the organisation pays the worker an hour, not what it bills: billing uses the time codes above. Leave a rate empty to clear it; rates run from $0.00 to $1,000.00 an hour."
    >
      {people.isPending ? (
        <LoadingStatus>Loading people's rates...</LoadingStatus>
      ) : people.isError ? (
        <LoadError
          title="Could not load people's hourly cost rates"
          error={people.error}
          onRetry={() => void people.refetch()}
        />
      ) : (
        <table className="w-full text-sm" data-testid="cost-rates">
          <caption className="sr-only">People's hourly cost rates</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground text-xs">
              <th scope="col" className="py-2 pr-3 font-medium">
                Person
              </th>
              <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                Role
              </th>
              <th scope="col" className="py-2 font-medium">
                Hourly cost rate
              </th>
            </tr>
          </thead>
          <tbody>
            {people.data.map((person) => (
              <CostRateRow key={person.userId} person={person} tenantId={tenantId} />
            ))}
          </tbody>
        </table>
      )}
    </SectionCard>
  );
}
