import { useQuery } from '@tanstack/react-query';
import { type SortingState, type Updater, useTable } from '@tanstack/react-table';
import type { InvoiceSummary } from '@wattle/domain/invoices/schemas';
import { useEffect, useMemo, useState } from 'react';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SortableHeaderCell } from '@/ui/sortable-header-cell';
import { useViewport } from '@/ui/use-viewport';
import { invoicesQueryOptions } from './api';
import { InvoiceBulkActions } from './invoice-bulk-actions';
import { invoiceColumns, invoiceTableFeatures, mobileInvoiceColumnIds } from './invoice-columns';
import {
  type InvoiceListSearch,
  type InvoiceSortKey,
  invoiceListRequestOf,
  invoicePageSize,
} from './invoice-list-search';

/**
 * The invoice list (issue 15 part 3): sorted, filtered and paged by the server, with a checkbox per
 * row for the bulk actions of those who manage invoices.
 */
export function InvoiceList({
  tenantId,
  search,
  canManage,
  onSearch,
}: {
  tenantId: string;
  search: InvoiceListSearch;
  canManage: boolean;
  onSearch: (changes: Partial<InvoiceListSearch>) => void;
}) {
  const request = invoiceListRequestOf(search);
  const list = useQuery(invoicesQueryOptions(tenantId, request));
  const rows = useMemo(() => list.data?.data ?? [], [list.data]);
  const total = list.data?.meta.total ?? 0;
  const page = search.page ?? 1;
  const pages = Math.max(1, Math.ceil(total / invoicePageSize));
  const isMobile = useViewport() === 'mobile';

  // Selection is by id, over the rows in sight: a new page, sort or filter starts afresh.
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const requestKey = JSON.stringify(request);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the request is the trigger.
  useEffect(() => setSelectedIds(new Set()), [requestKey]);
  const selected = rows.filter((row) => selectedIds.has(row.id));
  const toggle = (id: string, on: boolean) =>
    setSelectedIds((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const sorting: SortingState = [{ id: request.sort ?? 'number', desc: request.order === 'desc' }];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const [first] = next;
    if (!first) return;
    onSearch({ sort: first.id as InvoiceSortKey, order: first.desc ? 'desc' : 'asc', page: undefined });
  };
  const table = useTable({
    features: invoiceTableFeatures,
    columns: invoiceColumns,
    data: rows,
    getRowId: (row: InvoiceSummary) => row.id,
    state: { sorting },
    onSortingChange,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
  });
  const headers = (table.getHeaderGroups()[0]?.headers ?? []).filter(
    (header) => !isMobile || mobileInvoiceColumnIds.has(header.column.id),
  );

  if (list.isPending) return <LoadingStatus>Loading invoices...</LoadingStatus>;
  if (list.isError && rows.length === 0) {
    return (
      <LoadError title="Could not load the invoices" error={list.error} onRetry={() => void list.refetch()} />
    );
  }

  const allSelected = rows.length > 0 && selected.length === rows.length;

  return (
    <div className="flex min-w-0 flex-col gap-3">
      {canManage ? (
        <InvoiceBulkActions
          tenantId={tenantId}
          selected={selected}
          onDone={() => setSelectedIds(new Set())}
        />
      ) : null}
      <p className="text-muted-foreground text-sm" role="status" data-testid="invoice-count">
        {total === 1 ? '1 invoice' : `${total.toLocaleString('en-AU')} invoices`}
        {list.isFetching ? ' (updating…)' : ''}
      </p>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-muted-foreground text-sm">
          No invoices match these filters.
        </p>
      ) : (
        <div className="min-w-0 overflow-x-auto rounded-lg border bg-card">
          <table aria-label="Invoices" className="w-full text-sm">
            <thead className="border-b bg-muted text-left text-muted-foreground text-xs">
              <tr>
                {canManage ? (
                  <th scope="col" className="w-10 px-3 py-1">
                    <Checkbox
                      aria-label="Select all invoices on this page"
                      checked={allSelected ? true : selected.length > 0 ? 'indeterminate' : false}
                      onCheckedChange={(checked) =>
                        setSelectedIds(checked === true ? new Set(rows.map((row) => row.id)) : new Set())
                      }
                    />
                  </th>
                ) : null}
                {headers.map((header) => (
                  <SortableHeaderCell
                    key={header.id}
                    sorted={header.column.getIsSorted()}
                    canSort={header.column.getCanSort()}
                    onToggle={header.column.getToggleSortingHandler()}
                  >
                    <table.FlexRender header={header} />
                  </SortableHeaderCell>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  data-testid="invoice-row"
                  className={cn(
                    'border-b last:border-b-0 hover:bg-muted/40',
                    selectedIds.has(row.id) && 'bg-accent/40',
                  )}
                >
                  {canManage ? (
                    <td className="px-3 py-2">
                      <Checkbox
                        aria-label={`Select ${row.original.invoiceNumber}`}
                        checked={selectedIds.has(row.id)}
                        onCheckedChange={(checked) => toggle(row.id, checked === true)}
                      />
                    </td>
                  ) : null}
                  {row
                    .getAllCells()
                    .filter((cell) => !isMobile || mobileInvoiceColumnIds.has(cell.column.id))
                    .map((cell) => (
                      <td key={cell.id} className="max-w-64 px-3 py-2">
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label="Invoice pages" className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => onSearch({ page: page - 1 > 1 ? page - 1 : undefined })}
          >
            Previous
          </Button>
          <span className="text-muted-foreground text-sm">
            Page {page} of {pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pages}
            onClick={() => onSearch({ page: page + 1 })}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
