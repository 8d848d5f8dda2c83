import {
  type InvoiceStatus,
  invoiceStatuses,
  invoiceStatusLabels,
  type PayerKind,
  payerKindLabels,
  payerKinds,
} from '@wattle/domain/invoices/schemas';
import { useId } from 'react';
import { ParticipantPicker } from '@/features/participants/participant-picker';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { DateInput } from '@/ui/date-input';
import { isIsoDate } from '@/ui/date-text';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { Popover, PopoverContent, PopoverTrigger } from '@/ui/popover';
import { type InvoiceListSearch, isInvoiceListFiltered } from './invoice-list-search';

/**
 * The filters the board and the list share (issue 15 part 3): statuses (several), participant,
 * payer, period and overdue only. Each change goes into the address.
 */
export function InvoiceFilters({
  tenantId,
  search,
  onChange,
}: {
  tenantId: string;
  search: InvoiceListSearch;
  onChange: (changes: Partial<InvoiceListSearch>) => void;
}) {
  const id = useId();
  const chosen = new Set(search.status ?? []);
  const toggleStatus = (status: InvoiceStatus, on: boolean) => {
    const next = invoiceStatuses.filter((candidate) => (candidate === status ? on : chosen.has(candidate)));
    onChange({ status: next.length > 0 ? next : undefined, page: undefined });
  };
  const statusText =
    chosen.size === 0
      ? 'All statuses'
      : chosen.size <= 2
        ? [...chosen].map((status) => invoiceStatusLabels[status]).join(', ')
        : `${chosen.size} statuses`;

  return (
    <fieldset className="grid min-w-0 grid-cols-2 gap-2 lg:flex lg:flex-wrap lg:items-end">
      <legend className="sr-only">Filter invoices</legend>
      <div className="col-span-2 flex min-w-0 flex-col gap-1 sm:col-span-1 lg:w-48">
        <span id={`${id}-status`} className="font-medium text-sm leading-none">
          Status
        </span>
        <Popover>
          <PopoverTrigger asChild>
            <Button
              variant="outline"
              className="justify-between font-normal"
              aria-labelledby={`${id}-status ${id}-status-value`}
              data-testid="invoice-status-filter"
            >
              <span id={`${id}-status-value`} className="truncate">
                {statusText}
              </span>
            </Button>
          </PopoverTrigger>
          <PopoverContent align="start" className="w-56 p-2">
            <fieldset className="flex flex-col gap-1">
              <legend className="sr-only">Statuses to show</legend>
              {invoiceStatuses.map((status) => (
                <div key={status} className="flex items-center gap-2 rounded-sm px-1 py-1">
                  <Checkbox
                    id={`${id}-status-${status}`}
                    checked={chosen.has(status)}
                    onCheckedChange={(checked) => toggleStatus(status, checked === true)}
                  />
                  <Label htmlFor={`${id}-status-${status}`} className="font-normal">
                    {invoiceStatusLabels[status]}
                  </Label>
                </div>
              ))}
            </fieldset>
          </PopoverContent>
        </Popover>
      </div>
      <div className="col-span-2 flex min-w-0 flex-col gap-1 sm:col-span-1 lg:w-64">
        <span id={`${id}-participant`} className="font-medium text-sm leading-none">
          Participant
        </span>
        <div className="flex h-9 items-center rounded-md border px-2">
          <ParticipantPicker
            tenantId={tenantId}
            participantId={search.participant ?? null}
            participantName={search.participantName ?? null}
            disabled={false}
            canOpen={false}
            labelledBy={`${id}-participant`}
            onChange={(participantId, name) =>
              onChange({
                participant: participantId ?? undefined,
                participantName: name ?? undefined,
                page: undefined,
              })
            }
          />
        </div>
      </div>
      <div className="flex min-w-0 flex-col gap-1 lg:w-52">
        <Label htmlFor={`${id}-payer`}>Payer</Label>
        <NativeSelect
          id={`${id}-payer`}
          value={search.payer ?? ''}
          onChange={(event) =>
            onChange({ payer: (event.target.value || undefined) as PayerKind | undefined, page: undefined })
          }
        >
          <option value="">All payers</option>
          {payerKinds.map((kind) => (
            <option key={kind} value={kind}>
              {payerKindLabels[kind]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex min-w-0 flex-col gap-1 lg:w-40">
        <Label htmlFor={`${id}-from`}>Period from</Label>
        <DateInput
          id={`${id}-from`}
          value={search.from ?? ''}
          onChange={(from) => {
            // Only a whole date (or none) filters: half-typed text waits in the box.
            if (from === '' || isIsoDate(from)) onChange({ from: from || undefined, page: undefined });
          }}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1 lg:w-40">
        <Label htmlFor={`${id}-to`}>Period to</Label>
        <DateInput
          id={`${id}-to`}
          value={search.to ?? ''}
          onChange={(to) => {
            if (to === '' || isIsoDate(to)) onChange({ to: to || undefined, page: undefined });
          }}
        />
      </div>
      <div className="flex h-9 items-center gap-2">
        <Checkbox
          id={`${id}-overdue`}
          checked={search.overdue === true}
          onCheckedChange={(checked) =>
            onChange({ overdue: checked === true ? true : undefined, page: undefined })
          }
        />
        <Label htmlFor={`${id}-overdue`}>Overdue only</Label>
      </div>
      {isInvoiceListFiltered(search) ? (
        <Button
          variant="ghost"
          size="sm"
          className="h-9 justify-self-start"
          onClick={() =>
            onChange({
              status: undefined,
              participant: undefined,
              participantName: undefined,
              payer: undefined,
              from: undefined,
              to: undefined,
              overdue: undefined,
              page: undefined,
            })
          }
        >
          Clear filters
        </Button>
      ) : null}
    </fieldset>
  );
}
